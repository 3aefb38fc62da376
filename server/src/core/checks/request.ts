import { codePointLength } from '../text/codePoints';
import { PROVIDERS } from '../profiles/providers';
import { quote, type CheckContext, type ToolVisitor } from './context';

/** too-many-tools: more offered tools than a targeted provider accepts in one request. */
export function checkToolCount(context: CheckContext): void {
  const offered = context.census.census.offeredCount;
  for (const provider of context.settings.targets) {
    const max = PROVIDERS[provider].maxTools;
    if (max === undefined || offered <= max) continue;
    context.sink.add('too-many-tools', 'error', {
      message: `This request offers ${offered} tools; ${provider} accepts at most ${max}: the whole request fails.`,
      detail: `${PROVIDERS[provider].label} rejects a request with more tools. Split the tools across requests, or load them on demand (tool search).`,
      range: context.request.anchorRange,
      pointer: context.request.pointer,
      related: [],
      profiles: [provider],
    });
  }
}

/** renamed-on-wire (hint): the runtime sends another name than the one written. */
export function checkRenamed(context: CheckContext): ToolVisitor | undefined {
  if (!context.sink.enabled('renamed-on-wire')) return undefined;
  return (tool, local) => {
    if (tool.fate !== 'offered' || tool.wireName === null || tool.name === undefined || tool.wireName === tool.name)
      return;
    context.sink.add('renamed-on-wire', 'hint', {
      message: `Sent to the model as ${quote(tool.wireName)}.`,
      detail: howRenamed(tool.wireSource, tool.name),
      range: tool.declaration.name.range,
      pointer: tool.declaration.name.pointer,
      related: [],
      tool: local + context.firstTool,
    });
  };
}

/** Where a renamed tool's wire name comes from: one string per case, shared by every finding. */
function howRenamed(source: string, name: string): string {
  switch (source) {
    case 'ads-explicit':
      return RENAMED_BY.adsExplicit;
    case 'ads-derived':
      return RENAMED_BY.adsDerived;
    default:
      return codePointLength(name) > 64 ? RENAMED_BY.modelSafeCut : RENAMED_BY.modelSafe;
  }
}

const RENAMED_BY = {
  adsExplicit: 'The name comes from its invocationName (ADS-2).',
  adsDerived: 'The name comes from ADS-2\'s derivation: every "." becomes "-".',
  modelSafe: 'The name comes from the model-safe form (every character outside [A-Za-z0-9_-] becomes "_").',
  modelSafeCut:
    'The name comes from the model-safe form (every character outside [A-Za-z0-9_-] becomes "_", then cut to 64 characters).',
} as const;
