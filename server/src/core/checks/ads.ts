import type { NameFixIntent } from '../findings';
import { ADS_INVOCATION_NAME, ADS_MAX, ADS_NAMESPACED_NAME } from '../wire/derivations';
import { quote, type CheckContext, type ToolVisitor } from './context';

/**
 * ADS-2 checks: capability names must be namespacedNames, explicit invocationNames must be valid,
 * and a derived name over 64 (or still invalid) is not invocable (clients MUST NOT truncate).
 */
export function checkAdsCapabilities(context: CheckContext): ToolVisitor | undefined {
  if (context.settings.derivation !== 'ads') return undefined;
  return (tool, local) => {
    const global = local + context.firstTool;
    const name = tool.name;
    if (name === undefined) return;
    const site = tool.declaration.name;
    if (context.request.format === 'ads-manifest' && !ADS_NAMESPACED_NAME.test(name)) {
      context.sink.add('invalid-capability-name', 'error', {
        message: `Capability name ${quote(name)} is not an ADS namespacedName: ${namespacedNameProblem(name)}.`,
        detail: `ADS-2 requires ^[A-Za-z][A-Za-z0-9-]{0,63}(\\.[A-Za-z][A-Za-z0-9-]{0,63})+$. Rename it to a reverse-DNS name${name.includes('.') ? '' : ` such as ${quote(`com.example.${name.replace(/_/g, '-')}`)}`}.`,
        range: site.range,
        pointer: site.pointer,
        related: [],
        tool: global,
      });
    }
    const wire = context.census.wires[local];
    const ads = wire?.ads;
    if (!ads) return;
    if (ads.kind === 'invalid-invocation-name') {
      const explicit = tool.declaration.invocationName!;
      context.sink.add('invalid-invocation-name', 'error', {
        message:
          explicit.value === undefined
            ? 'invocationName must be a string: the capability cannot be invoked.'
            : `invocationName ${quote(explicit.value)} is invalid: ${invocationNameProblem(explicit.value)}.`,
        detail: `ADS-2 requires ^[A-Za-z][A-Za-z0-9_-]{0,63}$. Until it is fixed, clients cannot invoke ${quote(name)}.`,
        range: explicit.range,
        pointer: explicit.pointer,
        related: [],
        tool: global,
        nameFix: INVOCATION_NAME_FIX,
      });
    } else if (ads.kind === 'not-invocable') {
      const length = [...ads.derived].length;
      // The message names the derived name, the would-be wire name; the squiggle is on the written one.
      const message =
        ads.why === 'too-long'
          ? `Not invocable: derives ${quote(ads.derived)}, ${length} characters, over ADS-2's ${ADS_MAX}.`
          : `Not invocable: derives ${quote(ads.derived)}, not a valid tool name ([A-Za-z0-9_-] only).`;
      const why =
        ads.why === 'too-long'
          ? 'ADS-2 forbids truncating it, so clients MUST treat the capability as not invocable and models never see it.'
          : 'Clients cannot invoke the capability, and models never see it.';
      context.sink.add('not-invocable', 'error', {
        message,
        detail: `${why} Add an invocationName.`,
        range: site.range,
        pointer: site.pointer,
        related: [],
        tool: global,
        nameFix: INVOCATION_NAME_FIX,
      });
    }
  };
}

const INVOCATION_NAME_FIX: NameFixIntent = Object.freeze({ kind: 'invocation-name', preferred: true });

function namespacedNameProblem(name: string): string {
  if (!name.includes('.')) return 'it needs at least one "."';
  const segments = name.split('.');
  for (const segment of segments) {
    if (segment.length === 0) return 'it has an empty segment (two dots in a row, or a dot at an end)';
    if (!/^[A-Za-z]/.test(segment)) return `segment ${quote(segment)} must start with a letter`;
    if (segment.includes('_'))
      return `segment ${quote(segment)} contains "_", which namespacedNames do not allow (use "-")`;
    const bad = /[^A-Za-z0-9-]/u.exec(segment);
    if (bad) return `segment ${quote(segment)} contains ${quote(bad[0])}, outside [A-Za-z0-9-]`;
    if ([...segment].length > 64) return `segment ${quote(`${segment.slice(0, 20)}…`)} is over 64 characters`;
  }
  return 'it does not match the pattern';
}

function invocationNameProblem(value: string): string {
  if (value.length === 0) return 'it is empty';
  if (!/^[A-Za-z]/.test(value)) return 'it must start with a letter';
  if ([...value].length > 64) return `${[...value].length} characters, over 64`;
  const bad = /[^A-Za-z0-9_-]/u.exec(value);
  if (bad) return `${quote(bad[0])} is outside [A-Za-z0-9_-]`;
  return ADS_INVOCATION_NAME.test(value) ? 'valid' : 'it does not match';
}
