import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { analyze } from '../../server/src/core/analyze';
import { schemaPlaceRows } from '../../server/src/core/clients/schemaVerdicts';
import { pretty } from './helpers';

/** `schema-altered` and `schema-rejected` via MCP clients (checks/schemaClients.ts): what the finding says. */
const arrayWithoutItems = pretty({
  tools: [{ name: 'tag', inputSchema: { type: 'object', properties: { tags: { type: 'array' } } } }],
});

describe('schema findings via MCP clients', () => {
  test('the targets and the clients refusing one place make one finding naming all of them', () => {
    const findings = analyze(arrayWithoutItems, {
      clients: { enabled: ['cline', 'continue', 'codex'], server: 's' },
      defaultTargets: ['openai'],
    }).findings.filter((f) => f.code === 'schema-rejected');
    assert.equal(findings.length, 1);
    const [finding] = findings;
    assert.deepEqual(finding!.profiles, ['openai']);
    assert.deepEqual(finding!.clients, ['cline', 'continue']);
    assert.equal(finding!.pointer, '/tools/0/inputSchema/properties/tags/type');
    assert.equal(
      finding!.message,
      'An array schema without "items" is rejected by openai and via Cline, Continue: the request fails.',
    );
    assert.match(
      finding!.detail,
      /Cline sdk @21cb8d25 \(2026-08-22\): sends it to OpenAI as parameters \(openai-array-items/,
    );
  });

  test('a client that refuses the schema itself says so: VS Code throws before any request', () => {
    const finding = analyze(arrayWithoutItems, {
      clients: { enabled: ['vscode'], server: 's' },
      defaultTargets: ['anthropic'],
    }).findings.find((f) => f.code === 'schema-rejected')!;
    assert.deepEqual(finding.clients, ['vscode']);
    assert.equal(finding.profiles, undefined);
    assert.match(
      finding.detail,
      /refuses the tool \("tool parameters array type must have items"\), so no request is sent/,
    );
  });

  test('schema-altered names each client and the models it holds for; the hover rows give version and source', () => {
    const text = pretty({
      tools: [
        { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string', pattern: '^a' } } } },
      ],
    });
    const finding = analyze(text, {
      clients: { enabled: ['vscode', 'codex', 'cline'], server: 's' },
      defaultTargets: ['openai'],
    }).findings.find((f) => f.code === 'schema-altered')!;
    assert.equal(finding.severity, 'warning');
    assert.deepEqual(finding.clients, ['vscode', 'codex']);
    assert.equal(
      finding.message,
      'Schema keyword "pattern" is dropped by VS Code (Copilot Chat) for gpt-4* and Gemini models, Codex CLI: the model sees another contract.',
    );
    // The message names every client (three or fewer), so the detail does not list them again:
    // the versions and sources are the keyword hover's (one keyword's finding repeats on every
    // tool of a file, and its text travels with each diagnostic). The why and the fix remain.
    assert.equal(
      finding.detail,
      "The server still enforces it: say it in the tool's description if the model must keep to it.",
    );
    const analysis = analyze(text, {
      clients: { enabled: ['vscode', 'codex', 'cline'], server: 's' },
      defaultTargets: ['openai'],
    });
    const site = analysis.tools[finding.tool!]!.declaration.schema!;
    const rows = schemaPlaceRows(
      site,
      finding.pointer,
      ['openai'],
      [...new Set(analysis.clients.map((c) => c.profile))],
    );
    assert.match(rows.find((r) => r.who === 'Codex CLI')!.source!, /^codex-rs tools @34839759: openai\/codex /);
    assert.match(
      rows.find((r) => r.who.startsWith('VS Code (Copilot Chat) (gpt-4*'))!.source!,
      /^vscode-copilot-chat @680c7f09: /,
    );
    assert.equal(text.slice(finding.range.start, finding.range.end), '"pattern"');
  });

  test('a keyword dropped by a client with no contract effect ($schema, title) makes no finding', () => {
    const text = pretty({
      tools: [
        {
          name: 'search',
          inputSchema: { $schema: 'x', title: 'T', type: 'object', properties: { q: { type: 'string', title: 'Q' } } },
        },
      ],
    });
    const analysis = analyze(text, { clients: { enabled: ['codex', 'cline', 'langchain-mcp'], server: 's' } });
    assert.deepEqual(
      analysis.findings.filter((f) => f.code === 'schema-altered'),
      [],
    );
  });

  test('an MCP schema nobody alters or refuses keeps no site (nothing held per tool)', () => {
    const text = pretty({
      tools: [{ name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string', enum: ['a'] } } } }],
    });
    assert.equal(analyze(text).tools[0]!.declaration.schema, undefined);
  });

  test('a keyword is kept only where some rule refuses that keyword: Mistral refusing $schema keeps no additionalProperties', () => {
    const text = pretty({
      model: 'claude-x',
      tools: [{ name: 'f', input_schema: { type: 'object', additionalProperties: false, properties: {} } }],
    });
    assert.equal(analyze(text).tools[0]!.declaration.schema, undefined);
  });

  test('keywords nested in definitions, items and combinators are found at their own keys', () => {
    const text = pretty({
      tools: [
        {
          name: 'search',
          inputSchema: {
            type: 'object',
            properties: { list: { type: 'array', items: { type: 'string', format: 'uri' } } },
            $defs: { D: { type: 'integer', maximum: 3 } },
          },
        },
      ],
    });
    const pointers = analyze(text, { clients: { enabled: ['codex'], server: 's' } })
      .findings.filter((f) => f.code === 'schema-altered')
      .map((f) => f.pointer);
    assert.deepEqual(pointers, [
      '/tools/0/inputSchema/properties/list/items/format',
      '/tools/0/inputSchema/$defs/D/maximum',
    ]);
  });
});
