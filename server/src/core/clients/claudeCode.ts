import type { ClientRule } from './model';
import { byName } from './shared';

/**
 * Claude Code (closed source), from public sources only: its documentation names MCP tools
 * `mcp__<server>__<tool>`; the error texts users quote in issues show what reaches the API. A
 * server name with a dot once failed the request and was fixed (anthropics/claude-code#1538), so
 * characters outside `[a-zA-Z0-9_-]` are taken to become `_`; the exact map is unconfirmed. Nothing
 * is cut: over the API's limit the request fails ("String should have at most 64 characters" in
 * #2412, #2536), and duplicate names fail it too ("Tool names must be unique.").
 */
export const claudeCode: ClientRule = {
  label: 'Claude Code',
  version: 'as documented and reported to 2026-08',
  sources: [
    'code.claude.com/docs/en/mcp and /docs/en/iam (MCP tool names mcp__<server>__<tool>)',
    'anthropics/claude-code#1538 (dot in a server name: API Error 400, fixed)',
    'anthropics/claude-code#2412, #2536, github/github-mcp-server#431 ("String should have at most 64 characters": no cut)',
    'kesslerio/attio-mcp-server#284 (mcp__attio__get-company-basic-info twice: "tools: Tool names must be unique."; hyphens kept)',
    'baguskto/threads-mcp#2 (one server, one name twice: "Tool names must be unique.")',
  ],
  provider: 'anthropic',
  shape: 'mcp__<server>__<tool>, outside [a-zA-Z0-9_-] becomes _ (unconfirmed map), never cut',
  ...byName({
    names: (tools) => tools.map((t) => `mcp__${normalize(t.server)}__${normalize(t.tool)}`),
    provider: 'anthropic',
    onShared: () => ({
      fate: 'request-fails',
      reason: 'Claude Code sends both and the API rejects the request ("tools: Tool names must be unique.")',
    }),
  }),
};

function normalize(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}
