import type { ProviderProfile } from './providers';

/** Why a name fails (or is cautioned by) a profile. Characters are whole code points. */
export type Reason =
  | { readonly kind: 'empty' }
  | {
      readonly kind: 'character';
      readonly char: string;
      readonly index: number;
      readonly count: number;
      readonly allowed: string;
    }
  | { readonly kind: 'first-character'; readonly char: string; readonly allowed: string }
  | { readonly kind: 'length'; readonly length: number; readonly max: number }
  | { readonly kind: 'practical-length'; readonly length: number; readonly max: number }
  | { readonly kind: 'edge-character'; readonly char: string };

export interface Verdict {
  /** False when the provider rejects the name (a `should` profile never rejects, it cautions). */
  readonly accepted: boolean;
  /** Reasons for rejection, or for caution when accepted. Empty when the name is simply fine. */
  readonly reasons: readonly Reason[];
}

/** The verdict on a name with nothing to say: one frozen object, so callers can share what holds it. */
export const ACCEPTED: Verdict = Object.freeze({ accepted: true, reasons: Object.freeze([]) });

/**
 * Checks one name against one profile. The common case (an ASCII name that passes) costs one
 * loop over the characters with no allocation; reasons are only built for failing names.
 */
export function checkName(profile: ProviderProfile, name: string, scope: 'full' | 'length' = 'full'): Verdict {
  if (name.length === 0) return reject(profile, [{ kind: 'empty' }]);
  if (scope === 'full' && profile.pattern.test(name)) return caution(profile, name, name.length);
  const reasons: Reason[] = [];
  let length = 0;
  let firstBad: { char: string; index: number } | undefined;
  let badCount = 0;
  let firstChar = '';
  for (const char of name) {
    if (length === 0) firstChar = char;
    else if (scope === 'full' && !profile.rest.test(char)) {
      badCount += 1;
      firstBad ??= { char, index: length };
    }
    length += 1;
  }
  if (scope === 'full') {
    const firstAllowed = profile.first ?? profile.rest;
    if (!firstAllowed.test(firstChar)) {
      if (profile.first && profile.rest.test(firstChar)) {
        reasons.push({ kind: 'first-character', char: firstChar, allowed: profile.firstText ?? profile.restText });
      } else {
        badCount += 1;
        firstBad = { char: firstChar, index: 0 };
      }
    }
    if (firstBad)
      reasons.push({
        kind: 'character',
        char: firstBad.char,
        index: firstBad.index,
        count: badCount,
        allowed: profile.restText,
      });
  }
  if (length > profile.maxLength) reasons.push({ kind: 'length', length, max: profile.maxLength });
  if (reasons.length > 0) return reject(profile, reasons);
  return caution(profile, name, length);
}

function reject(profile: ProviderProfile, reasons: Reason[]): Verdict {
  return { accepted: profile.strength === 'should', reasons };
}

function caution(profile: ProviderProfile, name: string, length: number): Verdict {
  // Made only when there is something to say: nearly every name of every client is plainly
  // accepted, and an empty list per name was garbage.
  let reasons: Reason[] | undefined;
  if (profile.practicalMaxLength !== undefined && length > profile.practicalMaxLength) {
    reasons = [{ kind: 'practical-length', length, max: profile.practicalMaxLength }];
  }
  const edges = profile.discouragedAtEdges;
  if (edges) {
    const first = name[0] ?? '';
    const last = name[name.length - 1] ?? '';
    if (edges.includes(first)) (reasons ??= []).push({ kind: 'edge-character', char: first });
    else if (edges.includes(last)) (reasons ??= []).push({ kind: 'edge-character', char: last });
  }
  return reasons === undefined ? ACCEPTED : { accepted: true, reasons };
}

/**
 * Controls, format characters (zero-width space, bidi marks), surrogates, private use,
 * unassigned, separators and lone combining marks: shown by code point only, because printing
 * them would show nothing, or would reorder or decorate the text around them.
 */
const INVISIBLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Z}\p{M}]$/u;

/** "." (U+002E): the character and its code point, so invisible characters can be seen. */
export function describeChar(char: string): string {
  const codePoint = char.codePointAt(0) ?? 0;
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
  return INVISIBLE.test(char) ? `U+${hex}` : `"${char}" (U+${hex})`;
}

export function describeReason(reason: Reason): string {
  switch (reason.kind) {
    case 'empty':
      return 'the name is empty';
    case 'character': {
      const more = reason.count > 1 ? ` and ${reason.count - 1} more` : '';
      return `${describeChar(reason.char)} at character ${reason.index + 1}${more} is outside ${reason.allowed}`;
    }
    case 'first-character':
      return `the first character ${describeChar(reason.char)} must be ${reason.allowed}`;
    case 'length':
      return `${reason.length} characters, over the limit of ${reason.max}`;
    case 'practical-length':
      return `${reason.length} characters: documented limit 64, but names over ${reason.max} fail in practice`;
    case 'edge-character':
      return `${describeChar(reason.char)} at the start or end is discouraged`;
  }
}
