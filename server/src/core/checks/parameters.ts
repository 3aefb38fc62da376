import type { ClientCensusOptions } from '../clients/census';
import type { ClientId } from '../clients/profiles';
import { CLIENTS } from '../clients/profiles';
import { joinPointer } from '../json/nodes';
import { parameterRenameFix, proposeKeys } from '../fixes/parameterRenameFix';
import type { InputSchemaSite } from '../formats/model';
import { PROVIDERS, type ParameterRule, type ProviderId } from '../profiles/providers';
import { describeReason, type Reason } from '../profiles/verdict';
import { quote, type CheckContext, type ToolVisitor } from './context';

/** One provider rule that judges the keys, and who sends the schema to it. */
interface Judge {
  readonly rule: ParameterRule;
  /** The providers that hold this rule, in target order. */
  readonly providers: ProviderId[];
  /** MCP clients that send the schema to one of them unchanged, when no target does. */
  readonly clients: ClientId[];
  /** Their labels, from the registry the census used (a test may inject a profile). */
  readonly clientLabels: string[];
}

/**
 * invalid-parameter-name: a key of a tool's input schema `properties` that a
 * provider rejects fails the whole request, like a bad tool name. Judged by the request's
 * targets (the provider of a request body; the targets of an MCP file or tool array) and, for MCP
 * files, by the provider of each enabled client: clients rename tools but pass schemas through
 * unchanged, so the provider's rule applies as is. Providers without a known rule judge nothing.
 */
export function checkParameterNames(context: CheckContext, clients?: ClientCensusOptions): ToolVisitor | undefined {
  if (!context.sink.enabled('invalid-parameter-name')) return undefined;
  const judges = judgesOf(context.settings.targets, clients);
  if (judges.length === 0) return undefined;
  const rules = judges.map((j) => j.rule);
  return (tool, local) => {
    const schema = tool.declaration.inputSchema;
    // A tool the runtime leaves out is not sent, and neither is its schema.
    if (!schema || tool.fate !== 'offered') return;
    const failing = failingKeys(schema, judges);
    if (failing.size === 0) return;
    const proposals = proposeKeys(schema, rules, [...failing.keys()]);
    for (const [index, failed] of failing) {
      const site = schema.keys[index]!;
      const proposed = proposals.get(index);
      const fix = proposed === undefined ? undefined : parameterRenameFix(context.text, schema, index, proposed);
      const viaClients = failed.flatMap((j) => j.clients);
      context.sink.add('invalid-parameter-name', 'error', {
        message: `Parameter ${quote(site.key)} is rejected by ${failed.flatMap((j) => j.providers).join(', ')}: the whole request fails.`,
        detail: `${failed.map((j) => describeJudge(j, site.key)).join('; ')}. One invalid property key of ${quote(tool.name ?? '')} fails every tool sent with it (HTTP 400).${fix ? ` Rename it, e.g. to ${quote(fix.proposed)}.` : ''}`,
        range: site.range,
        pointer: joinPointer(schema.pointer, site.key),
        related: [],
        tool: local + context.firstTool,
        profiles: failed.flatMap((j) => j.providers),
        ...(viaClients.length > 0 ? { clients: viaClients } : {}),
        ...(fix ? { fix } : {}),
      });
    }
  };
}

/** The distinct rules of the targets, then of the enabled clients' providers not targeted. */
function judgesOf(targets: readonly ProviderId[], clients: ClientCensusOptions | undefined): Judge[] {
  const judges: Judge[] = [];
  const judgeFor = (rule: ParameterRule) =>
    judges.find((j) => j.rule === rule) ??
    (judges.push({ rule, providers: [], clients: [], clientLabels: [] }), judges[judges.length - 1]!);
  for (const provider of targets) {
    const rule = PROVIDERS[provider].parameterRule;
    if (rule) judgeFor(rule).providers.push(provider);
  }
  for (const client of clients?.enabled ?? []) {
    if (clients?.notLoadedBy?.includes(client)) continue;
    const profile = clients?.profiles?.[client] ?? CLIENTS[client];
    if (!profile) continue;
    const provider = profile.provider;
    const rule = PROVIDERS[provider]?.parameterRule;
    if (!rule || targets.includes(provider)) continue;
    const judge = judgeFor(rule);
    if (!judge.providers.includes(provider)) judge.providers.push(provider);
    judge.clients.push(client);
    judge.clientLabels.push(profile.label);
  }
  return judges;
}

/** Index of each failing key, with the judges that reject it. The common case allocates nothing. */
function failingKeys(schema: InputSchemaSite, judges: readonly Judge[]): Map<number, Judge[]> {
  const failing = new Map<number, Judge[]>();
  schema.keys.forEach((site, index) => {
    for (const judge of judges) {
      if (judge.rule.pattern.test(site.key)) continue;
      (failing.get(index) ?? failing.set(index, []).get(index)!).push(judge);
    }
  });
  return failing;
}

/** `Anthropic (anthropic: ^[a-zA-Z0-9_.-]{1,64}$): " " (U+0020) at character 4 is outside ...` */
function describeJudge(judge: Judge, key: string): string {
  const label = PROVIDERS[judge.providers[0]!].label;
  const via = judge.clients.length > 0 ? ` via ${judge.clientLabels.join(', ')}` : '';
  return `${label} (${judge.providers.join(', ')}${via}: ${judge.rule.rule}): ${keyReasons(judge.rule, key).map(describeReason).join(', ')}`;
}

/** Why a key fails a rule, by code point, in the words tool-name findings use. */
function keyReasons(rule: ParameterRule, key: string): Reason[] {
  if (key.length === 0) return [{ kind: 'empty' }];
  let length = 0;
  let count = 0;
  let first: { char: string; index: number } | undefined;
  for (const char of key) {
    if (!rule.allowed.test(char)) {
      count += 1;
      first ??= { char, index: length };
    }
    length += 1;
  }
  const reasons: Reason[] = [];
  if (first)
    reasons.push({ kind: 'character', char: first.char, index: first.index, count, allowed: rule.allowedText });
  if (length > rule.maxLength) reasons.push({ kind: 'length', length, max: rule.maxLength });
  return reasons;
}
