/**
 * Whether two JSON-like values (what goes over the wire: objects, arrays, strings, numbers,
 * booleans, null) are equal. Reports are compared before they are sent: encoding ten thousand
 * diagnostics costs more than comparing them (see pull.ts). `skip` leaves out a key at a depth
 * (0: the keys of `a` itself).
 */
export function sameJson(a: unknown, b: unknown, skip?: (key: string, depth: number) => boolean, depth = 0): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i], skip, depth + 1)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  // Keys whose value is undefined are not sent, so they do not count; nor do skipped ones.
  let count = 0;
  for (const key in left) {
    if (left[key] === undefined || skip?.(key, depth)) continue;
    if (!sameJson(left[key], right[key], skip, depth + 1)) return false;
    count += 1;
  }
  for (const key in right) if (right[key] !== undefined && !skip?.(key, depth)) count -= 1;
  return count === 0;
}
