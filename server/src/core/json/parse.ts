import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { parseJsonSkeleton } from './skeleton';
import { parseJsonTree, type Keep } from './tree';

/**
 * One JSON value of the document. A plain JSON/JSONC file has one; a JSON Lines file has one
 * per non-blank line. jsonc-parser's node offsets are relative to the text it parsed, so a JSON
 * Lines value carries the offset of its line (`base`): absolute offset = base + node.offset.
 */
export interface RootValue {
  readonly node: Node;
  readonly base: number;
  /** JSON pointer prefix of this value: "" for a JSON file, "/<line index>" for JSON Lines. */
  readonly pointer: string;
}

export interface SyntaxProblem {
  readonly message: string;
  readonly start: number;
  readonly end: number;
  /** The parser's own code for the problem, when it has one (YAML's `DUPLICATE_KEY`, say). */
  readonly code?: string;
}

export interface ParsedDocument {
  /** `yaml` for any YAML stream, one document or several (see yaml/parse.ts); `code` for source (code/parse.ts). */
  readonly kind: 'json' | 'json-lines' | 'yaml' | 'code' | 'empty';
  readonly values: readonly RootValue[];
  readonly problems: readonly SyntaxProblem[];
}

const PARSE_OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true } as const;

/** jsonc-parser's ParseErrorCode.EndOfFileExpected: a second value after the first one. */
const END_OF_FILE_EXPECTED = 9;

/**
 * Parses JSON, JSONC or JSON Lines. Never throws: a document that cannot be read yields no
 * values, and every syntax error comes back as a problem (the JSON language service already
 * shows those to the user; we keep them for the CLI and for tests).
 */
export function parseDocument(text: string, keep?: Keep): ParsedDocument {
  try {
    // With `keep`, only what is under those keys is built (json/skeleton.ts); without, the whole tree.
    const tree: TreeReader = keep
      ? (t, errors) => parseJsonSkeleton(t, errors, PARSE_OPTIONS, keep)
      : (t, errors) => parseJsonTree(t, errors, PARSE_OPTIONS);
    return parseUnsafe(text, tree);
  } catch (error) {
    // jsonc-parser is not known to throw, but a parser bug must not take the server down.
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'empty', values: [], problems: [{ message: `parser failure: ${message}`, start: 0, end: 0 }] };
  }
}

type TreeReader = (text: string, errors: ParseError[]) => Node | undefined;

function parseUnsafe(text: string, tree: TreeReader): ParsedDocument {
  const errors: ParseError[] = [];
  const node = tree(text, errors);
  if (!node) {
    return { kind: 'empty', values: [], problems: errors.map(toProblem) };
  }
  const secondValue = errors.find((e) => e.error === END_OF_FILE_EXPECTED);
  if (secondValue && isJsonLinesShape(text, node, secondValue.offset)) {
    return parseJsonLines(text, tree);
  }
  return { kind: 'json', values: [{ node, base: 0, pointer: '' }], problems: errors.map(toProblem) };
}

/**
 * JSON Lines only when the first value sits on one line and the next starts on a later one.
 * A multi-line document followed by a stray `}` (common mid-typing) stays JSON, so its tools
 * keep their diagnostics instead of vanishing while the user fixes the brace.
 */
function isJsonLinesShape(text: string, first: Node, secondOffset: number): boolean {
  const firstValue = text.slice(first.offset, first.offset + first.length);
  const between = text.slice(first.offset + first.length, secondOffset);
  return !firstValue.includes('\n') && between.includes('\n');
}

/** JSON Lines: every non-blank line is one value; a broken line is one problem, never fatal. */
function parseJsonLines(text: string, tree: TreeReader): ParsedDocument {
  const values: RootValue[] = [];
  const problems: SyntaxProblem[] = [];
  let lineStart = 0;
  let lineIndex = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim().length > 0) {
      const errors: ParseError[] = [];
      const node = tree(line, errors);
      if (node) values.push({ node, base: lineStart, pointer: `/${lineIndex}` });
      for (const e of errors) problems.push(toProblem(e, lineStart));
    }
    lineStart = lineEnd + 1;
    lineIndex += 1;
  }
  return { kind: 'json-lines', values, problems };
}

function toProblem(error: ParseError, base = 0): SyntaxProblem {
  const start = base + error.offset;
  return { message: printParseErrorCode(error.error), start, end: start + error.length };
}
