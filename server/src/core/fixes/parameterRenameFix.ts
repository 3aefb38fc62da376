import type { FixData, OffsetEdit } from '../findings';
import type { InputSchemaSite } from '../formats/model';
import type { ParameterRule } from '../profiles/providers';
import type { TextReader } from '../text/pieceText';
import { stringEdit } from '../source';

/** What an empty key (or one the rules cut to nothing) becomes. */
const EMPTY_KEY = 'param';

/**
 * New names for the schema's failing keys (by index into `schema.keys`), valid under every rule
 * at once: each code point some rule refuses becomes `_`, the key is cut to the shortest limit,
 * then numbered (`_2`, `_3`...) until no sibling key holds it. Proposals are made in document
 * order, each one taken before the next, so two keys of one schema never get the same name.
 * Every known rule allows `_` and digits, so the numbering stays valid.
 */
export function proposeKeys(
  schema: InputSchemaSite,
  rules: readonly ParameterRule[],
  failing: readonly number[],
): Map<number, string> {
  const taken = new Set(schema.keys.map((site) => site.key));
  const maxLength = Math.min(...rules.map((rule) => rule.maxLength));
  const proposals = new Map<number, string>();
  for (const index of failing) {
    const site = schema.keys[index];
    if (!site) continue;
    const proposed = unique(sanitize(site.key, rules, maxLength), taken, maxLength);
    taken.add(proposed);
    proposals.set(index, proposed);
  }
  return proposals;
}

function sanitize(key: string, rules: readonly ParameterRule[], maxLength: number): string {
  let out = '';
  let length = 0;
  for (const char of key) {
    if (length >= maxLength) break;
    out += rules.every((rule) => rule.allowed.test(char)) ? char : '_';
    length += 1;
  }
  return out.length > 0 ? out : EMPTY_KEY;
}

function unique(base: string, taken: ReadonlySet<string>, maxLength: number): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const candidate = base.slice(0, Math.max(0, maxLength - suffix.length)) + suffix;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Renames one property key: its key token in `properties` and every entry of the schema's
 * `required` that names it, and nothing else (arguments in replayed calls are the caller's).
 */
export function parameterRenameFix(
  text: TextReader,
  schema: InputSchemaSite,
  index: number,
  proposed: string,
): FixData | undefined {
  const site = schema.keys[index];
  if (!site) return undefined;
  const edits: OffsetEdit[] = [stringEdit(text, site.range, proposed)];
  for (const entry of schema.required) {
    if (entry.key === site.key) edits.push(stringEdit(text, entry.range, proposed));
  }
  return {
    kind: 'rename-parameter',
    title: `Rename parameter to ${JSON.stringify(proposed)} (callers must send the new key)`,
    proposed,
    edits,
    preferred: true,
    // Unsafe: callers send arguments by this key.
    safety: 'unsafe',
  };
}
