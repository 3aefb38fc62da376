import { modelSafe, MODEL_SAFE_RESERVED } from '../wire/derivations';
import type { ClientRule } from './model';
import { byName } from './shared';

/**
 * The agent runtime of naming-rules.md section 1: an external tool's real name is
 * `mcp/<server>/<tool>`, sent in its model-safe form. Tools that share a form are left out, unless
 * one's real name is the form (never, here: real names hold `/`); forms equal to the runtime's
 * own tools are left out too.
 */
export const nativeRuntime: ClientRule = {
  label: 'Agent runtime (model-safe)',
  version: 'naming-rules.md §1',
  sources: ['shared/docs/naming-rules.md, section 1'],
  provider: 'openai',
  shape: 'mcp/<server>/<tool> → outside [A-Za-z0-9_-] becomes _, cut to 64',
  ...byName({
    names: (tools) => tools.map((t) => modelSafe(`mcp/${t.server}/${t.tool}`)),
    preset: (_tool, _index, name) =>
      name !== null && MODEL_SAFE_RESERVED.includes(name)
        ? { wireName: name, fate: 'dropped', reason: "its form is one of the runtime's own tools" }
        : undefined,
    provider: 'openai',
    onShared: () => ({
      fate: 'dropped',
      reason: 'the runtime leaves every tool of a shared form out of the request (no real name is the form)',
    }),
  }),
};
