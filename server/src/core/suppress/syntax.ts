import { createScanner } from 'jsonc-parser';
import { Lexer } from 'yaml';
import { grammarOf, type CodeLanguage, type CodeParser } from '../code/syntax';
import { hasTriggerImport } from '../code/triggers';
import type { SourceLanguage } from '../source';

/** One comment of the document: its whole token (delimiters included) and its text inside them. */
export interface SourceComment {
  readonly start: number;
  readonly end: number;
  readonly body: string;
  /** Where `body` starts in the document. */
  readonly bodyStart: number;
  /** A block comment (`/* … *\/`): honoured only alone on its line, as ESLint does. */
  readonly block: boolean;
}

/**
 * How one front-end writes comments: the prefix a suppression comment is written with, and the
 * scanner that finds comments as the language reads them (never inside a string). A new syntax
 * plugs in with one entry in COMMENT_SYNTAX.
 */
export interface CommentSyntax {
  readonly linePrefix: string;
  /** The opening of a block comment, when the syntax has one (a directive may be written so). */
  readonly blockPrefix?: string;
  /**
   * The comments of a text, in order. With `needle`, a scanner may return only the comments on
   * lines that hold it (a directive's keyword), when it can find those exactly without reading
   * the whole text. Source code is read with the adapter's tree-sitter (`code`, the analysis's
   * own parser): its comment nodes are exact where a hand lexer would guess (regex literals,
   * template strings, triple quotes).
   */
  readonly scan: (text: string, needle?: string, code?: CodeParser) => readonly SourceComment[];
}

export const COMMENT_SYNTAX: Readonly<Record<SourceLanguage, CommentSyntax>> = {
  json: { linePrefix: '//', blockPrefix: '/*', scan: jsonComments },
  yaml: { linePrefix: '#', scan: yamlComments },
  typescript: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('typescript', '//') },
  tsx: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('tsx', '//') },
  javascript: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('javascript', '//') },
  python: { linePrefix: '#', scan: codeComments('python', '#') },
  go: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('go', '//') },
  java: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('java', '//') },
  rust: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('rust', '//') },
  csharp: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('csharp', '//') },
  kotlin: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('kotlin', '//') },
  swift: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('swift', '//') },
  ruby: { linePrefix: '#', scan: codeComments('ruby', '#') },
  php: { linePrefix: '//', blockPrefix: '/*', scan: codeComments('php', '//') },
};

/** The comment node types of each grammar: Java's, Rust's, Kotlin's and Swift's split line and block comments. */
const COMMENT_NODES: Readonly<Record<CodeLanguage, readonly string[]>> = {
  typescript: ['comment'],
  tsx: ['comment'],
  javascript: ['comment'],
  python: ['comment'],
  go: ['comment'],
  java: ['line_comment', 'block_comment'],
  rust: ['line_comment', 'block_comment'],
  csharp: ['comment'],
  kotlin: ['line_comment', 'multiline_comment'],
  swift: ['comment', 'multiline_comment'],
  ruby: ['comment'],
  php: ['comment'],
};

/**
 * Comment nodes of tree-sitter's tree. Only a file the code front-end reads (it imports a known
 * library) has directives: elsewhere a directive would silence nothing and be reported as unused
 * in a file that declares no tools.
 */
function codeComments(language: CodeLanguage, linePrefix: string): CommentSyntax['scan'] {
  return (text, needle, code) => {
    if (!code || !hasTriggerImport(text, language, code.projectLibraries, code.projectWrappers)) return [];
    const root = code.parse(text, grammarOf(language));
    if (!root) return [];
    const out: SourceComment[] = [];
    for (const node of root.descendantsOfType([...COMMENT_NODES[language]])) {
      if (!node) continue;
      const { startIndex: start, endIndex: end } = node;
      const raw = text.slice(start, end);
      if (needle !== undefined && !raw.includes(needle)) continue;
      const block = raw.startsWith('/*');
      // PHP also writes line comments with `#`.
      const open = block ? 2 : raw.startsWith(linePrefix) ? linePrefix.length : 1;
      out.push({
        start,
        end,
        block,
        bodyStart: start + open,
        body: block ? raw.slice(2, raw.endsWith('*/') ? -2 : undefined) : raw.slice(open),
      });
    }
    return out;
  };
}

/** jsonc-parser's SyntaxKind values (a const enum, which isolated modules cannot read). */
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const EOF = 17;

/**
 * jsonc-parser's scanner reports comment tokens, so a `//` inside a string is never one. Without a
 * block comment in the text, each line can be scanned alone (a JSON string ends at a line break),
 * so only the lines holding `needle` are read: the whole-text scan costs about a tenth of an
 * analysis, and a description's URL puts `//` in most tool files.
 */
function jsonComments(text: string, needle?: string): SourceComment[] {
  const out: SourceComment[] = [];
  if (needle === undefined || text.includes('/*')) {
    scanJson(text, 0, text.length, out);
    return out;
  }
  for (let at = text.indexOf(needle); at >= 0; ) {
    let start = at;
    while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start -= 1;
    let end = at + needle.length;
    while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end += 1;
    scanJson(text, start, end, out);
    at = text.indexOf(needle, end);
  }
  return out;
}

function scanJson(text: string, from: number, to: number, out: SourceComment[]): void {
  const part = from === 0 && to === text.length ? text : text.slice(from, to);
  const scanner = createScanner(part, false);
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind !== LINE_COMMENT && kind !== BLOCK_COMMENT) continue;
    const start = from + scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    const raw = text.slice(start, end);
    const block = kind === BLOCK_COMMENT;
    out.push({
      start,
      end,
      block,
      bodyStart: start + 2,
      body: block ? raw.slice(2, raw.endsWith('*/') ? -2 : undefined) : raw.slice(2),
    });
  }
}

/** The `yaml` lexer's control tokens: markers that stand for no source text. */
const YAML_CONTROL = new Set(['\x02', '\x18', '\x1f']);

/**
 * YAML comments from `yaml`'s lexer, which knows a `#` inside a block scalar or a quoted string is
 * text (those come as one token that starts with their indentation or quote). The lexer alone,
 * not the parser: it is about six times cheaper, and a comment's place is all that is needed.
 */
function yamlComments(text: string): SourceComment[] {
  const out: SourceComment[] = [];
  let offset = 0;
  for (const token of new Lexer().lex(text)) {
    if (token.length === 1 && YAML_CONTROL.has(token)) continue;
    if (token.charCodeAt(0) === 0x23 /* # */)
      out.push({
        start: offset,
        end: offset + token.length,
        block: false,
        bodyStart: offset + 1,
        body: token.slice(1),
      });
    offset += token.length;
  }
  return out;
}
