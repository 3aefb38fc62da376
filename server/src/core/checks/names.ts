import type { NameSite } from '../formats/model';
import { isMcpFormat } from '../formats/registry';
import type { ProviderVerdict } from '../model';
import { PROVIDERS } from '../profiles/providers';
import { checkName, describeReason, type Verdict } from '../profiles/verdict';
import { renameFix } from '../fixes/renameFix';
import { quote, type CheckContext } from './context';

/** missing-name: a tool object without a usable name fails the whole request. */
export function checkMissingNames(context: CheckContext): void {
  context.census.tools.forEach((tool, local) => {
    const site = tool.declaration.name;
    if (!site.problem) return;
    context.sink.add('missing-name', 'error', {
      message: missingNameMessage(site, context.text),
      range: site.range,
      pointer: site.pointer,
      related: [],
      tool: local + context.firstTool,
    });
  });
}

function missingNameMessage(site: NameSite, text: string): string {
  const consequence = 'Providers reject the whole request (HTTP 400) when one tool has no valid name.';
  switch (site.problem) {
    case 'empty': return `Tool name is empty. ${consequence} Give the tool a name of [a-zA-Z0-9_-].`;
    case 'not-a-string': return `Tool name must be a string, found ${text.slice(site.range.start, site.range.end).slice(0, 40)}. ${consequence} Write the name as a JSON string.`;
    default: return `This tool has no "name". ${consequence} Add a "name" property.`;
  }
}

/** invalid-name: the wire name fails a targeted provider's rule. */
export function checkWireNames(context: CheckContext): void {
  context.census.tools.forEach((tool, local) => {
    if (tool.wireName === null || tool.fate !== 'offered') return;
    const rejected = tool.verdicts.filter((v) => !v.verdict.accepted);
    const cautioned = tool.verdicts.filter((v) => v.verdict.accepted && v.verdict.reasons.length > 0);
    const failing = rejected.length > 0 ? rejected : cautioned;
    if (failing.length === 0 || !context.sink.enabled('invalid-name')) return;
    const fix = renameFix(context, local, true);
    const sent = tool.wireName === tool.name ? `${quote(tool.wireName)} is sent as written` : `${quote(tool.name ?? '')} is sent as ${quote(tool.wireName)} (${tool.wireSource})`;
    const verb = rejected.length > 0 ? 'rejected by' : 'at risk with';
    const consequence = rejected.length > 0 ? ' One invalid name fails the whole request (HTTP 400).' : '';
    const remedy = fix ? ` Rename the tool, e.g. to ${quote(fix.proposed)}.` : ' Rename the tool.';
    context.sink.add('invalid-name', rejected.length > 0 ? 'error' : 'warning', {
      message: `${sent} and ${verb} ${describeVerdicts(failing)}.${consequence}${remedy}`,
      range: tool.declaration.name.range,
      pointer: tool.declaration.name.pointer,
      related: [],
      tool: local + context.firstTool,
      profiles: failing.map((v) => v.provider),
      ...(fix ? { fix } : {}),
    });
  });
}

/**
 * MCP tool lists: the real name is also judged by the MCP spec's own (SHOULD) rule, unless the
 * user already targets `mcp`. SDKs warn on such names, and every client rewrites them its own way.
 */
export function checkMcpSourceNames(context: CheckContext): void {
  if (!isMcpFormat(context.request.format) || context.settings.targets.includes('mcp')) return;
  if (!context.sink.enabled('invalid-name')) return;
  const profile = PROVIDERS.mcp;
  context.census.tools.forEach((tool, local) => {
    if (tool.name === undefined) return;
    const verdict = checkName(profile, tool.name);
    if (verdict.reasons.length === 0) return;
    const fix = tool.fate === 'offered' ? renameFix(context, local, false) : undefined;
    context.sink.add('invalid-name', 'warning', {
      message: `${quote(tool.name)} breaks the MCP tool-name rule (mcp: ${profile.rule}): ${verdict.reasons.map(describeReason).join('; ')}. SDKs warn about it and each client rewrites it differently.${fix ? ` Rename it, e.g. to ${quote(fix.proposed)}.` : ''}`,
      range: tool.declaration.name.range,
      pointer: tool.declaration.name.pointer,
      related: [],
      tool: local + context.firstTool,
      profiles: ['mcp'],
      ...(fix ? { fix } : {}),
    });
  });
}

/**
 * Replayed calls are validated too, more loosely: OpenAI checks the full rule on
 * `messages[].tool_calls[].function.name`, Bedrock only the length of `toolUse.name`.
 */
export function checkHistoryNames(context: CheckContext): void {
  for (const ref of context.census.references) {
    if (ref.reference.kind !== 'history') continue;
    const failing: ProviderVerdict[] = [];
    for (const provider of context.settings.targets) {
      const profile = PROVIDERS[provider];
      if (profile.history === 'none') continue;
      const verdict = checkName(profile, ref.reference.name, profile.history);
      if (!verdict.accepted) failing.push({ provider, verdict });
    }
    if (failing.length === 0) continue;
    context.sink.add('invalid-name', 'error', {
      message: `The replayed call ${quote(ref.reference.name)} in ${ref.reference.label} is rejected by ${describeVerdicts(failing)}: providers validate names in the conversation history too, so the whole request fails. Replay the call under the name the tool is sent as.`,
      range: ref.reference.range,
      pointer: ref.reference.pointer,
      related: [],
      profiles: failing.map((v) => v.provider),
    });
  }
}

export function describeVerdicts(verdicts: readonly ProviderVerdict[]): string {
  return verdicts.map((v) => `${PROVIDERS[v.provider].label} (${v.provider}: ${PROVIDERS[v.provider].rule}): ${reasonsText(v.verdict)}`).join('; ');
}

function reasonsText(verdict: Verdict): string {
  return verdict.reasons.map(describeReason).join(', ');
}
