import type { Analysis, LineIndex } from '../../server/src/core';
import type { InvalidUtf8 } from '../../server/src/node/files';
import type { FileReport } from './model';

/** The code of a file the CLI cannot read as JSON, JSONC, JSON Lines or YAML (docs/diagnostics.md). */
export const INVALID_JSON = 'invalid-json';
export const INVALID_JSON_SUMMARY =
  'The file is not valid JSON, JSONC, JSON Lines or YAML, or not valid UTF-8: what it holds cannot be read reliably.';

type Diagnostic = FileReport['diagnostics'][number];

/**
 * At most one `invalid-json` error per file, at the first problem: the first byte that is not
 * UTF-8, else the first syntax error. It is the CLI's, not the core's: in the editor VS Code's
 * JSON support already underlines syntax errors, and the server must not say it twice. JSONC
 * (comments, trailing commas) is valid, as the core reads it.
 */
export function inputDiagnostics(
  _path: string,
  analysis: Analysis,
  lines: LineIndex,
  invalidUtf8: InvalidUtf8 | undefined,
): Diagnostic[] {
  if (invalidUtf8) {
    const at = invalidUtf8.textOffset;
    const byte = invalidUtf8.byte.toString(16).toUpperCase().padStart(2, '0');
    // One sentence for the log line; the why and the fix as the detail, as for every finding.
    const message = `The file is not valid UTF-8: byte 0x${byte} at byte offset ${invalidUtf8.byteOffset} starts no valid character.`;
    const detail = 'JSON must be UTF-8 (or UTF-16 with a byte-order mark); re-save the file as UTF-8.';
    return [
      {
        code: INVALID_JSON,
        severity: 'error',
        message,
        detail,
        range: lines.range({ start: at, end: at + 1 }),
        related: [],
      },
    ];
  }
  const first = analysis.syntaxProblems[0];
  if (!first) return [];
  const more = analysis.syntaxProblems.length - 1;
  // Source code has one such problem: nested past the reader's limit (`CODE_NESTING_LIMITS`).
  if (analysis.documentKind === 'code')
    return [
      {
        code: INVALID_JSON,
        severity: 'error',
        message: `The file is not read: ${words(first.message).replace(/: not read$/, '')}.`,
        detail: 'None of its tools is checked.',
        range: lines.range({ start: first.start, end: first.end }),
        related: [],
      },
    ];
  const kind =
    analysis.documentKind === 'json-lines' ? 'JSON Lines' : analysis.documentKind === 'yaml' ? 'YAML' : 'JSON';
  const where = analysis.documentKind === 'json-lines' ? ` on line ${lines.position(first.start).line + 1}` : '';
  const rest = more > 0 ? ` (and ${more} more syntax ${more === 1 ? 'error' : 'errors'})` : '';
  const effect =
    analysis.documentKind === 'json-lines'
      ? 'That line is not read.'
      : 'Tools after this point may be missing or misread.';
  const message = `The file is not valid ${kind}: ${words(first.message)}${where}${rest}.`;
  return [
    {
      code: INVALID_JSON,
      severity: 'error',
      message,
      detail: effect,
      range: lines.range({ start: first.start, end: first.end }),
      related: [],
    },
  ];
}

/** jsonc-parser's codes (`CommaExpected`) as words (`comma expected`); yaml's sentences lose their capital and final stop. */
function words(code: string): string {
  if (code.includes(' ')) return (code[0] ?? '').toLowerCase() + code.slice(1).replace(/\.$/, '');
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
