// The upstream fix applied to the shipped tree-sitter-swift build (server/src/code/grammarFixes.ts):
// its scanner state had zero bytes, so its raw-string hash count was heap garbage and error
// recovery read to the end of the file on every scanner call (fuzz seed 290211: 11 s for a
// 49,000-character file). The work is measured as characters the lexer reads (the text handed
// over one character at a time), not as time: deterministic, whatever the machine's load. That
// the adapter loads the fixed bytes is held by the fuzz replay
// (test/fuzz/replays/swift-multiline-string-long-name-paste-timeout.json, through the built server).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Language, Parser } from '@vscode/tree-sitter-wasm';
import { fixedGrammar, zeroCountOfCalloc } from '../../server/src/code/grammarFixes';
import { nodeWasmLoader } from '../../server/src/node/wasm';

const CREATE = 'tree_sitter_swift_external_scanner_create';
const loader = nodeWasmLoader();

test('the shipped Swift grammar gets the one byte of calloc(0, …) set to 1, once; the other grammars are left alone', async () => {
  const shipped = await loader.grammar('swift');
  const at = zeroCountOfCalloc(shipped, CREATE);
  assert.ok(at !== undefined, 'the shipped build no longer has calloc(0, …): check it has the fix, then drop it');
  const fixed = fixedGrammar('swift', shipped);
  const changed = [...fixed.keys()].filter((i) => fixed[i] !== shipped[i]);
  assert.deepEqual(changed, [at]);
  assert.deepEqual([shipped[at], fixed[at]], [0, 1]);
  assert.equal(zeroCountOfCalloc(fixed, CREATE), undefined, 'a grammar built with the fix is not matched');
  assert.equal(fixedGrammar('swift', fixed), fixed);
  assert.equal(shipped[at], 0, 'the loader’s bytes are not written to');
  for (const grammar of ['kotlin', 'typescript'] as const) {
    const bytes = await loader.grammar(grammar);
    assert.equal(fixedGrammar(grammar, bytes), bytes);
  }
});

test('a module that is not the expected one is loaded as it is, never thrown on', async () => {
  const shipped = await loader.grammar('swift');
  const at = zeroCountOfCalloc(shipped, CREATE)!;
  const withByte = (i: number, b: number) => {
    const copy = shipped.slice();
    copy[i] = b;
    return copy;
  };
  const cases: ReadonlyArray<readonly [string, Uint8Array]> = [
    ['empty', new Uint8Array()],
    ['the magic alone', shipped.subarray(0, 8)],
    ['not WebAssembly', new TextEncoder().encode('(module)')],
    ['cut before the code section ends', shipped.subarray(0, at + 1)],
    ['cut in half', shipped.subarray(0, shipped.length >> 1)],
    ['a first constant other than 0', withByte(at, 2)],
    ['a call to another import', withByte(at + 4, 0x81)],
  ];
  for (const [what, bytes] of cases) {
    assert.equal(zeroCountOfCalloc(bytes, CREATE), undefined, what);
    assert.equal(fixedGrammar('swift', bytes), bytes, what);
  }
  assert.equal(zeroCountOfCalloc(shipped, 'no_such_function'), undefined);
});

/** Shapes that sent error recovery into the scanner, and one that parses clean. */
const SHAPES: ReadonlyArray<readonly [string, (n: number) => string]> = [
  [
    'a """ typed into a long name (seed 290211)',
    (n) => `import MCP\nTool(name: "${'n'.repeat(n)}"""\n${'n'.repeat(n)}", description: "d")\n`,
  ],
  ['spaced words before an unclosed string', (n) => `x\n${'n '.repeat(n / 2)}"\n`],
  ['an unclosed """ before a long name', (n) => `import MCP\nTool(name: """\n${'n'.repeat(n)}", description: "d")\n`],
  ['a tool list', (n) => `let tools = [\n${'    Tool(name: "a", description: "d"),\n'.repeat(n / 40)}]\n`],
];

test('Swift error recovery reads each character a bounded number of times: 4× the text, 4× the reads', async () => {
  const runtime = await loader.runtime();
  await Parser.init({ wasmBinary: runtime, locateFile: (file: string) => file } as Parameters<typeof Parser.init>[0]);
  const bytes = fixedGrammar('swift', await loader.grammar('swift'));
  // As the adapter loads it: V8 kept on its baseline compiler for the grammar's first compilation.
  const load = async () => {
    const language = await Language.load(bytes);
    const parser = new Parser();
    parser.setLanguage(language);
    parser.parse('x')?.delete();
    return parser;
  };
  const parser = await (loader.firstCompile ? loader.firstCompile('swift', load) : load());
  const readsPerChar = (text: string) => {
    let reads = 0;
    parser
      .parse((index) => {
        reads += 1;
        return index < text.length ? text[index] : undefined;
      })
      ?.delete();
    return reads / text.length;
  };
  for (const [what, make] of SHAPES) {
    const small = readsPerChar(make(2_000));
    const large = readsPerChar(make(8_000));
    assert.ok(large <= 4, `${what}: ${large.toFixed(1)} reads a character at 8,000`);
    assert.ok(
      large <= small * 1.25,
      `${what}: ${small.toFixed(2)} reads a character at 2,000, ${large.toFixed(2)} at 8,000`,
    );
  }
  parser.delete();
});
