import type { ClientRule } from './model';
import { asWritten, byName } from './shared';

const TOOL_LIMIT = 100;

/**
 * Windsurf's legacy Cascade agent (closed source). Windsurf's documentation introduces Devin Local,
 * a newer agent "meant to eventually replace Cascade", and later pages make it the default for new
 * tabs, with its own MCP configuration; nothing public shows what it does to tool names, so it is
 * not modelled, and the label says which agent this is. Cascade's documentation confirms one thing:
 * "Cascade has a limit of 100 total tools that it has access to at any given time"; the user
 * toggles which in each plugin's Tools tab. The name the model sees is not published, so toolwire
 * shows the tool's own name and checks no provider rule; past 100 tools (counted in configuration
 * order) the rest are shown as left out in the census, but make no finding: no name change helps,
 * and which 100 are on is the user's choice. Everything else is unconfirmed (`unconfirmed` lists it).
 */
export const windsurf: ClientRule = {
  label: 'Windsurf (legacy Cascade agent)',
  version: 'as documented 2026-06 (Cascade; Devin Local not modelled)',
  sources: [
    'docs.windsurf.com/windsurf/cascade/mcp ("Cascade has a limit of 100 total tools")',
    'docs.windsurf.com/windsurf/devin-local (Devin Local "is meant to eventually replace Cascade as the primary local agent")',
    'docs.devin.ai/desktop/cascade/mcp (as quoted by docs.bland.ai: Devin Local is the default agent for new tabs)',
  ],
  // Only the 100-tool cap is documented, and it makes no finding: every other fate is a guess.
  unconfirmed: ['client-collision', 'client-rejected', 'client-dropped'],
  provider: 'openai',
  shape: 'unconfirmed (shown as the tool name); at most 100 tools in all',
  ...byName({
    names: asWritten,
    keepsApart: true,
    // By place alone: a renamed tool keeps its place, so its neighbours keep theirs.
    preset: (_tool, i) =>
      i >= TOOL_LIMIT
        ? {
            wireName: null,
            fate: 'dropped',
            overLimit: true,
            reason: `Cascade gives the model at most ${TOOL_LIMIT} tools; this is tool ${i + 1} in configuration order (which ${TOOL_LIMIT} is the user's choice)`,
          }
        : undefined,
    onShared: () => ({ reason: 'what Windsurf does with one name twice is unconfirmed' }),
  }),
};
