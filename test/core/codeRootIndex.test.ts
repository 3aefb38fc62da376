import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import fc from 'fast-check';
import { parseCode } from '../../server/src/core/code/parse';
import { dialectOf } from '../../server/src/core/code/dialects';
import { finderRootTypes } from '../../server/src/core/code/finders';
import { RootIndex } from '../../server/src/core/code/rootIndex';
import { grammarOf, type CodeParser, type SyntaxNode } from '../../server/src/core/code/syntax';
import { familyOf } from '../../server/src/core/code/triggers';
import { FILES } from './codeFiles';
import { loadCodeParsers } from './codeParsers';

/**
 * Reading a file walks its tree once (`RootIndex`): every root query of the dialects and the
 * finder is one of the types the walk collects, and what the index answers is what the root's own
 * walk returns.
 */
let parser: CodeParser;
before(async () => {
  parser = (await loadCodeParsers()).parser;
});

/** The parser's roots, wrapped so each walk of a whole tree is counted. */
function countingWalks(inner: CodeParser): { parser: CodeParser; walks: () => number } {
  let walks = 0;
  const parser: CodeParser = {
    parse(text, grammar) {
      const root = inner.parse(text, grammar);
      if (!root) return root;
      return new Proxy(root, {
        get(target, key) {
          if (key === 'descendantsOfType')
            return (types: string | string[]) => {
              walks += 1;
              return target.descendantsOfType(types);
            };
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
  };
  return { parser, walks: () => walks };
}

const shape = (nodes: readonly (SyntaxNode | null)[]) =>
  nodes.map((n) => (n ? `${n.type}@${n.startIndex}-${n.endIndex}` : 'null'));

describe('reading a source file walks its tree once', () => {
  for (const { language, text } of FILES)
    test(`${language}: every root query is answered from the one walk`, () => {
      const { parser: counting, walks } = countingWalks(parser);
      const read = parseCode(text, language, counting);
      assert.equal(read.code.parsed, true);
      assert.deepEqual(read.problems, []);
      assert.ok(read.values.length > 0, 'the file declares tools');
      // Two for JS, whose file writes `tools`: its object literals are walked apart.
      assert.equal(walks(), language === 'typescript' ? 2 : 1);
    });

  test('a list bound to a name and handed to bindTools is resolved from the same walk (its rebindings too)', () => {
    const text = [
      'import { ChatOpenAI } from "@langchain/openai";',
      'import { HumanMessage } from "@langchain/core/messages";',
      'const functionSchema = [{ name: "joke", description: "d", parameters: { type: "object" } }];',
      'let other = [{ name: "x", parameters: {} }];',
      'other = [{ name: "y", parameters: {} }];',
      'const model = new ChatOpenAI({}).bindTools(functionSchema);',
      'const again = model.bindTools(other);',
      '',
    ].join('\n');
    const { parser: counting, walks } = countingWalks(parser);
    const read = parseCode(text, 'typescript', counting);
    assert.ok(read.values.length > 0, 'the bound list is read');
    // The one walk (the file writes no `tools`, so no walk of its object literals), however many
    // bound lists it hands on: each used to walk the tree again for their rebindings.
    assert.equal(walks(), 1);
  });

  for (const { language, text } of FILES)
    test(`${language}: each of the dialect's root queries is one of the walk's types`, () => {
      const dialect = dialectOf(familyOf(language));
      const index = new RootIndex(parser.parse(text, grammarOf(language))!, [
        ...dialect.rootTypes,
        ...finderRootTypes(dialect),
      ]);
      dialect.constants(index);
      // JS's tool arrays are the exception: its object literals are walked only when a file writes `tools`.
      if (dialect.family !== 'js') dialect.toolArrays(index);
      dialect.imports(index);
      dialect.definitions(index);
      dialect.decorated(index);
      dialect.macroCalls?.(index);
      dialect.typedNames?.(index, ['Server', 'McpServer']);
      assert.equal(index.misses, 0);
    });

  test('the index answers any query of its types as the root itself does, in document order', () => {
    const files = FILES.map(({ language, text }) => {
      const dialect = dialectOf(familyOf(language));
      return { text, language, types: [...new Set([...dialect.rootTypes, ...finderRootTypes(dialect)])] };
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...files),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        ({ text, language, types }, picks) => {
          const root = parser.parse(text, grammarOf(language))!;
          const index = new RootIndex(root, types);
          const wanted = [...new Set(picks.map((p) => types[p % types.length]!))];
          const asked = wanted.length === 1 ? wanted[0]! : wanted;
          assert.deepEqual(shape(index.descendantsOfType(asked)), shape(root.descendantsOfType(asked)));
          // Asked again (the answer is kept), and a type outside the index walks on its own.
          assert.deepEqual(shape(index.descendantsOfType(asked)), shape(root.descendantsOfType(asked)));
          assert.deepEqual(shape(index.descendantsOfType(['comment'])), shape(root.descendantsOfType(['comment'])));
          assert.equal(index.misses, 1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
