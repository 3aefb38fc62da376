/**
 * Characters shown as `⟨U+000A⟩` instead of themselves: line breaks would end the line (a heading,
 * a table row or a fake CLI finding could follow), other controls are invisible or drive a
 * terminal (ESC), and bidirectional overrides reorder what the reader sees (Trojan Source).
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

export function visible(text: string): string {
  return text.replace(INVISIBLE, (c) => `⟨U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`);
}
