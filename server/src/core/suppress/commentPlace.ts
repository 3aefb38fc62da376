import type { OffsetEdit } from '../findings';
import type { SourceLanguage } from '../source';
import { yamlCommentLines } from './yamlCommentLines';

/**
 * Whether a suppression comment's edits land where the language takes them and change no value.
 * A new directive line (its text ends in a line break) must start where a comment line is legal;
 * a code joined to a directive must go inside a comment the lexer reads as one (a line inside a
 * block scalar may only look like a directive). Only YAML is judged: in JSONC and source code a
 * line comment between tokens is always legal, and a line start is never inside a string there
 * (JSON's strings end at a line break; source strings over lines are told apart by the directive
 * scan, so a directive there silences nothing and the proof refuses it).
 */
export function commentFits(text: string, language: SourceLanguage, edits: readonly OffsetEdit[]): boolean {
  if (language !== 'yaml') return true;
  const places = yamlCommentLines(text);
  return edits.every((edit) => {
    // `yaml` reads a lone CR as text, not a line end: the comment would run on over the line below.
    if (edit.newText.endsWith('\r')) return false;
    return edit.newText.endsWith('\n')
      ? places.takesCommentAt(edit.range.start)
      : places.insideComment(edit.range.start);
  });
}
