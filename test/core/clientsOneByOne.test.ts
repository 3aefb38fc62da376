import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ALL_CLIENT_IDS, CLIENTS } from '../../server/src/core';
import type { ClientProfile, ClientTool } from '../../server/src/core/clients/model';

/**
 * The `OneByOne` contract (clients/model.ts), for every profile that states one: what a name edit
 * that re-rewrites one tool (incremental/clientsAlone.ts) rests on. Names are drawn to meet
 * (case and punctuation variants, names near every cut and limit), and lists past Windsurf's cap.
 */
const pieces = ['a', 'b', 'A', '_', '-', '.', '/', ' ', 'é', '😀', 'get_', 'mcp_', 'x'.repeat(20), 'y'.repeat(33)];
const name = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 }).map((parts) => parts.join(''));
const server = fc.constantFrom('s', 'srv', 'My Server', 'a.b', 'mcp_x', 'z'.repeat(30));
const announced = fc.option(fc.constantFrom('Label', 'srv'), { nil: undefined });
/** Up to eight tools, or a hundred and more (Windsurf's cap is by place). */
const names = fc.oneof(
  { weight: 4, arbitrary: fc.array(name, { minLength: 1, maxLength: 8 }) },
  { weight: 1, arbitrary: fc.array(name, { minLength: 0, maxLength: 4 }).map((extra) => [...Array.from({ length: 101 }, (_, i) => `t${i}`), ...extra]) },
);

function inputOf(list: readonly string[], serverName: string, label: string | undefined): ClientTool[] {
  return list.map((tool) => (label === undefined ? { server: serverName, tool } : { server: serverName, tool, announced: label }));
}

/** Keys no other tool shares (undefined counts as unshared), or undefined when the contract's premise fails. */
function unsharedKeys(profile: ClientProfile, tools: readonly ClientTool[]): boolean[] | undefined {
  const keys = tools.map((t, i) => profile.oneByOne!.at(t, i).key);
  if (keys.some((k) => k === null)) return undefined;
  const counts = new Map<string, number>();
  for (const k of keys) if (k !== undefined && k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  const alone = keys.map((k) => k === undefined || k === null || counts.get(k) === 1);
  if (profile.oneByOne!.scope === 'all' && alone.some((a) => !a)) return undefined;
  return alone;
}

const profiles = ALL_CLIENT_IDS.map((id) => CLIENTS[id]).filter((p) => p.oneByOne !== undefined);

describe('client profiles, one tool at a time', () => {
  it('every modelled client states its one-tool part', () => {
    assert.deepStrictEqual(profiles.map((p) => p.id), ALL_CLIENT_IDS);
  });

  for (const profile of profiles) {
    it(`${profile.id}: a tool whose key is its own gets the outcome it has alone, and renaming it between own keys moves no other outcome`, () => {
      let premises = 0;
      let renames = 0;
      fc.assert(
        fc.property(names, server, announced, fc.nat(), name, (list, serverName, label, at, renamed) => {
          const tools = inputOf(list, serverName, label);
          const all = profile.rewrite(tools);
          const alone = unsharedKeys(profile, tools);
          if (!alone) return;
          premises++;
          tools.forEach((t, i) => {
            if (alone[i]) assert.deepStrictEqual(all[i], profile.oneByOne!.at(t, i).outcome, `tool ${i} (${t.tool})`);
          });
          // Rename one tool whose key is its own to a name whose key is its own too.
          const index = at % tools.length;
          if (!alone[index]) return;
          const after = tools.map((t, i) => (i === index ? { ...t, tool: renamed } : t));
          const afterAlone = unsharedKeys(profile, after);
          if (!afterAlone?.[index]) return;
          renames++;
          const moved = profile.rewrite(after);
          moved.forEach((o, i) => assert.deepStrictEqual(o, i === index ? profile.oneByOne!.at(after[i]!, i).outcome : all[i], `tool ${i} after renaming tool ${index} to ${renamed}`));
        }),
        { numRuns: 600, seed: 11 },
      );
      // The premise must be met often enough to test something.
      assert.ok(premises > 100 && renames > 50, `premise met ${premises} times, ${renames} renames`);
    });
  }
});
