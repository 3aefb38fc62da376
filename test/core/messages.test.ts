import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, test } from 'node:test';
import { FINDING_CODES, type AnalysisOptions, type Finding, type FindingCode } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { withFixes } from '../../server/src/core/fixes/buildFixes';
import { codeSections, sectionParts } from '../../cli/src/explainDocs';
import { adsManifest, mcpList, openaiChat, pretty, fixedAnalysis } from './helpers';

/**
 * Issue 11, item 5: the first sentence of every message says what happens and names the wire
 * name, in about 100 characters (the Problems panel and a CI log show it); the why and the fix
 * follow in `detail`, and no sentence is said twice.
 */
interface Case {
  readonly code: FindingCode;
  readonly title: string;
  readonly text: string;
  readonly options?: AnalysisOptions;
  /** The wire name the message must quote; null for codes without one (no name, a count). */
  readonly wire: string | null;
}

const vscode = (server: string): AnalysisOptions => ({ clients: { enabled: ['vscode'], server } });
const longName = `com.example.${'x'.repeat(53)}`;

const CASES: readonly Case[] = [
  { code: 'invalid-name', title: 'a body rejects a name', text: openaiChat(['orders.get']), wire: 'orders.get' },
  {
    code: 'invalid-name',
    title: 'a renamed name still rejected',
    text: pretty([{ name: `${'a'.repeat(40)}.${'b'.repeat(30)}`, parameters: {} }]),
    options: { defaultTargets: ['gemini'] },
    wire: `${'a'.repeat(40)}_${'b'.repeat(23)}`,
  },
  { code: 'invalid-name', title: "MCP's own rule", text: mcpList('get weather'), wire: 'get weather' },
  {
    code: 'invalid-name',
    title: 'a replayed call',
    text: openaiChat(['ok'], {
      messages: [
        {
          role: 'assistant',
          tool_calls: [{ id: '1', type: 'function', function: { name: 'bad.name', arguments: '{}' } }],
        },
      ],
    }),
    wire: 'bad.name',
  },
  { code: 'wire-collision', title: 'model-safe, left out', text: mcpList('a.b', 'a_b'), wire: 'a_b' },
  { code: 'wire-collision', title: 'model-safe, none kept', text: mcpList('a.b', 'a/b'), wire: 'a_b' },
  {
    code: 'wire-collision',
    title: 'verbatim duplicates',
    text: pretty({
      model: 'claude-x',
      tools: [
        { name: 'get', input_schema: { type: 'object' } },
        { name: 'get', input_schema: { type: 'object' } },
      ],
    }),
    wire: 'get',
  },
  {
    code: 'wire-collision',
    title: 'ADS hyphens',
    text: adsManifest([{ name: 'com.example.a-b' }, { name: 'com.example.a.b' }]),
    wire: 'com-example-a-b',
  },
  { code: 'reserved-name', title: "the runtime's own tool", text: mcpList('tool.search'), wire: 'tool_search' },
  {
    code: 'not-invocable',
    title: 'derived over 64',
    text: adsManifest([{ name: longName }]),
    wire: longName.replace(/\./g, '-'),
  },
  {
    code: 'invalid-invocation-name',
    title: 'starts with a digit',
    text: adsManifest([{ name: 'com.example.lookup', invocationName: '1st-lookup' }]),
    wire: '1st-lookup',
  },
  { code: 'invalid-capability-name', title: 'no namespace', text: adsManifest([{ name: 'orders_get' }]), wire: null },
  {
    code: 'invalid-parameter-name',
    title: 'a key Anthropic rejects',
    text: pretty({
      model: 'claude-x',
      tools: [{ name: 'list_files', input_schema: { type: 'object', properties: { $top: {} } } }],
    }),
    wire: '$top',
  },
  {
    code: 'schema-rejected',
    title: 'a keyword Gemini does not know',
    text: pretty({
      contents: [],
      tools: [
        {
          functionDeclarations: [
            { name: 'list_files', parameters: { type: 'object', additionalProperties: false, properties: {} } },
          ],
        },
      ],
    }),
    wire: 'additionalProperties',
  },
  {
    code: 'schema-rejected',
    title: 'a root anyOf Claude Code sends on',
    text: pretty({ tools: [{ name: 'pick', inputSchema: { type: 'object', anyOf: [{ required: ['a'] }] } }] }),
    options: { clients: { enabled: ['claude-code'], server: 's' } },
    wire: 'anyOf',
  },
  {
    code: 'schema-altered',
    title: 'a pattern Codex drops',
    text: pretty({
      tools: [
        { name: 'search', inputSchema: { type: 'object', properties: { q: { type: 'string', pattern: '^a' } } } },
      ],
    }),
    options: { clients: { enabled: ['codex'], server: 's' } },
    wire: 'pattern',
  },
  {
    code: 'case-collision',
    title: 'two cases',
    text: openaiChat(['calculate_BMI', 'calculate_bmi']),
    wire: 'calculate_bmi',
  },
  {
    code: 'unresolved-reference',
    title: 'a typo in tool_choice',
    text: openaiChat(['get_weather'], { tool_choice: { type: 'function', function: { name: 'get_wether' } } }),
    wire: 'get_wether',
  },
  {
    code: 'missing-name',
    title: 'no name',
    text: pretty({ model: 'gpt-4o', tools: [{ type: 'function', function: { parameters: {} } }] }),
    wire: null,
  },
  {
    code: 'too-many-tools',
    title: "OpenAI's 128",
    text: openaiChat(Array.from({ length: 129 }, (_, i) => `t${i}`)),
    wire: null,
  },
  {
    code: 'renamed-on-wire',
    title: 'model-safe form (turned on: off by default)',
    text: mcpList('a.b'),
    options: { severity: { 'renamed-on-wire': 'hint' } },
    wire: 'a_b',
  },
  {
    code: 'client-rejected',
    title: 'Claude Code over 128',
    text: mcpList('t'.repeat(100)),
    options: { clients: { enabled: ['claude-code'], server: 's'.repeat(30) } },
    wire: `mcp__${'s'.repeat(30)}__${'t'.repeat(100)}`,
  },
  {
    code: 'client-dropped',
    title: 'Cursor drops a dot',
    text: mcpList('a.b'),
    options: { clients: { enabled: ['cursor'], server: 'srv' } },
    wire: null,
  },
  {
    code: 'unused-suppression',
    title: 'a stale directive',
    text: '{ "tools": [\n  // toolwire-disable-next-line wire-collision -- renamed since\n  { "name": "list_users", "inputSchema": {} }\n] }',
    wire: null,
  },
  {
    code: 'client-collision',
    // With wire-collision on, a.b's client-collision folds into its wire-collision (the
    // 'one problem, one message' tests); turned off, the client-collision leads and is read here.
    title: 'VS Code, one name',
    text: mcpList('a.b', 'a_b'),
    options: { ...vscode('srv'), severity: { 'wire-collision': 'off' } },
    wire: 'mcp_srv_a_b',
  },
];

/** Sentences, split after . ? ! outside quotes (names hold dots). */
function sentences(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    current += c;
    if (c === '"' && text[i - 1] !== '\\') quoted = !quoted;
    if (!quoted && /[.?!]/.test(c) && (i + 1 === text.length || text[i + 1] === ' ')) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}

/** The length a reader sees as words: each quoted name counts as at most 30 characters. */
function wordsLength(message: string): number {
  return message.replace(/"(?:[^"\\]|\\.)*"/g, (q) => (q.length > 32 ? `"${'n'.repeat(30)}"` : q)).length;
}

function findingOf(c: Case): Finding {
  const finding = analyze(c.text, c.options).findings.find((f) => f.code === c.code);
  assert.ok(finding, `${c.code} (${c.title}) is found`);
  return finding;
}

describe('messages people read (issue 11, item 5)', () => {
  test('the cases cover every code', () => {
    assert.deepEqual(
      FINDING_CODES.filter((code) => !CASES.some((c) => c.code === code)),
      [],
    );
  });

  for (const c of CASES) {
    test(`${c.code}: ${c.title}`, () => {
      const { message, detail } = findingOf(c);
      assert.equal(sentences(message).length, 1, `one sentence: ${message}`);
      assert.ok(wordsLength(message) <= 100, `at most about 100 characters (${wordsLength(message)}): ${message}`);
      if (c.wire !== null)
        assert.ok(message.includes(JSON.stringify(c.wire)), `names the wire name ${c.wire}: ${message}`);
      assert.notEqual(detail, '', 'a why and a fix follow');
      const said = new Set<string>();
      for (const sentence of [...sentences(message), ...sentences(detail)]) {
        assert.ok(!said.has(sentence), `said twice: ${sentence}`);
        said.add(sentence);
      }
    });
  }

  test('no detail repeats the message', () => {
    for (const c of CASES) {
      const { message, detail } = findingOf(c);
      assert.ok(!detail.includes(message.replace(/\.$/, '')), `${c.code}: ${detail}`);
    }
  });
});

describe('one problem, one message', () => {
  test('a.b beside a_b in VS Code: one finding on a.b, its message says what else happens, in one clause', () => {
    const text = mcpList('a.b', 'a_b');
    const analysis = analyze(text, vscode('srv'));
    const problems = analysis.findings.filter((f) => f.severity !== 'hint');
    assert.equal(problems.length, 1);
    const [finding] = problems;
    assert.equal(finding!.tool, 0);
    assert.equal(finding!.code, 'wire-collision');
    assert.deepEqual(finding!.also, ['client-collision']);
    assert.deepEqual(finding!.clients, ['vscode']);
    assert.equal(
      finding!.message,
      'Left out of the request: sent as "a_b", the name of the tool the runtime keeps. Also shares its name with another tool in VS Code (Copilot Chat).',
    );
    assert.equal(finding!.detail.split('\n').length, 2, 'one line per code');
    assert.equal(finding!.nameFix?.kind, 'rename', 'the loser asks for the rename');
    assert.ok(withFixes(text, vscode('srv'), analysis).findings.find((f) => f.tool === 0)!.fix, 'and gets it');
  });
});

describe('a name is never its own comparison', () => {
  test('the JavaScript Agents SDK sends orders.get as orders_get: "under the same name as", never "orders_get, like orders_get"', () => {
    const options: AnalysisOptions = { clients: { enabled: ['openai-agents-js'], server: 'shop' } };
    // The client's collision folds into the runtime's wire-collision on orders.get: its text is in the detail.
    const [finding] = analyze(mcpList('orders.get', 'orders_get'), options).findings.filter(
      (f) => f.code === 'client-collision' || f.also?.includes('client-collision'),
    );
    assert.ok(finding, 'the loser has its finding');
    const text = `${finding.message}\n${finding.detail}`;
    assert.match(finding.detail, /^Sent by OpenAI Agents SDK \(JavaScript\) under the same name as "orders_get"/m);
    assert.match(finding.detail, /: sent under the same name as "orders_get"; /);
    assert.doesNotMatch(text, /("[^"]+"), like \1/, text);
  });

  test('a peer named otherwise is still compared: sent as "a_b", like "a-b"... in a client that maps both', () => {
    const options: AnalysisOptions = { clients: { enabled: ['openai-agents-js'], server: 'shop' } };
    const finding = analyze(mcpList('a.b', 'a-b'), options).findings.find(
      (f) => f.code === 'client-collision' || f.also?.includes('client-collision'),
    );
    assert.match(
      `${finding?.message}\n${finding?.detail}`,
      /^Sent as "a_b" by OpenAI Agents SDK \(JavaScript\), like "a-b"/m,
    );
  });
});

describe('advice only where it applies', () => {
  const shorten = /shorten the server name/i;

  test('a name Cursor drops for its dot: renaming helps, a shorter server name does not', () => {
    const finding = fixedAnalysis(mcpList('a.b'), {
      clients: { enabled: ['cursor'], server: 'a-long-server-name' },
    }).findings.find((f) => f.code === 'client-dropped')!;
    assert.doesNotMatch(finding.detail, shorten);
    assert.match(finding.detail, /Rename it to a name every enabled client keeps\.$/);
    assert.equal(finding.fix?.proposed, 'a_b');
  });

  test("Cursor's 60 characters: server plus tool too long, so a shorter server name helps", () => {
    const finding = analyze(mcpList('t'.repeat(40)), {
      clients: { enabled: ['cursor'], server: 's'.repeat(30) },
    }).findings.find((f) => f.code === 'client-dropped')!;
    assert.match(finding.detail, shorten);
  });

  test('VS Code: a.b and a_b collide whatever the server is called, so no "shorten the server name"', () => {
    // The client-collision folds into a.b's wire-collision: its text is in the detail.
    const findings = analyze(mcpList('a.b', 'a_b'), vscode('a-long-server-name')).findings.filter(
      (f) => f.code === 'client-collision' || f.also?.includes('client-collision'),
    );
    assert.equal(findings.length, 1);
    assert.match(findings[0]!.detail, /Sent as "mcp_a-long-server_a_b" by VS Code/);
    for (const f of findings) assert.doesNotMatch(f.detail, shorten, f.detail);
  });

  test('VS Code: two long names cut to one 64 under a long server name: shortening it helps', () => {
    const a = `${'t'.repeat(55)}_one`;
    const b = `${'t'.repeat(55)}_two`;
    const findings = analyze(mcpList(a, b), vscode('srv')).findings.filter((f) => f.code === 'client-collision');
    assert.ok(findings.length > 0, 'they collide once cut');
    assert.ok(
      findings.some((f) => shorten.test(f.detail)),
      findings.map((f) => f.detail).join('\n'),
    );
  });

  test('Claude Code over 128 because of the server name: shortening it is advised', () => {
    const finding = findingOf(CASES.find((c) => c.code === 'client-rejected')!);
    assert.match(finding.detail, shorten);
  });
});

describe('docs/diagnostics.md explains every code (issue 11, item 4)', () => {
  const sections = codeSections(readFileSync(resolve(__dirname, '../../docs/diagnostics.md'), 'utf8'));

  for (const code of [...FINDING_CODES, 'invalid-json']) {
    test(`${code}: what, why, example, fix`, () => {
      const section = sections.get(code);
      assert.ok(section, `a section for ${code}`);
      const parts = sectionParts(section.body);
      assert.ok(parts.what, `${code}: the first paragraph gives the severity and what it means`);
      assert.ok(parts.why, `${code}: a **Why** paragraph`);
      assert.ok(parts.example, `${code}: a fenced example`);
      assert.ok(parts.fix, `${code}: a **Fix** paragraph`);
    });
  }
});

describe('an unknown server name is never shown (issue 8, item 6)', () => {
  test("the related locations of a client collision do not quote the placeholder's wire name", () => {
    const analysis = analyze(mcpList('a.b', 'a_b'), { clients: { enabled: ['vscode'] } });
    // Folded into a.b's wire-collision (a_b keeps the name and has no finding).
    const finding = analysis.findings.find((f) => f.also?.includes('client-collision'));
    assert.ok(finding, 'the collision holds whatever the server is called');
    assert.equal(finding.tool, 0);
    assert.ok(analysis.server && !analysis.server.known);
    for (const r of finding.related) assert.equal(r.message.includes(analysis.server.name), false, r.message);
    assert.match(finding.detail, /Sent by VS Code \(Copilot Chat\) under the same name as "a_b": this one is lost\./);
  });
});
