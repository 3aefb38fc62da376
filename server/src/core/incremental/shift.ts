/**
 * Moves every offset at or after `from` by `delta`, in a copy that shares every part that does
 * not move (an analysis of 10k tools copies only what lies after the edit, and arrays such as a
 * wire group's, which hold no offsets, stay the same objects).
 *
 * It is structural on purpose: any plain object with numeric `start` and `end` is a range into
 * this document (OffsetRange, SyntaxProblem), so a field added to the analysis later moves too,
 * and the differential test (`test/core/incremental.test.ts`) holds the walk to a full analysis.
 * An object with a string `file` points into another file and never moves. Functions and class
 * instances (a client profile's rewrite, a server budget) are kept as they are: they hold no
 * offsets of this document.
 */
export function shiftOffsets<T>(value: T, from: number, delta: number): T {
  if (delta === 0) return value;
  const seen = new Map<object, unknown>();
  const shift = (position: number) => (position >= from ? position + delta : position);

  const walk = (item: unknown): unknown => {
    if (typeof item !== 'object' || item === null) return item;
    const known = seen.get(item);
    if (known !== undefined) return known;
    let out: unknown = item;
    if (Array.isArray(item)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < item.length; i += 1) {
        const moved = walk(item[i]);
        if (moved !== item[i]) (copy ??= item.slice())[i] = moved;
      }
      if (copy) out = copy;
    } else if (Object.getPrototypeOf(item) === Object.prototype && typeof (item as { file?: unknown }).file !== 'string') {
      const source = item as Record<string, unknown>;
      let copy: Record<string, unknown> | undefined;
      const isRange = typeof source['start'] === 'number' && typeof source['end'] === 'number';
      for (const key of Object.keys(source)) {
        const field = source[key];
        const moved = isRange && (key === 'start' || key === 'end') ? shift(field as number) : walk(field);
        if (moved !== field) (copy ??= { ...source })[key] = moved;
      }
      if (copy) out = copy;
    }
    seen.set(item, out);
    return out;
  };
  return walk(value) as T;
}
