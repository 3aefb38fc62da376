import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { ROOT, runCli } from '../cli/run';

/**
 * Every file of the shared real-world corpus (BFCL, GitHub MCP server, Docker MCP registry,
 * Azure MCP, ToolBench, ADS examples...) runs through the built CLI without a crash, and the
 * totals it finds are pinned. The corpus lives outside the repository (../shared/corpus, or
 * TOOLWIRE_CORPUS); CI always has it. A fresh clone without it skips, saying so; under CI a
 * missing corpus fails.
 */
const CORPUS = resolve(process.env.TOOLWIRE_CORPUS ?? resolve(ROOT, '../shared/corpus'));
const present = existsSync(CORPUS);
const skip = present ? false : `corpus not found at ${CORPUS} (set TOOLWIRE_CORPUS); CI always has it`;
if (!present && process.env.CI === 'true') throw new Error(`CI=true but the corpus is missing at ${CORPUS}`);

interface Report {
  files: Array<{
    path: string;
    format: string | null;
    tools: Array<{ name: string; offered: boolean }>;
    diagnostics: Array<{ code: string; severity: string }>;
  }>;
}

describe('real-world corpus', { skip }, () => {
  let report: Report;
  test('every file runs through the CLI without a crash', () => {
    // --hints: renamed-on-wire (off by default) counted too.
    const result = runCli(['check', '--hints', '--format', 'json', CORPUS]);
    assert.ok(result.status === 0 || result.status === 1, `exit ${result.status}: ${result.stderr.slice(0, 500)}`);
    assert.doesNotMatch(result.stderr, /internal error/);
    report = JSON.parse(result.stdout) as Report;
  });

  test('pinned totals', () => {
    const formats: Record<string, number> = {};
    const codes: Record<string, number> = {};
    for (const file of report.files) {
      formats[String(file.format)] = (formats[String(file.format)] ?? 0) + 1;
      for (const d of file.diagnostics) codes[`${d.code}/${d.severity}`] = (codes[`${d.code}/${d.severity}`] ?? 0) + 1;
    }
    assert.equal(report.files.length, 272);
    assert.deepEqual(formats, {
      null: 68,
      'ads-manifest': 2,
      'generic-tools': 40,
      'mcp-tools-list': 45,
      'mcp-tool': 117,
    });
    assert.equal(
      report.files.reduce((n, f) => n + f.tools.length, 0),
      6356,
    );
    assert.equal(
      report.files.reduce((n, f) => n + f.tools.filter((t) => t.offered).length, 0),
      6355,
    );
    assert.deepEqual(codes, {
      'renamed-on-wire/hint': 1941,
      // BFCL live_multiple really has a tool named tool_search: the runtime's own name.
      'reserved-name/error': 1,
      // Docker's vectra-ai server: "Summarize Detection", "Visualize Entity Detections".
      'invalid-name/warning': 2,
      // Docker's zscaler server offers 302 tools; OpenAI takes 128.
      'too-many-tools/error': 1,
      // Every modelled client, by default, as warnings, with no server name guessed: seven
      // puppeteer tools whose recorded server name "example-servers/puppeteer" Copilot CLI puts
      // into the wire name unmapped ("/" is rejected); LiteLLM refuses to load servers named with
      // "-" (that one, server-github and others): the server's name is the cause, so their tools
      // carry no finding of their own (the census shows them dropped). The two vectra-ai names are
      // also dropped by Cursor and rejected by the Agents SDK, but those fold into their
      // invalid-name (one problem, one diagnostic).
      'client-rejected/warning': 7,
      // BFCL live_simple: a parameter "año_vehiculo" (Anthropic's property keys are ASCII).
      'invalid-parameter-name/error': 1,
      // Docker's vectra-ai server again: four `"type": "array"` properties without `items`
      // (`fields`, `exclude_fields`...), which OpenAI refuses ("array schema missing items").
      // ...and those four arrays are what Cline, Continue, the Agents SDK and the others send
      // OpenAI too: the same four findings name the clients (VS Code refuses them itself).
      'schema-rejected/error': 4,
      // Every modelled client by default: Codex CLI keeps only its JsonSchema subset, so each
      // `minimum` (100: the GitHub server's perPage/page), `pattern` (67), `default` (49),
      // `maximum`, `format`, a multi-variant `oneOf`... is dropped, and four arrays without
      // `items` get string items. VS Code's gpt-4* and Gemini stripping joins these findings.
      'schema-altered/warning': 304,
      // What VS Code alone drops, for Gemini models only: 81 `additionalProperties` (70 in the
      // proxy snapshots, 8 GitHub, 3 Kubernetes), told as information.
      'schema-altered/information': 81,
    });
  });

  test('per-source counts agree with the corpus README (entries / unique / failing the 64 rule)', () => {
    const bySource: Record<string, string[]> = {};
    for (const file of report.files) {
      const source = relative(CORPUS, file.path).split('/')[0]!;
      (bySource[source] ??= []).push(...file.tools.map((t) => t.name));
    }
    const summary = (source: string) => {
      const names = bySource[source] ?? [];
      const unique = new Set(names);
      return [names.length, unique.size, [...unique].filter((n) => !/^[a-zA-Z0-9_-]{1,64}$/.test(n)).length];
    };
    assert.deepEqual(summary('bfcl'), [5188, 1919, 841]);
    assert.deepEqual(summary('docker-mcp-registry'), [755, 749, 2]);
    assert.deepEqual(summary('github-mcp-server'), [117, 117, 0]);
    assert.deepEqual(summary('kubernetes-mcp-server'), [107, 47, 0]);
    assert.deepEqual(summary('mcp-proxy-snapshots'), [83, 81, 0]);
    assert.deepEqual(summary('ads-cheela'), [4, 4, 4]);
  });
});
