/**
 * The one seam where an edit writes a string: the new value in the style of
 * the token it replaces, so a YAML file keeps its quoting. A JSON string token (it starts with
 * `"`) gets a JSON string literal, which is also a valid YAML double-quoted scalar.
 * - single-quoted stays single-quoted (a quote is doubled), unless the value holds a control
 *   character, which only double quotes can escape;
 * - a plain (or block) scalar stays plain when the value reads back as the same string, and is
 *   double-quoted otherwise.
 */
export function quoteLike(oldToken: string, value: string): string {
  const first = oldToken[0];
  if (first === '"') return JSON.stringify(value);
  if (first === "'") return CONTROL.test(value) ? JSON.stringify(value) : `'${value.replace(/'/g, "''")}'`;
  return isSafePlain(value) ? value : JSON.stringify(value);
}

// Control characters and the line/paragraph separators, which a single-quoted scalar cannot hold as written.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A value safe as a plain scalar anywhere (block or flow): it starts with a letter or `_`
 * (never an indicator, a digit or a sign, so never a number), holds only `[A-Za-z0-9_.-]`
 * (no `:`, `#`, `,` or brackets), and is no word YAML 1.1 or 1.2 reads as a boolean or null.
 */
function isSafePlain(value: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(value) && !RESERVED_WORDS.has(value.toLowerCase());
}

const RESERVED_WORDS: ReadonlySet<string> = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n']);
