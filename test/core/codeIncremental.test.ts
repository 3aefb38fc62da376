import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { Analysis, CodeLanguage } from '../../server/src/core';
import { analysisOf as analyze } from './helpers';
import type { TreeSitterParsers } from '../../server/src/code/treeSitter';
import { fastMcpServer, typescriptServer } from '../../bench/sourceFiles';
import { loadCodeParsers } from './codeParsers';

/**
 * An edited source file is analysed from its previous tree (the adapter keeps each document's
 * tree and reparses incrementally); whatever the edits, the analysis is the one a fresh parse of
 * the same text gives: the same tools, names, ranges and findings.
 */
let parsers: TreeSitterParsers;
before(async () => {
  parsers = (await loadCodeParsers()).parsers;
});
after(() => parsers.dispose());

/** What an analysis says of the file, compared between the two paths. */
const summary = (analysis: Analysis) => ({
  tools: analysis.tools.map((t) => [t.name, t.declaration.name.range.start, t.declaration.name.range.end]),
  findings: analysis.findings.map((f) => [f.code, f.range.start, f.range.end, f.message]),
  problems: analysis.syntaxProblems.map((p) => JSON.stringify(p)),
});

// Two tools share a wire name (`tool_1` and `tool.1` both become `tool_1` on some clients' wire),
// so the files carry findings for edits to move or change.
const SOURCES: readonly { readonly language: CodeLanguage; readonly text: string }[] = [
  { language: 'typescript', text: typescriptServer(12).replace("'tool_3'", "'tool.1'") },
  {
    language: 'python',
    text: fastMcpServer(12).replace('@mcp.tool()\ndef tool_3(', '@mcp.tool(name="tool.1")\ndef tool_3('),
  },
];

/** Pieces an edit inserts: names, quotes, brackets, whole lines of declarations. */
const PIECES = ['x', '_', '.', "'", '"', '`', '(', ')', '{', '}', ',', '\n', ' ', 'tool_1', 'server.', '@mcp.tool()\n'];

const edit = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  remove: fc.nat({ max: 12 }),
  insert: fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }).map((p) => p.join('')),
});

function applied(text: string, e: { at: number; remove: number; insert: string }): string {
  const start = Math.floor(e.at * text.length);
  return text.slice(0, start) + e.insert + text.slice(Math.min(text.length, start + e.remove));
}

describe('source code: an analysis after edits is a fresh analysis of the same text', () => {
  test('random edits, each analysed from the previous tree, against a fresh parse of each text', () => {
    let run = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: SOURCES.length - 1 }),
        fc.array(edit, { minLength: 1, maxLength: 6 }),
        (which, edits) => {
          const source = SOURCES[which]!;
          run += 1;
          const key = `kept ${run}`;
          const kept = parsers.parserFor(key);
          let text = source.text;
          analyze(text, { language: source.language, code: kept });
          for (const e of edits) {
            text = applied(text, e);
            const incremental = analyze(text, { language: source.language, code: kept });
            parsers.forget('fresh');
            const fresh = analyze(text, { language: source.language, code: parsers.parserFor('fresh') });
            assert.deepEqual(summary(incremental), summary(fresh));
          }
          parsers.forget(key);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('the files hold tools and findings for the edits to change', () => {
    for (const source of SOURCES) {
      const analysis = analyze(source.text, { language: source.language, code: parsers.parserFor('check') });
      parsers.forget('check');
      assert.equal(analysis.tools.length, 12);
      assert.ok(analysis.findings.length > 0);
    }
  });
});
