import type { ClientRule } from './model';
import { byName } from './shared';

const COMBINED_LIMIT = 60;

/**
 * Cursor (closed source; from its own warnings quoted in issue reports): a tool is dropped when
 * its server and tool names together reach 60 characters, or when the tool name holds characters
 * outside [A-Za-z0-9_-] (dotted names). The model-facing shape `mcp_<server>_<tool>` is
 * unconfirmed; fates are what the reports show.
 */
export const cursor: ClientRule = {
  label: 'Cursor',
  version: 'as reported 2026-02 to 2026-07',
  sources: [
    'ComposioHQ/composio#2788 ("Combined server and tool name length (60) exceeds 60 characters")',
    'PostHog/posthog#51483',
    'webstudio-is/webstudio#5960, bavix/gripmock#875 (dotted names filtered)',
    'idosal/git-mcp#163',
  ],
  // No report shows what Cursor does with one name twice.
  unconfirmed: ['client-collision'],
  provider: 'openai',
  shape: 'mcp_<server>_<tool> (unconfirmed); dropped when server + tool ≥ 60 characters or the tool name has a dot',
  ...byName({
    names: (tools) => tools.map((t) => `mcp_${t.server}_${t.tool}`),
    keepsApart: true,
    preset(t) {
      const combined = t.server.length + t.tool.length;
      if (combined >= COMBINED_LIMIT)
        return {
          wireName: null,
          fate: 'dropped',
          reason: `server and tool names together are ${combined} characters; Cursor drops tools at ${COMBINED_LIMIT} or more`,
        };
      if (/[^A-Za-z0-9_-]/.test(t.tool))
        return {
          wireName: null,
          fate: 'dropped',
          reason:
            'Cursor filters tool names with characters outside [A-Za-z0-9_-] ("Tool name must only contain alphanumeric characters and underscores")',
        };
      return undefined;
    },
    onShared: (members) => ({
      survivor: members[0],
      fate: 'dropped',
      reason: 'two tools share this name in Cursor; at most one can be called (behaviour unverified)',
    }),
  }),
};
