/**
 * Offsets into the analysed text, in UTF-16 code units (what JavaScript strings index by, and
 * what LSP positions count in by default). Every finding is located by one of these and turned
 * into line/character exactly once, at the edge (LSP adapter or CLI).
 */
export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

export function offsetRange(start: number, end: number): OffsetRange {
  return { start, end };
}
