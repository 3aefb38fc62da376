import type { Hover } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { describeReason, locateAt, othersInGroup, PROVIDERS, type Analysis } from '../core';
import { toRange } from '../convert';
import { clientResults, rowsForTool } from './clientTable';
import { describeFate, describeWire, FORMAT_LABELS } from './describe';

/**
 * Hover on a tool's name, or on a reference to one: the real name, the wire name and why, each
 * targeted provider's verdict with its reason, and the tools it collides with and where a call
 * dispatches.
 */
export function hoverAt(document: TextDocument, analysis: Analysis, offset: number, fallbackServer = 'server'): Hover | null {
  const found = locateAt(analysis, offset);
  if (!found) return null;
  const lines: string[] = [];
  let range;
  if (found.kind === 'reference') {
    const ref = analysis.references[found.reference]!;
    range = toRange(document, ref.reference.range);
    const target = found.tool === undefined ? undefined : analysis.tools[found.tool];
    const how = ref.resolution === 'exact' ? 'by its exact real name' : ref.resolution === 'wire-form' ? 'through its wire name (the runtime maps the form back to the real name)' : ref.resolution === 'runtime-tool' ? "to the runtime's own tool" : undefined;
    lines.push(`**${ref.reference.kind === 'choice' ? 'Tool choice' : 'Replayed call'}** \`${ref.reference.name}\` in \`${ref.reference.label}\``, '');
    lines.push(how ? `Dispatches ${how}${target ? `: **\`${target.name}\`**` : ''}.` : 'Dispatches to **no tool** of this request.');
    if (target) lines.push('', '---', '', ...toolLines(analysis, found.tool!), ...clientLines(analysis, found.tool!, fallbackServer));
  } else {
    const tool = analysis.tools[found.tool]!;
    range = toRange(document, tool.declaration.name.range);
    lines.push(...toolLines(analysis, found.tool), ...clientLines(analysis, found.tool, fallbackServer));
  }
  return { contents: { kind: 'markdown', value: lines.join('\n') }, range };
}

/** MCP tools: what each client sends (the enabled ones, or every one when none is enabled). */
function clientLines(analysis: Analysis, tool: number, fallbackServer: string): string[] {
  const { results, enabled } = clientResults(analysis, fallbackServer);
  const rows = rowsForTool(results, tool);
  if (rows.length === 0) return [];
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  // An unknown server name is never shown as one (issue #8 item 6): a placeholder, and the budget.
  const unknown = analysis.server && !analysis.server.known ? analysis.server : undefined;
  const server = unknown ? `server name unknown; \`${unknown.name}\` stands in for it` : `server \`${results[0]!.server}\``;
  const budget = unknown?.budget(tool);
  return [
    '',
    ...(budget !== undefined ? [`Every modelled client keeps this tool when the server name is at most ${budget} characters.`, ''] : []),
    `**MCP clients** (${server}${enabled ? '' : '; none enabled, so all are shown: set `toolwire.clients` to check some'}):`,
    '',
    '| client | sends | fate |',
    '|---|---|---|',
    ...rows.map((r) => `| ${cell(r.client)} | \`${cell(r.wireName)}\` | ${cell(r.fate)}${r.note ? `: ${cell(r.note)}` : ''} |`),
  ];
}

function toolLines(analysis: Analysis, index: number): string[] {
  const tool = analysis.tools[index]!;
  const census = analysis.requests[tool.request]!;
  const lines = [`**\`${tool.name}\`** · ${FORMAT_LABELS[census.format]} · derivation \`${census.derivation}\``, ''];
  lines.push(`Wire name: ${tool.wireName === null ? '**none**' : `\`${tool.wireName}\``} (${describeWire(tool)})`, '');
  lines.push(`Fate: ${describeFate(analysis, tool)}`, '');
  if (tool.verdicts.length > 0) {
    lines.push('| provider | rule | verdict |', '|---|---|---|');
    for (const { provider, verdict } of tool.verdicts) {
      const profile = PROVIDERS[provider];
      const text = verdict.accepted
        ? verdict.reasons.length > 0 ? `⚠ accepted, but ${verdict.reasons.map(describeReason).join('; ')}` : '✓ accepted'
        : `✗ rejected: ${verdict.reasons.map(describeReason).join('; ')}`;
      lines.push(`| ${profile.label} (\`${provider}\`) | \`${profile.rule.replace(/\|/g, '\\|')}\` | ${text.replace(/\|/g, '\\|')} |`);
    }
    lines.push('');
  }
  if (tool.wireGroup.length > 0) {
    const shown = othersInGroup(tool, index, 5);
    const more = tool.wireGroup.length - 1 - shown.length;
    const others = shown.map((i) => `\`${analysis.tools[i]!.name}\``).join(', ') + (more > 0 ? ` and ${more} more` : '');
    const kept = tool.keptInGroup === undefined ? undefined : analysis.tools[tool.keptInGroup]!;
    lines.push(`Collides with ${others} on \`${tool.wireName}\`. ${kept ? `A call to \`${tool.wireName}\` runs **\`${kept.name}\`**.` : 'No tool reliably receives a call to that name.'}`);
  }
  return lines;
}
