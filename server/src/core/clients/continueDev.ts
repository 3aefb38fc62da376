import type { ClientRule } from './model';
import { byName } from './shared';

/**
 * Continue, continuedev/continue `core/tools/mcpToolName.ts` (getToolNameFromMCPServer): the
 * server name lower-cased, each run outside `[a-z0-9]` one `_`, `_` trimmed at both ends, then
 * `<prefix>_<tool>`, unless the tool name already starts with the prefix. The tool name itself is
 * not mapped, so a dotted one reaches the provider as written. Tools sharing a name are all sent:
 * config loading only adds a non-fatal warning ("Duplicate (N) tools named … detected. Permissions
 * will conflict and usage may be unpredictable", `core/config/profile/doLoadConfig.ts`); what the
 * provider then does is not shown by any source.
 */
export const continueDev: ClientRule = {
  label: 'Continue',
  version: 'v2.1.0-vscode (@d0a3c0b6)',
  sources: [
    'continuedev/continue core/tools/mcpToolName.ts @d0a3c0b6 and mcpToolName.vitest.ts',
    'continuedev/continue core/config/profile/doLoadConfig.ts @d0a3c0b6 (function.name; "Duplicate (N) tools named … detected", fatal: false)',
  ],
  // Both are sent (confirmed); whether the provider then accepts the request is not.
  unconfirmed: ['client-collision'],
  provider: 'openai',
  shape: '<server slug>_<tool>, or <tool> when it starts with the slug; the tool is not mapped',
  ...byName({
    names(tools) {
      // The prefix is the server's: made once per server, not per tool.
      const prefixes = new Map<string, string>();
      return tools.map((t) => {
        let prefix = prefixes.get(t.server);
        if (prefix === undefined) prefixes.set(t.server, (prefix = continuePrefix(t.server)));
        return withPrefix(prefix, t.tool);
      });
    },
    provider: 'openai',
    onShared: () => ({
      reason:
        'Continue warns "Duplicate tools named … detected. Permissions will conflict and usage may be unpredictable" and sends both; what the provider does with them is unconfirmed',
    }),
  }),
};

function continuePrefix(server: string): string {
  return server
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .replace(/_+/g, '_');
}

function withPrefix(prefix: string, tool: string): string {
  return tool.startsWith(prefix) ? tool : `${prefix}_${tool}`;
}
