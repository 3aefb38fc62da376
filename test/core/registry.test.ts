import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  createToolwireService,
  FINDING_CODES,
  FORMAT_IDS,
  FORMATS,
  isMcpFormat,
  parseConfig,
  type ClientId,
} from '../../server/src/core';
import { ALL_PROVIDER_IDS } from '../../server/src/core/profiles/providers';
import { CLIENTS } from '../../server/src/core/clients/profiles';
import type { ClientProfile } from '../../server/src/core/clients/profiles';
import { outcomes } from '../../server/src/core/clients/shared';
import { censusReport } from '../../server/src/features/census';
import { FORMAT_LABELS } from '../../server/src/features/describe';
import { hoverAt } from '../../server/src/features/hover';
import { AnalysisIndex } from '../../server/src/analysisIndex';
import { memoryWorkspace } from '../pipeline/memoryWorkspace';
import { mcpList } from './helpers';

const ROOT = resolve(__dirname, '../..');

/**
 * Issue #8 item 11: adding a client is the recipe in ARCHITECTURE.md and nothing else. The test
 * walks it with a throwaway profile, registered through the service (no module state changes),
 * and finds it in findings, hover and census without any other list naming it.
 */
describe('one registry', () => {
  const acme: ClientProfile = {
    id: 'acme' as ClientId,
    label: 'Acme Agent',
    version: 'v9 (test)',
    sources: ['this test'],
    provider: 'openai',
    shape: 'acme.<tool>, dropped when the tool name holds a "z"',
    rewrite: (tools) =>
      outcomes(
        tools,
        tools.map((t) => `acme_${t.tool}`),
        'openai',
        () => ({ fate: 'dropped', reason: 'Acme keeps one' }),
        tools.map((t) =>
          t.tool.includes('z') ? { fate: 'dropped' as const, reason: 'Acme drops names with a z' } : undefined,
        ),
      ),
  };

  test('a throwaway client shows in findings, hover and census', () => {
    const text = mcpList('quiz', 'ok');
    const files = { '/ws/.toolwire.json': JSON.stringify({ servers: { shop: 't.json' } }), '/ws/t.json': text };
    const service = createToolwireService({
      workspace: memoryWorkspace(files),
      clients: [...Object.values(CLIENTS), acme],
    });
    const result = service.analyzeDocument({ path: '/ws/t.json', text, workspaceFolder: '/ws' });
    assert.equal(result.kind, 'analysis');
    if (result.kind !== 'analysis') return;
    const { analysis } = result;

    const dropped = analysis.findings.find(
      (f) => f.code === 'client-dropped' && f.clients?.includes('acme' as ClientId),
    );
    assert.ok(dropped, 'a finding from the throwaway client');
    assert.equal(dropped.message, 'Left out by Acme Agent: the model never sees this tool.');
    assert.match(dropped.detail, /Acme Agent v9 \(test\): left out \(Acme drops names with a z\)/);

    const document = TextDocument.create('file:///ws/t.json', 'json', 1, text);
    const hover = hoverAt(document, new AnalysisIndex(analysis), text.indexOf('"quiz"') + 2);
    assert.match(
      (hover!.contents as MarkupContent).value,
      /\| Acme Agent v9 \(test\) \| `—` \| dropped: Acme drops names with a z \|/,
    );

    assert.match(censusReport('t.json', new AnalysisIndex(analysis)).markdown, /Acme Agent v9 \(test\)/);

    // Another service, without the throwaway, never sees it: nothing was changed globally.
    const plain = createToolwireService({ workspace: memoryWorkspace(files) }).analyzeDocument({
      path: '/ws/t.json',
      text,
      workspaceFolder: '/ws',
    });
    assert.ok(plain.kind === 'analysis' && plain.analysis.clients.every((c) => c.client !== ('acme' as ClientId)));
  });

  test('formats: labels and the MCP test come from the registry', () => {
    assert.deepEqual(Object.keys(FORMAT_LABELS).sort(), [...FORMAT_IDS].sort());
    for (const id of FORMAT_IDS) assert.equal(FORMAT_LABELS[id], FORMATS[id].label);
    assert.deepEqual(FORMAT_IDS.filter(isMcpFormat), ['mcp-tools-list', 'mcp-tool']);
    // The VS Code status item no longer keeps its own list of format names.
    assert.doesNotMatch(readFileSync(resolve(ROOT, 'client/src/status.ts'), 'utf8'), /'openai-chat'|FORMAT_NAMES/);
  });

  test('the config parser names every provider and client from the registry', () => {
    const providers = parseConfig('{ "targets": ["nope"] }').problems[0]!.message;
    for (const id of ALL_PROVIDER_IDS) assert.ok(providers.includes(id), id);
    const clients = parseConfig('{ "clients": ["nope"] }').problems[0]!.message;
    for (const id of Object.keys(CLIENTS)) assert.ok(clients.includes(id), id);
  });

  test('each finding code is listed once and the schema knows each', () => {
    assert.equal(new Set(FINDING_CODES).size, FINDING_CODES.length);
    const schema = readFileSync(resolve(ROOT, 'schemas/toolwire.schema.json'), 'utf8');
    for (const code of FINDING_CODES) assert.ok(schema.includes(`"${code}"`), code);
  });

  test("no client's limit is written twice: Cursor's 60 lives in its profile only", () => {
    const checks = readFileSync(resolve(ROOT, 'server/src/core/checks/clients.ts'), 'utf8');
    assert.doesNotMatch(checks, /\b60\b|cursor/i);
  });
});
