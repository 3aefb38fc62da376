import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { PieceDocument } from '../../server/src/pieceDocument';
import { EditLog } from '../../server/src/editLog';

/** Line breaks of every kind, next to each other and split by edits, are what positions get wrong. */
const CHARS = fc.constantFrom('a', 'b', '\n', '\r', '\r\n', '😀', ' ', '"x"');
const TEXT = fc.array(CHARS, { maxLength: 24 }).map((parts) => parts.join(''));

/**
 * A change as a client sends it: a range (possibly reversed, possibly inside a \r\n or past a
 * line's end, on lines the document has) or the whole text. Lines are fractions of the line
 * count at the change's turn (the library mis-counts lines for a range past the last line).
 */
type ChangeSpec =
  | { readonly full: string }
  | {
      readonly lines: readonly [number, number];
      readonly characters: readonly [number, number];
      readonly text: string;
    };
const FRACTION = fc.double({ min: 0, max: 0.999, noNaN: true });
const CHANGE: fc.Arbitrary<ChangeSpec> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      lines: fc.tuple(FRACTION, FRACTION),
      characters: fc.tuple(fc.nat({ max: 8 }), fc.nat({ max: 8 })),
      text: TEXT,
    }),
  },
  { weight: 1, arbitrary: TEXT.map((full) => ({ full })) },
);

function toEvent(spec: ChangeSpec, lineCount: number): TextDocumentContentChangeEvent {
  if ('full' in spec) return { text: spec.full };
  const [l1, l2] = spec.lines.map((f) => Math.floor(f * lineCount)) as [number, number];
  return {
    range: { start: { line: l1, character: spec.characters[0] }, end: { line: l2, character: spec.characters[1] } },
    text: spec.text,
  };
}

/** The events of one didChange, each resolved against the text the previous one left. */
function eventsFor(specs: readonly ChangeSpec[], document: TextDocument): TextDocumentContentChangeEvent[] {
  const scratch = TextDocument.create(document.uri, document.languageId, document.version, document.getText());
  return specs.map((spec) => {
    const event = toEvent(spec, scratch.lineCount);
    TextDocument.update(scratch, [event], scratch.version + 1);
    return event;
  });
}

/** Everything a handler may ask a document, asked of both. */
function assertSame(actual: TextDocument, expected: TextDocument, context: string): void {
  const text = expected.getText();
  assert.equal(actual.getText(), text, context);
  assert.equal(actual.lineCount, expected.lineCount, `${context}: lineCount`);
  assert.equal(actual.version, expected.version, `${context}: version`);
  for (let offset = -1; offset <= text.length + 1; offset += 1)
    assert.deepStrictEqual(actual.positionAt(offset), expected.positionAt(offset), `${context}: positionAt(${offset})`);
  for (let line = -1; line <= expected.lineCount + 1; line += 1) {
    assert.deepStrictEqual(actual.getLineRange(line), expected.getLineRange(line), `${context}: getLineRange(${line})`);
    assert.equal(
      actual.getEOLCharacters(line),
      expected.getEOLCharacters(line),
      `${context}: getEOLCharacters(${line})`,
    );
    for (let character = -1; character <= 8; character += 1) {
      const position = { line, character };
      assert.equal(
        actual.offsetAt(position),
        expected.offsetAt(position),
        `${context}: offsetAt(${line}:${character})`,
      );
      const range = { start: { line: 0, character: 1 }, end: position };
      assert.equal(actual.getText(range), expected.getText(range), `${context}: getText(0:1-${line}:${character})`);
    }
  }
}

describe('PieceDocument answers as the library TextDocument does', () => {
  it('after any didChange: text, lines, positions and offsets', () => {
    fc.assert(
      fc.property(
        TEXT,
        fc.array(fc.array(CHANGE, { minLength: 1, maxLength: 3 }), { maxLength: 12 }),
        (initial, events) => {
          const actual = PieceDocument.create('file:///a.json', 'json', 1, initial);
          const expected = TextDocument.create('file:///a.json', 'json', 1, initial);
          assertSame(actual, expected, 'opened');
          const sent: TextDocumentContentChangeEvent[][] = [];
          events.forEach((specs, i) => {
            const changes = eventsFor(specs, expected);
            sent.push(changes);
            actual.update(changes, i + 2);
            TextDocument.update(expected, changes, i + 2);
            assertSame(actual, expected, `${JSON.stringify(initial)} after ${JSON.stringify(sent)}`);
          });
        },
      ),
      { numRuns: 500, seed: 77 },
    );
  });

  it('the edit log records the offsets each change applied at, as the documents move', () => {
    fc.assert(
      fc.property(
        TEXT,
        fc.array(fc.array(CHANGE, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        (initial, events) => {
          const log = new EditLog();
          const document = log.documents.create('file:///a.json', 'json', 1, initial);
          let text = initial;
          events.forEach((specs, i) => {
            const before = TextDocument.create('file:///a.json', 'json', 1, text);
            const changes = eventsFor(specs, before);
            log.documents.update(document, changes, i + 2);
            const expected = TextDocument.update(before, changes, i + 2).getText();
            for (const change of log.since('file:///a.json', i + 1, i + 2) ?? assert.fail('no changes logged'))
              text = text.slice(0, change.start) + change.text + text.slice(change.end);
            assert.equal(text, expected);
            assert.equal(document.getText(), expected);
          });
        },
      ),
      { numRuns: 300, seed: 78 },
    );
  });
});
