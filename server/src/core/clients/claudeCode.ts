import type { ClientProfile } from './model';
import { outcomes } from './shared';

const CLAUDE_AI_PREFIX = 'claude.ai ';

/**
 * Claude Code: `mcp__<server>__<tool>`, both parts mapped `[^a-zA-Z0-9_-]` → `_` (per UTF-16
 * unit); claude.ai connectors also collapse `_` runs and trim them. No length handling: over the
 * API's limit the request fails; duplicates fail it too ("Tool names must be unique.").
 */
export const claudeCode: ClientProfile = {
  id: 'claude-code',
  label: 'Claude Code',
  version: '2.1.8x (2026-03)',
  sources: ['Claude Code services/mcp/normalization.ts and mcpStringUtils.ts (published source dump)', 'anthropics/claude-code#2412, #10703, #14199', 'microsoft/wassette#56'],
  provider: 'anthropic',
  shape: 'mcp__<server>__<tool>, outside [a-zA-Z0-9_-] becomes _, never cut',
  rewrite(tools) {
    const names = tools.map((t) => `mcp__${normalize(t.server)}__${normalize(t.tool)}`);
    return outcomes(tools, names, 'anthropic', () => ({ fate: 'request-fails', reason: 'Claude Code sends both and the API rejects the request ("tools: Tool names must be unique.")' }));
  },
};

export function normalize(name: string): string {
  const normalized = name.replace(/[^a-zA-Z0-9_-]/g, '_');
  return name.startsWith(CLAUDE_AI_PREFIX) ? normalized.replace(/_+/g, '_').replace(/^_|_$/g, '') : normalized;
}
