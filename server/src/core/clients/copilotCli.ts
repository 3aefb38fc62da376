import type { ClientRule } from './model';
import { byName } from './shared';

/**
 * GitHub Copilot CLI (closed source), from the errors its users quote: MCP tools reach the model
 * as `<server>-<tool>`, unmapped and uncut. A dot or slash in a tool name fails the request at
 * the API (`String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`, github/copilot-cli#1879), and so
 * does a name over 64: the Copilot API serves Claude through routes the user does not choose, and on
 * the Bedrock one "Member must have length less than or equal to 64" fails the request
 * (microsoft/mcp#842), so the 64-character rule is the one a name must pass. One name twice fails
 * the request too ("tools: Tool names must be unique.", github/copilot-cli#456).
 */
export const copilotCli: ClientRule = {
  label: 'GitHub Copilot CLI',
  version: '0.0.353 to 0.0.423 (as reported 2025-10 to 2026-04)',
  sources: [
    'github/copilot-cli#1879 (v0.0.423: "tools.134.custom.name: String should match pattern \'^[a-zA-Z0-9_-]{1,128}$\'"), #2581 (the same for dotted names, 2026-04)',
    'microsoft/mcp#842, github/copilot-cli#74 (AzureMCP-AllTools-azmcp_… names: <server>-<tool>; over 64 fails on the Bedrock route: "Member must have length less than or equal to 64")',
    'github/copilot-cli#456 (v0.0.353: "Model call failed: {\\"message\\":\\"tools: Tool names must be unique.\\"}")',
  ],
  provider: 'anthropic-64',
  shape: '<server>-<tool> as written, never cut; over 64 or one name twice fails the request',
  ...byName({
    names: (tools) => tools.map((t) => `${t.server}-${t.tool}`),
    keepsApart: true,
    provider: 'anthropic-64',
    onShared: () => ({
      fate: 'request-fails',
      reason: 'Copilot CLI sends both and the API rejects the request ("tools: Tool names must be unique.")',
    }),
  }),
};
