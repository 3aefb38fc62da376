import { PROVIDERS } from '../profiles/providers';
import { quote, type CheckContext } from './context';

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
export function checkRenamed(context: CheckContext): void {
  if (!context.sink.enabled('renamed-on-wire')) return;
  context.census.tools.forEach((tool, local) => {
    if (tool.fate !== 'offered' || tool.wireName === null || tool.name === undefined || tool.wireName === tool.name) return;
    context.sink.add('renamed-on-wire', 'hint', {
      message: `Sent to the model as ${quote(tool.wireName)}.`,
      detail: `The name comes from ${howRenamed(tool.wireSource, tool.name)}.`,
      range: tool.declaration.name.range,
      pointer: tool.declaration.name.pointer,
      related: [],
      tool: local + context.firstTool,
    });
  });
}

function howRenamed(source: string, name: string): string {
  switch (source) {
    case 'ads-explicit': return 'its invocationName (ADS-2)';
    case 'ads-derived': return 'ADS-2\'s derivation: every "." becomes "-"';
    default: {
      const cut = [...name].length > 64 ? ', then cut to 64 characters' : '';
      return `the model-safe form (every character outside [A-Za-z0-9_-] becomes "_"${cut})`;
    }
  }
}
