import type { Finding, OffsetEdit } from '../findings';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import type { SourceLanguage } from '../source';
import { DISABLE_NEXT_LINE } from './directives';
import { LineIndex } from '../text/lineIndex';
import type { TextReader } from '../text/pieceText';
import { commentFits } from './commentPlace';
import { COMMENT_SYNTAX } from './syntax';

/**
 * Where *Suppress CODE for this tool* writes. A comment goes where the file already takes them
 * (YAML, a `.jsonc` or editor JSONC file, a JSON file that holds a comment); plain JSON and JSON
 * Lines get a `.toolwire.json` `ignore` entry, since their readers reject comments. The text is
 * read whole only when it holds a `//` or `/*` somewhere (a URL, say), to tell a comment apart.
 */
export function suppressTarget(
  text: TextReader,
  analysis: Pick<Analysis, 'documentKind'>,
  options: AnalysisOptions,
): 'comment' | 'config' {
  if (analysis.documentKind === 'json-lines') return 'config';
  const language = options.language ?? 'json';
  if (language !== 'json' || options.commentsAllowed) return 'comment';
  if (text.indexOf('//', 0) < 0 && text.indexOf('/*', 0) < 0) return 'config';
  return COMMENT_SYNTAX.json.scan(String(text), '//').length > 0 ? 'comment' : 'config';
}

/** Lines of a text: an editor's document already knows them (`lines` of `commentSuppressor`). */
interface LineLookup {
  lineOf(offset: number): number;
  lineStart(line: number): number;
}

/**
 * The comment edit that silences a finding: a directive line above the line its range starts on,
 * with that line's indentation and the file's line ending. When the line above already is a
 * directive, the code joins its list instead (a second directive line would leave the first one
 * silencing the second, not the tool). Line starts are found once per text (or given, by an
 * editor's document): the editor asks for every finding of a version, and a file may hold 50k.
 * Only the lines of each finding and the one above are read: whether YAML takes the comment there
 * (`commentFits`, a lexer pass over the whole text) is judged when the fix is asked for, by its
 * proof, not for every finding of every version.
 */
export function commentSuppressor(
  text: TextReader,
  language: SourceLanguage,
  lines: LineLookup = new LineIndex(String(text)),
): (finding: Pick<Finding, 'code' | 'range'>) => OffsetEdit {
  const syntax = COMMENT_SYNTAX[language];
  const prefix = [syntax.linePrefix, ...(syntax.blockPrefix ? [syntax.blockPrefix] : [])]
    .map((p) => p.replace(/[/*#]/g, '\\$&'))
    .join('|');
  const directive = new RegExp(
    `^[ \\t]*(?:${prefix})[ \\t]*${DISABLE_NEXT_LINE}[ \\t]+([^\\s,]+(?:[ \\t]*,[ \\t]*[^\\s,]+)*)`,
  );
  const has = (search: string) => text.indexOf(search, 0) >= 0;
  const eol = has('\r\n') ? '\r\n' : has('\r') && !has('\n') ? '\r' : '\n';
  return (finding) => {
    const line = lines.lineOf(finding.range.start);
    const lineStart = lines.lineStart(line);
    const indent = /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))![0];
    if (line > 0) {
      // A directive line is short: a few hundred characters of a long line above are enough.
      const previousStart = lines.lineStart(line - 1);
      const existing = directive.exec(text.slice(previousStart, Math.min(lineStart, previousStart + 1000)));
      if (existing && !existing[1]!.split(/[ \t]*,[ \t]*/).includes(finding.code)) {
        const at = previousStart + existing.index + existing[0].length;
        return { range: { start: at, end: at }, oldText: '', newText: `, ${finding.code}` };
      }
    }
    return {
      range: { start: lineStart, end: lineStart },
      oldText: '',
      newText: `${indent}${syntax.linePrefix} ${DISABLE_NEXT_LINE} ${finding.code}${eol}`,
    };
  };
}

/**
 * One finding's comment edit (see commentSuppressor, which the editor uses for many), or undefined
 * where the language takes no comment there (inside a YAML scalar that goes on over lines).
 */
export function suppressCommentEdit(
  text: string,
  language: SourceLanguage,
  finding: Pick<Finding, 'code' | 'range'>,
): OffsetEdit | undefined {
  const edit = commentSuppressor(text, language)(finding);
  return commentFits(text, language, [edit]) ? edit : undefined;
}
