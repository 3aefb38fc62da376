import type { OffsetEdit } from '../../../server/src/core';

/** Lines of context around a change, as `diff -u` and `git diff` print. */
const CONTEXT = 3;

/** One changed run of lines: old lines [oldStart, oldEnd) become `added` (0-based, with terminators). */
interface Block {
  readonly oldStart: number;
  readonly oldEnd: number;
  readonly added: readonly string[];
}

/**
 * A unified diff (`--- a/PATH`, `+++ b/PATH`, `@@` hunks) from a text and the offset edits that
 * fix it, for `git apply` or `patch -p1`. The changed lines come from the edits themselves, so the
 * diff costs what the edits touch plus the file's line count (a fix-all of ten thousand names
 * needs no quadratic line matching). Lines keep their terminators byte for byte: a CRLF file's
 * lines end in `\r` in the diff, as `git diff` prints them, and a last line without a newline is
 * marked `\ No newline at end of file`. `bom` puts a UTF-8 BOM back in front of line 1.
 */
export function unifiedDiff(path: string, text: string, edits: readonly OffsetEdit[], bom = false): string {
  const starts = lineStarts(text);
  const lineOf = (offset: number) => Math.max(0, upperBound(starts, offset) - 1);
  const oldLine = (i: number) =>
    `${i === 0 && bom ? '\ufeff' : ''}${text.slice(starts[i], starts[i + 1] ?? text.length)}`;
  const blocks = changedBlocks(text, edits, starts, lineOf, bom);
  if (blocks.length === 0) return '';
  // A name with a space ends in a tab, as git prints it: patch(1) would stop at the space.
  const end = path.includes(' ') ? '\t' : '';
  const lines: string[] = [`--- a/${path}${end}\n`, `+++ b/${path}${end}\n`];
  const lineCount = starts.length;
  let delta = 0;
  for (let i = 0; i < blocks.length; ) {
    // Blocks closer than twice the context share one hunk.
    let j = i;
    while (j + 1 < blocks.length && blocks[j + 1]!.oldStart - blocks[j]!.oldEnd <= 2 * CONTEXT) j++;
    const from = Math.max(0, blocks[i]!.oldStart - CONTEXT);
    const to = Math.min(lineCount, blocks[j]!.oldEnd + CONTEXT);
    const body: string[] = [];
    let oldCount = 0;
    let newCount = 0;
    let at = from;
    const deltaBefore = delta;
    for (let k = i; k <= j; k++) {
      const block = blocks[k]!;
      for (; at < block.oldStart; at++, oldCount++, newCount++) body.push(...diffLine(' ', oldLine(at)));
      for (; at < block.oldEnd; at++, oldCount++) body.push(...diffLine('-', oldLine(at)));
      for (const added of block.added) {
        body.push(...diffLine('+', added));
        newCount++;
      }
      delta += block.added.length - (block.oldEnd - block.oldStart);
    }
    for (; at < to; at++, oldCount++, newCount++) body.push(...diffLine(' ', oldLine(at)));
    const oldFrom = oldCount === 0 ? from : from + 1;
    const newFrom = newCount === 0 ? from + deltaBefore : from + deltaBefore + 1;
    lines.push(`@@ -${range(oldFrom, oldCount)} +${range(newFrom, newCount)} @@\n`, ...body);
    i = j + 1;
  }
  return lines.join('');
}

function range(start: number, count: number): string {
  return count === 1 ? `${start}` : `${start},${count}`;
}

function diffLine(mark: string, line: string): string[] {
  return line.endsWith('\n') ? [`${mark}${line}`] : [`${mark}${line}\n`, '\\ No newline at end of file\n'];
}

/**
 * The edits grouped by the lines they touch, each group's lines rewritten, and lines equal on
 * both sides trimmed from its ends (a rename changes one line, not its neighbours).
 */
function changedBlocks(
  text: string,
  edits: readonly OffsetEdit[],
  starts: readonly number[],
  lineOf: (offset: number) => number,
  bom: boolean,
): Block[] {
  const sorted = [...edits].sort((a, b) => a.range.start - b.range.start);
  const blocks: Block[] = [];
  for (let i = 0; i < sorted.length; ) {
    const first = lineOf(sorted[i]!.range.start);
    let last = lineOf(sorted[i]!.range.end);
    let j = i;
    while (j + 1 < sorted.length && lineOf(sorted[j + 1]!.range.start) <= last) {
      j++;
      last = Math.max(last, lineOf(sorted[j]!.range.end));
    }
    const from = starts[first] ?? 0;
    const to = starts[last + 1] ?? text.length;
    let rewritten = '';
    let cursor = from;
    for (let k = i; k <= j; k++) {
      const edit = sorted[k]!;
      rewritten += text.slice(cursor, edit.range.start) + edit.newText;
      cursor = edit.range.end;
    }
    rewritten += text.slice(cursor, to);
    const prefix = first === 0 && bom ? '\ufeff' : '';
    const oldLines = splitLines(prefix + text.slice(from, to));
    const newLines = splitLines(prefix + rewritten);
    let head = 0;
    while (head < oldLines.length && head < newLines.length && oldLines[head] === newLines[head]) head++;
    let tail = 0;
    while (
      tail < oldLines.length - head &&
      tail < newLines.length - head &&
      oldLines[oldLines.length - 1 - tail] === newLines[newLines.length - 1 - tail]
    )
      tail++;
    if (head < oldLines.length - tail || head < newLines.length - tail) {
      blocks.push({
        oldStart: first + head,
        oldEnd: first + oldLines.length - tail,
        added: newLines.slice(head, newLines.length - tail),
      });
    }
    i = j + 1;
  }
  return blocks;
}

/** Lines with their terminators; a text without a final newline ends in a line without one. */
function splitLines(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
    out.push(text.slice(start, nl + 1));
    start = nl + 1;
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** Where each line starts; an empty last line after a final newline is not a line, nor is an empty text. */
function lineStarts(text: string): number[] {
  if (text === '') return [];
  const starts = [0];
  for (let nl = text.indexOf('\n'); nl !== -1 && nl + 1 < text.length; nl = text.indexOf('\n', nl + 1))
    starts.push(nl + 1);
  return starts;
}

/** The number of elements <= value in a sorted array. */
function upperBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
