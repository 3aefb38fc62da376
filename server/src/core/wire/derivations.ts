import type { ToolDeclaration } from '../formats/model';
import { codePointLength } from '../text/codePoints';

/**
 * How a real tool name becomes the name sent to the model (naming-rules.md section 1):
 * - `verbatim`: sent as written (a provider request body is already the wire);
 * - `model-safe`: the agent runtime's form: every code point outside [A-Za-z0-9_-] becomes `_`,
 *   then the result is cut to 64;
 * - `ads`: ADS-2: `invocationName`, else every `.` becomes `-`; never truncated.
 */
export type DerivationId = 'verbatim' | 'model-safe' | 'ads';

export const DERIVATION_IDS: readonly DerivationId[] = ['verbatim', 'model-safe', 'ads'];

const MODEL_SAFE_MAX = 64;
const MODEL_SAFE_ALREADY = /^[A-Za-z0-9_-]*$/;
const MODEL_SAFE_OTHER = /[^A-Za-z0-9_-]/gu;

/**
 * Per Unicode code point, not UTF-16 unit: the reference runtime is Python, whose strings are
 * code points, so "😀" becomes one `_`, not two.
 */
export function modelSafe(name: string): string {
  const mapped = modelSafeCharacters(name);
  return mapped.length > MODEL_SAFE_MAX ? mapped.slice(0, MODEL_SAFE_MAX) : mapped;
}

/**
 * The model-safe character map without the cut: what a proposed name starts from, so that its
 * own cut can fall at a word boundary rather than at the runtime's 64th character.
 */
export function modelSafeCharacters(name: string): string {
  if (MODEL_SAFE_ALREADY.test(name)) return name;
  // Each code point outside the set (a surrogate pair is one, a lone surrogate too) becomes one
  // `_`, so the result is ASCII and its length counts code points: the cut is a slice.
  return name.replace(MODEL_SAFE_OTHER, '_');
}

/** ADS-2 `invocationName`: `^[A-Za-z][A-Za-z0-9_-]{0,63}$`. */
export const ADS_INVOCATION_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** ADS namespacedName: at least one dot, segments of a letter then up to 63 of [A-Za-z0-9-]. */
export const ADS_NAMESPACED_NAME = /^[A-Za-z][A-Za-z0-9-]{0,63}(\.[A-Za-z][A-Za-z0-9-]{0,63})+$/;
export const ADS_MAX = 64;
const ADS_DERIVED_VALID = /^[A-Za-z0-9_-]+$/;

export type AdsOutcome =
  | { readonly kind: 'explicit'; readonly wireName: string }
  | { readonly kind: 'derived'; readonly wireName: string }
  | { readonly kind: 'invalid-invocation-name' }
  | { readonly kind: 'not-invocable'; readonly derived: string; readonly why: 'too-long' | 'invalid' };

export function adsDerive(name: string): string {
  return name.replace(/\./g, '-');
}

export function adsWireName(name: string, declaration: ToolDeclaration): AdsOutcome {
  const explicit = declaration.invocationName;
  if (explicit) {
    return explicit.value !== undefined && ADS_INVOCATION_NAME.test(explicit.value)
      ? { kind: 'explicit', wireName: explicit.value }
      : { kind: 'invalid-invocation-name' };
  }
  const derived = adsDerive(name);
  // MUST NOT truncate: over 64 means not invocable through a constrained interface.
  if (codePointLength(derived) > ADS_MAX) return { kind: 'not-invocable', derived, why: 'too-long' };
  if (!ADS_DERIVED_VALID.test(derived)) return { kind: 'not-invocable', derived, why: 'invalid' };
  return { kind: 'derived', wireName: derived };
}

/** The runtime's own tools (naming-rules.md section 1): a tool whose form equals one is left out. */
export const MODEL_SAFE_RESERVED: readonly string[] = ['tool_search', 'tool_schema', 'reset_tools'];
