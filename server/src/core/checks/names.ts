import type { NameSite } from '../formats/model';
import { isMcpFormat } from '../formats/registry';
import type { ProviderVerdict } from '../model';
import { PROVIDERS } from '../profiles/providers';
import { checkName, describeReason, type Verdict } from '../profiles/verdict';
import type { TextReader } from '../text/pieceText';
import type { NameFixIntent } from '../findings';
import { quote, type CheckContext, type ToolVisitor } from './context';

/** The rename a rejected name asks for: fix-all's pick for the tool. */
const PREFERRED_RENAME: NameFixIntent = Object.freeze({ kind: 'rename', preferred: true });
/** A rename that only quiets a warning (MCP's SHOULD rule): offered, never fix-all's pick over another. */
const OTHER_RENAME: NameFixIntent = Object.freeze({ kind: 'rename', preferred: false });

/** missing-name: a tool object without a usable name fails the whole request. */
export function checkMissingNames(context: CheckContext): ToolVisitor {
  return (tool, local) => {
    const site = tool.declaration.name;
    if (!site.problem) return;
    context.sink.add('missing-name', 'error', {
      ...missingNameMessage(site, context.text),
      range: site.range,
      pointer: site.pointer,
      related: [],
      tool: local + context.firstTool,
    });
  };
}

function missingNameMessage(site: NameSite, text: TextReader): { message: string; detail: string } {
  const why = 'Providers reject the whole request (HTTP 400) when one tool has no valid name.';
  switch (site.problem) {
    case 'empty':
      return {
        message: 'Tool name is empty: the whole request fails.',
        detail: `Every tool needs a name of [a-zA-Z0-9_-]; give this one a name.`,
      };
    case 'not-a-string':
      return {
        message: `Tool name must be a string, found ${text.slice(site.range.start, site.range.end).slice(0, 40)}.`,
        detail: `${why} Write the name as a string.`,
      };
    default:
      return {
        message: 'This tool has no "name": the whole request fails.',
        detail: 'Every tool needs a name of [a-zA-Z0-9_-]. Add a "name" property.',
      };
  }
}

/** invalid-name: the wire name fails a targeted provider's rule. */
export function checkWireNames(context: CheckContext): ToolVisitor {
  return (tool, local) => {
    if (tool.wireName === null || tool.fate !== 'offered') return;
    const rejected = tool.verdicts.filter((v) => !v.verdict.accepted);
    const cautioned = tool.verdicts.filter((v) => v.verdict.accepted && v.verdict.reasons.length > 0);
    const failing = rejected.length > 0 ? rejected : cautioned;
    if (failing.length === 0 || !context.sink.enabled('invalid-name')) return;
    // The squiggle is on the written name: the message names what is sent, and who refuses it.
    const sent = tool.wireName === tool.name ? quote(tool.wireName) : `Sent as ${quote(tool.wireName)}, it`;
    const who = failing.map((v) => v.provider).join(', ');
    // The request fails as a whole: every other tool offered with it is lost too.
    const others = context.census.census.offeredCount - 1;
    const withIt = others > 0 ? ` (and ${others} other tool${others === 1 ? '' : 's'} with it)` : '';
    const lead =
      rejected.length > 0
        ? `${sent} is rejected by ${who}: the whole request fails${withIt}.`
        : `${sent} may fail with ${who}, though accepted.`;
    const remedy = 'Rename the tool.';
    const how = tool.wireName === tool.name ? '' : ` It is the ${tool.wireSource} form of ${quote(tool.name ?? '')}.`;
    context.sink.add('invalid-name', rejected.length > 0 ? 'error' : 'warning', {
      message: lead,
      detail: `${describeVerdicts(failing)}.${how}${rejected.length > 0 ? ' The provider answers HTTP 400 before the model sees anything.' : ''} ${remedy}`,
      range: tool.declaration.name.range,
      pointer: tool.declaration.name.pointer,
      related: [],
      tool: local + context.firstTool,
      profiles: failing.map((v) => v.provider),
      nameFix: PREFERRED_RENAME,
    });
  };
}

/**
 * MCP tool lists: the real name is also judged by the MCP spec's own (SHOULD) rule, unless the
 * user already targets `mcp`. SDKs warn on such names, and every client rewrites them its own way.
 */
export function checkMcpSourceNames(context: CheckContext): ToolVisitor | undefined {
  if (!isMcpFormat(context.request.format) || context.settings.targets.includes('mcp')) return undefined;
  if (!context.sink.enabled('invalid-name')) return undefined;
  const profile = PROVIDERS.mcp;
  return (tool, local) => {
    if (tool.name === undefined) return;
    const verdict = checkName(profile, tool.name);
    if (verdict.reasons.length === 0) return;
    // A tool that is not sent has a worse problem, whose finding carries the fix.
    const offered = tool.fate === 'offered';
    context.sink.add('invalid-name', 'warning', {
      message: `${quote(tool.name)} breaks MCP's tool-name rule: each client rewrites it differently.`,
      detail: `MCP (mcp: ${profile.rule}): ${verdict.reasons.map(describeReason).join('; ')}. SDKs warn about such names.${offered ? ' Rename it.' : ''}`,
      range: tool.declaration.name.range,
      pointer: tool.declaration.name.pointer,
      related: [],
      tool: local + context.firstTool,
      profiles: ['mcp'],
      ...(offered ? { nameFix: OTHER_RENAME } : {}),
    });
  };
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
      message: `Replayed call ${quote(ref.reference.name)} is rejected by ${failing.map((v) => v.provider).join(', ')}: the whole request fails.`,
      detail: `${describeVerdicts(failing)}. Providers validate names in the conversation history (${ref.reference.label}) too. Replay the call under the name the tool is sent as.`,
      range: ref.reference.range,
      pointer: ref.reference.pointer,
      related: [],
      profiles: failing.map((v) => v.provider),
    });
  }
}

function describeVerdicts(verdicts: readonly ProviderVerdict[]): string {
  return verdicts
    .map(
      (v) => `${PROVIDERS[v.provider].label} (${v.provider}: ${PROVIDERS[v.provider].rule}): ${reasonsText(v.verdict)}`,
    )
    .join('; ');
}

function reasonsText(verdict: Verdict): string {
  return verdict.reasons.map(describeReason).join(', ');
}
