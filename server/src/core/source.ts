import { isReadKey } from './formats/readKeys';
import type { OffsetEdit } from './findings';
import { parseCode, type CodeReading, type StringWriter } from './code/parse';
import { isCodeLanguage, type CodeParser } from './code/syntax';
import { quoteLike } from './yaml/quote';
import { parseDocument, type ParsedDocument } from './json/parse';
import type { OffsetRange } from './json/ranges';
import { parseYaml } from './yaml/parse';
import type { TextReader } from './text/pieceText';

import type { SourceLanguage } from './languages';

export { languageOfPath, type SourceLanguage } from './languages';

export type { StringWriter };
export type { CodeReading };

/** A parsed document and the edit builder that writes a string token in its syntax. */
export interface SourceDocument extends ParsedDocument {
  readonly strings: StringWriter;
  /** Source code only: whether it was parsed, and the declarations with computed names. */
  readonly code?: CodeReading;
}

/** Reads JSON (JSONC, JSON Lines) or YAML into the tree the recognisers read. */
export type TreeReader = (text: string, language: 'json' | 'yaml') => ParsedDocument;

/**
 * JSON and YAML are read as a skeleton: subtrees under keys no recogniser reads are built only when read
 * (to save time and memory on large files). The differential test passes the full-tree reader instead, its oracle.
 */
export const skeletonReader: TreeReader = (text, language) =>
  language === 'yaml' ? parseYaml(text, isReadKey) : parseDocument(text, isReadKey);

/**
 * How a JSON or YAML text writes a string (the edit keeps the token's own quoting). It reads
 * the old token alone, so a `PieceText` is never joined for it.
 */
export function dataStrings(text: string | TextReader): StringWriter {
  // A YAML alias (`- *tool`) copies its anchor's values to its own place: the token there is the
  // alias, never the string, so no edit there can rename that copy alone (a plain scalar cannot
  // start with `*`, a JSON string never does).
  return (range: OffsetRange, value: string): OffsetEdit | undefined =>
    text.slice(range.start, range.start + 1) === '*' ? undefined : stringEdit(text, range, value);
}

/**
 * Replaces a string token (JSON, or a YAML scalar in its own quoting style), keeping the text it
 * expects so a stale edit can be refused.
 */
export function stringEdit(text: TextReader, range: OffsetRange, value: string): OffsetEdit {
  const oldText = text.slice(range.start, range.end);
  return { range, oldText, newText: quoteLike(oldText, value) };
}

/** The one reader of a document's text, in its language, as the JSON tree the recognisers read. */
export function parseSource(
  text: string,
  language: SourceLanguage = 'json',
  parser?: CodeParser,
  reader: TreeReader = skeletonReader,
): SourceDocument {
  if (isCodeLanguage(language)) return parseCode(text, language, parser);
  return { ...reader(text, language), strings: dataStrings(text) };
}
