import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import { dialectOf } from '../../server/src/core/code/dialects';
import { findDeclarations } from '../../server/src/core/code/finders';
import { grammarOf, type CodeLanguage, type CodeParser } from '../../server/src/core/code/syntax';
import { familyOf, librariesOf } from '../../server/src/core/code/triggers';
import { fastMcpServer, typescriptServer } from '../../bench/sourceFiles';
import { FILES } from './codeFiles';
import { loadCodeParsers } from './codeParsers';

/**
 * The finder drops the calls that hold none of the libraries' callee names before reading them
 * (`callFilter`): what it finds is what it finds reading every call, on files of every family and
 * on random edits of them.
 */
let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

const SOURCES: readonly { readonly language: CodeLanguage; readonly text: string }[] = [
  ...FILES,
  { language: 'typescript', text: typescriptServer(6) },
  { language: 'python', text: fastMcpServer(6) },
];

/** The declarations found, read with the filter or with every call. */
function declarations(language: CodeLanguage, text: string, everyCall: boolean): string {
  const root = parser.parse(text, grammarOf(language));
  const libraries = librariesOf(text, language);
  if (!root || libraries.length === 0) return 'not read';
  const dialect = dialectOf(familyOf(language));
  const constants = dialect.constants(root);
  const found = everyCall
    ? findDeclarations(root, text, dialect, libraries, constants, () => true)
    : findDeclarations(root, text, dialect, libraries, constants);
  // A declaration's input schema is a JSON tree whose nodes point at their parents: left out (its
  // children say the same).
  return JSON.stringify(found, (key, value: unknown) => (key === 'parent' ? undefined : value));
}

const PIECES = ['x', '.', "'", '"', '(', ')', ',', '\n', 'tool', 'server.tool(', 'registerTool', '@mcp.tool()\n'];

describe('source code: calls dropped before reading hold no declaration', () => {
  test('each family: the same declarations as reading every call', () => {
    for (const { language, text } of SOURCES) {
      const filtered = declarations(language, text, false);
      assert.notEqual(filtered, 'not read');
      assert.ok(filtered.includes('"tools":[{'), `${language} declares tools`);
      assert.equal(filtered, declarations(language, text, true), language);
    }
  });

  test('random edits: the same declarations as reading every call', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: SOURCES.length - 1 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat({ max: 8 }),
        fc.array(fc.constantFrom(...PIECES), { maxLength: 3 }),
        (which, at, remove, insert) => {
          const { language, text } = SOURCES[which]!;
          const start = Math.floor(at * text.length);
          const edited = text.slice(0, start) + insert.join('') + text.slice(start + remove);
          assert.equal(declarations(language, edited, false), declarations(language, edited, true));
        },
      ),
      { numRuns: 300 },
    );
  });
});
