import { sha1Hex } from '../util/sha1';
import type { ClientRule } from './model';
import { byName } from './shared';

const MAX_LENGTH = 64;
const HASH_LENGTH = 8;
const FALLBACK = 'mcp_tool';

/**
 * Cline (v4, through its SDK), cline/cline `sdk/packages/core/src/extensions/mcp/name-transform.ts`
 * (defaultMcpToolNameTransform, capped at 64 since #11885): `<server>__<tool>` as written when it
 * is valid and fits; otherwise each run of characters outside `[a-zA-Z0-9_-]` becomes one `_`, the
 * result is cut to 55 and gets `_` + 8 hex of SHA-1 of the raw `<server>__<tool>`. The agent keeps
 * its tools in a map by name (`sdk/packages/agents/src/agent-runtime.ts`, `this.tools.set(tool.name,
 * tool)`), filled in configuration order (`runtime-builder.ts`, loadConfiguredMcpTools): of tools
 * sharing a name the last one registered replaces the others, so one definition is sent and every
 * call by that name runs it.
 */
export const cline: ClientRule = {
  label: 'Cline',
  version: 'v4.1.12 (sdk core @21cb8d25)',
  sources: [
    'cline/cline sdk/packages/core/src/extensions/mcp/name-transform.ts @21cb8d25 and name-transform.test.ts',
    'cline/cline#11885 (cap 128 → 64)',
    'cline/cline sdk/packages/agents/src/agent-runtime.ts @21cb8d25 (tools in a Map by name: the last set wins)',
    'cline/cline sdk/packages/core/src/runtime/orchestration/runtime-builder.ts @21cb8d25 (MCP tools pushed in settings order)',
  ],
  provider: 'openai',
  shape:
    '<server>__<tool>; invalid or over 64: runs outside [a-zA-Z0-9_-] become _, cut to 55, + _ + 8 hex SHA-1; one name twice: the last registered wins',
  ...byName({
    names: (tools) => tools.map((t) => clineToolName(t.server, t.tool)),
    provider: 'openai',
    onShared: (members) => ({
      survivor: members[members.length - 1],
      fate: 'dropped',
      reason:
        "Cline's agent keeps its tools in a map by name: the one registered last replaces the others, so only its definition is sent and calls by this name reach it",
    }),
  }),
};

function clineToolName(server: string, tool: string): string {
  const raw = `${server}__${tool}`;
  const sanitized = raw.replace(/[^a-zA-Z0-9_-]+/g, '_');
  if (sanitized === raw && raw.length <= MAX_LENGTH) return raw;
  const base = sanitized.slice(0, MAX_LENGTH - 1 - HASH_LENGTH) || FALLBACK;
  return `${base}_${sha1Hex(raw).slice(0, HASH_LENGTH)}`;
}
