import type { ClientRule } from './model';
import { byName } from './shared';

/**
 * GitHub Copilot CLI (closed source), from the errors its users quote: MCP tools reach the model
 * as `<server>-<tool>`, unmapped and uncut. A dot or slash in a tool name fails the request at
 * the API (`String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`, github/copilot-cli#1879), and so
 * does a name over the route's limit (64 on Bedrock, microsoft/mcp#842).
 */
export const copilotCli: ClientRule = {
  label: 'GitHub Copilot CLI',
  version: '0.0.423 (as reported 2026-03)',
  sources: [
    'github/copilot-cli#1879 (v0.0.423: "tools.134.custom.name: String should match pattern \'^[a-zA-Z0-9_-]{1,128}$\'")',
    'microsoft/mcp#842, github/copilot-cli#74 (AzureMCP-AllTools-azmcp_… names: <server>-<tool>, over 64 fails on Bedrock)',
  ],
  provider: 'anthropic',
  shape: '<server>-<tool> as written, never cut (unconfirmed beyond the reports)',
  ...byName({
    names: (tools) => tools.map((t) => `${t.server}-${t.tool}`),
    provider: 'anthropic',
    onShared: () => ({ reason: 'Copilot CLI is not known to check duplicates; what it sends then is unconfirmed' }),
  }),
};
