import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fingerprinter, fingerprintHash, type AnalysisOptions } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';
import { tokenValue } from '../../server/src/core/fingerprint';

/** Every finding's parts and hash, in document order, as `code tool [others] [by] hash`. */
function prints(
  text: string,
  options: AnalysisOptions = { clients: () => ({ enabled: [] }) },
  file = 'tools.json',
): string[] {
  const analysis = analyze(text, options);
  const of = fingerprinter(file, text, analysis);
  return analysis.findings.map((f) => {
    const parts = of(f);
    return `${parts.code} ${parts.tool}${parts.at === '' ? '' : ` @${parts.at}`} [${parts.others.join(',')}] [${parts.by.join(',')}] ${fingerprintHash(parts)}`;
  });
}

const list = (names: readonly string[], indent?: number) =>
  JSON.stringify({ tools: names.map((name) => ({ name, inputSchema: {} })) }, null, indent);

describe('finding fingerprints (issue 11: baselines and SARIF partialFingerprints)', () => {
  test('a collision names its tool and the other members, never a position', () => {
    // The kept a_b has no finding; each tool left out names the other members, the kept one too.
    const lines = prints(list(['a.b', 'a:b', 'a_b']));
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^wire-collision a\.b \[a:b,a_b\] \[\] [0-9a-f]{40}$/);
    assert.match(lines[1]!, /^wire-collision a:b \[a\.b,a_b\] \[mcp\] [0-9a-f]{40}$/);
    const pair = prints(list(['a.b', 'a_b']));
    assert.equal(pair.length, 1);
    assert.match(pair[0]!, /^wire-collision a\.b \[a_b\] \[\] [0-9a-f]{40}$/);
  });

  test('survives moving lines, reordering tools and reformatting', () => {
    const before = prints(list(['a.b', 'a_b', 'x y'], 2)).sort();
    const moved = prints(`\n\n\n${list(['ok', 'x y', 'a_b', 'a.b'])}`)
      .filter((l) => !l.includes(' ok '))
      .sort();
    assert.deepEqual(moved, before);
    const yaml = prints(
      'tools:\n  - name: "a.b"\n    inputSchema: {}\n  - name: a_b\n    inputSchema: {}\n  - name: \'x y\'\n    inputSchema: {}\n',
      { language: 'yaml', clients: () => ({ enabled: [] }) },
      'tools.json',
    ).sort();
    assert.deepEqual(yaml, before);
  });

  test('depends on the file, and on the tool: a renamed tool is another finding', () => {
    const [a] = prints(list(['x y']));
    const [b] = prints(list(['x y']), undefined, 'other.json');
    const [c] = prints(list(['x z']));
    assert.notEqual(a!.split(' ').at(-1), b!.split(' ').at(-1));
    assert.notEqual(a!.split(' ').at(-1), c!.split(' ').at(-1));
  });

  test('a property key is one of the names involved', () => {
    const text = JSON.stringify({
      model: 'claude',
      messages: [],
      tools: [{ name: 'f', input_schema: { type: 'object', properties: { 'bad key': {}, 'worse key': {} } } }],
    });
    const lines = prints(text).filter((l) => l.startsWith('invalid-parameter-name'));
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^invalid-parameter-name f @bad key \[\] \[anthropic\] /);
    assert.match(lines[1]!, /^invalid-parameter-name f @worse key \[\] \[anthropic\] /);
  });

  test('client findings carry the client ids', () => {
    const clients: AnalysisOptions = { clients: () => ({ enabled: ['cursor', 'vscode'], servers: ['srv'] }) };
    // A client finding of its own: Cursor leaves out a name too long beside the server's.
    const alone = prints(list(['x'.repeat(60)]), clients);
    assert.equal(alone.length, 1);
    assert.match(alone[0]!, /^client-dropped x{60} \[\] \[cursor\] /);
    // Folded into get.user's wire-collision, the client findings still give it their ids.
    const folded = prints(list(['get.user', 'get_user']), clients);
    assert.equal(folded.length, 1);
    assert.match(folded[0]!, /^wire-collision get\.user \[get_user\] \[cursor,vscode\] /);
  });

  test('tokens decode as the string they hold', () => {
    const text = `"a\\u002eb" 'it''s' plain {"x":1}`;
    assert.equal(tokenValue(text, { start: 0, end: 10 }), 'a.b');
    assert.equal(tokenValue(text, { start: 11, end: 18 }), "it's");
    assert.equal(tokenValue(text, { start: 19, end: 24 }), 'plain');
    assert.equal(tokenValue(text, { start: 25, end: 32 }), '');
  });
});
