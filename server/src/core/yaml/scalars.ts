/**
 * Scalar values as `yaml` resolves them with its default schema (YAML 1.2 core: `yaml` 2.9.1,
 * dist/schema/core/*.js and common/null.js, read 2026-12-03), for the subset reader
 * (`subset.ts`). Each test is the package's own, in the package's order: the first that matches wins.
 */
export type ScalarValue = string | number | boolean | null;

const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** Whether a plain scalar starting with this character code may be other than a string: `-+.~`, a digit, `nNtTfF`. */
function mayResolve(code: number): boolean {
  if (code >= 0x30 && code <= 0x39) return true;
  switch (code) {
    case 0x2d: // -
    case 0x2b: // +
    case 0x2e: // .
    case 0x7e: // ~
    case 0x6e: // n
    case 0x4e: // N
    case 0x74: // t
    case 0x54: // T
    case 0x66: // f
    case 0x46: // F
      return true;
    default:
      return false;
  }
}

/** A plain scalar's value: null, a boolean, a number or the string itself. */
export function resolvePlain(source: string): ScalarValue {
  // Most names and words start otherwise, and skip the tests.
  if (source.length > 0 && !mayResolve(source.charCodeAt(0))) return source;
  if (NULL.test(source)) return null;
  if (BOOL.test(source)) return source[0] === 't' || source[0] === 'T';
  // `yaml` reads integers with parseInt (intAsBigInt is off by default), after the prefix.
  if (INT_OCT.test(source)) return Number.parseInt(source.substring(2), 8);
  if (INT.test(source)) return Number.parseInt(source, 10);
  if (INT_HEX.test(source)) return Number.parseInt(source.substring(2), 16);
  if (FLOAT_NAN.test(source))
    return source.slice(-3).toLowerCase() === 'nan'
      ? Number.NaN
      : source[0] === '-'
        ? Number.NEGATIVE_INFINITY
        : Number.POSITIVE_INFINITY;
  if (FLOAT_EXP.test(source) || FLOAT.test(source)) return Number.parseFloat(source);
  return source;
}

/**
 * Folds lines into one value the way plain and folded scalars do: neighbouring lines join with a
 * space, and each empty line between two becomes one line break. Lines are given trimmed.
 */
export function foldLines(lines: readonly string[]): string {
  let value = lines[0] ?? '';
  let breaks = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length === 0) {
      breaks += 1;
      continue;
    }
    value += breaks === 0 ? ` ${line}` : '\n'.repeat(breaks);
    if (breaks > 0) value += line;
    breaks = 0;
  }
  return value;
}

/** The escapes a JSON string has, the only ones the subset reads (YAML's others are left to `yaml`). */
const JSON_ESCAPES = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/g;

/**
 * A one-line double-quoted scalar's value (`token` with its quotes), or undefined when it uses an
 * escape JSON does not have (`\x41`, `\e`, `\ ` and the like stay with `yaml`).
 */
export function doubleQuotedValue(token: string): string | undefined {
  const inner = token.slice(1, -1);
  if (!inner.includes('\\')) return inner;
  if (inner.replace(JSON_ESCAPES, '').includes('\\')) return undefined;
  // Every escape left is JSON's, and JSON's decoding of them is YAML's.
  return JSON.parse(token) as string;
}

/** A one-line single-quoted scalar's value (`token` with its quotes): `''` is one quote. */
export function singleQuotedValue(token: string): string {
  const inner = token.slice(1, -1);
  return inner.includes("''") ? inner.replace(/''/g, "'") : inner;
}
