import type { Finding, OffsetEdit } from '../findings';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import type { SourceLanguage } from '../source';
import { DISABLE_NEXT_LINE } from './directives';
import { COMMENT_SYNTAX } from './syntax';

/**
 * Where *Suppress CODE for this tool* writes. A comment goes where the file already takes them
 * (YAML, a `.jsonc` or editor JSONC file, a JSON file that holds a comment); plain JSON and JSON
 * Lines get a `.toolwire.json` `ignore` entry, since their readers reject comments.
 */
export function suppressTarget(text: string, analysis: Pick<Analysis, 'documentKind'>, options: AnalysisOptions): 'comment' | 'config' {
  if (analysis.documentKind === 'json-lines') return 'config';
  const language = options.language ?? 'json';
  if (language !== 'json' || options.commentsAllowed) return 'comment';
  if (!text.includes('//') && !text.includes('/*')) return 'config';
  return COMMENT_SYNTAX.json.scan(text).length > 0 ? 'comment' : 'config';
}

/**
 * The comment edit that silences `finding`: a directive line above the line its range starts on,
 * with that line's indentation and the file's line ending. When the line above already is a
 * directive, the code joins its list instead (a second directive line would leave the first one
 * silencing the second, not the tool).
 */
export function suppressCommentEdit(text: string, language: SourceLanguage, finding: Pick<Finding, 'code' | 'range'>): OffsetEdit {
  const lineStart = startOfLine(text, finding.range.start);
  const indent = /^[ \t]*/.exec(text.slice(lineStart, lineStart + 200))![0];
  const previous = previousLine(text, lineStart);
  if (previous) {
    const syntax = COMMENT_SYNTAX[language];
    const prefix = [syntax.linePrefix, ...(syntax.blockPrefix ? [syntax.blockPrefix] : [])].map((p) => p.replace(/[/*#]/g, '\\$&')).join('|');
    const existing = new RegExp(`^[ \\t]*(?:${prefix})[ \\t]*${DISABLE_NEXT_LINE}[ \\t]+([^\\s,]+(?:[ \\t]*,[ \\t]*[^\\s,]+)*)`).exec(previous.text);
    if (existing && !existing[1]!.split(/[ \t]*,[ \t]*/).includes(finding.code)) {
      const at = previous.start + existing.index + existing[0].length;
      return { range: { start: at, end: at }, oldText: '', newText: `, ${finding.code}` };
    }
  }
  const eol = text.includes('\r\n') ? '\r\n' : text.includes('\r') && !text.includes('\n') ? '\r' : '\n';
  return { range: { start: lineStart, end: lineStart }, oldText: '', newText: `${indent}${COMMENT_SYNTAX[language].linePrefix} ${DISABLE_NEXT_LINE} ${finding.code}${eol}` };
}

function startOfLine(text: string, offset: number): number {
  let i = Math.min(offset, text.length);
  while (i > 0 && text[i - 1] !== '\n' && text[i - 1] !== '\r') i -= 1;
  return i;
}

function previousLine(text: string, lineStart: number): { start: number; text: string } | undefined {
  if (lineStart === 0) return undefined;
  let end = lineStart - 1;
  if (text[end] === '\n' && text[end - 1] === '\r') end -= 1;
  const start = startOfLine(text, end);
  return { start, text: text.slice(start, end) };
}
