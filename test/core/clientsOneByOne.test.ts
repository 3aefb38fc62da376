import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ALL_CLIENT_IDS } from '../../server/src/core';
import { CLIENTS } from '../../server/src/core/clients/profiles';
import type { ClientTool } from '../../server/src/core/clients/model';
import type { ClientProfile } from '../../server/src/core/clients/profiles';
import { byName } from '../../server/src/core/clients/shared';
import type { OneByOne } from '../../server/src/core/incremental/oneByOne';
import { oneByOneOf } from '../../server/src/core/incremental/oneByOneOf';
import { sha1Hex } from '../../server/src/core/util/sha1';

/**
 * The `OneByOne` contract (incremental/oneByOne.ts), for every client that has one: what a name edit
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
  {
    weight: 1,
    arbitrary: fc
      .array(name, { minLength: 0, maxLength: 4 })
      .map((extra) => [...Array.from({ length: 101 }, (_, i) => `t${i}`), ...extra]),
  },
);

function inputOf(list: readonly string[], serverName: string, label: string | undefined): ClientTool[] {
  return list.map((tool) =>
    label === undefined ? { server: serverName, tool } : { server: serverName, tool, announced: label },
  );
}

/**
 * Where the contract speaks: which tools' keys are their own (undefined keys count as their own),
 * and under scope `all` with a key shared the pivot; undefined where it says nothing.
 */
function premise(
  profile: ClientProfile,
  tools: readonly ClientTool[],
): { alone: boolean[]; pivot: unknown } | undefined {
  const oneByOne = partOf(profile);
  const keys = tools.map((t, i) => oneByOne.at(t, i).key);
  if (keys.some((k) => k === null)) return undefined;
  const counts = new Map<string, number>();
  for (const k of keys) if (k !== undefined && k !== null) counts.set(k, (counts.get(k) ?? 0) + 1);
  const alone = keys.map((k) => k === undefined || k === null || counts.get(k) === 1);
  const shared = alone.some((a) => !a);
  if (oneByOne.scope === 'all' && shared && !oneByOne.pivot) return undefined;
  return { alone, pivot: oneByOne.scope === 'all' && shared ? oneByOne.pivot!.of(tools) : undefined };
}

/** The client's one-tool part, as the incremental layer reads it (from its name rule, or stated for it). */
function partOf(profile: ClientProfile): OneByOne {
  return oneByOneOf(profile.id, profile)!;
}

const profiles = ALL_CLIENT_IDS.map((id) => CLIENTS[id]).filter((p) => oneByOneOf(p.id, p) !== undefined);

describe('client profiles, one tool at a time', () => {
  it('every modelled client states its one-tool part', () => {
    assert.deepStrictEqual(
      profiles.map((p) => p.id),
      ALL_CLIENT_IDS,
    );
  });

  it('a profile passed in under a registered id has no stated part: only its own name rule gives one', () => {
    // Another rewrite under the id `vscode`: the part stated for the registered profile would lie about it.
    const other: ClientProfile = { ...CLIENTS.vscode, rewrite: (tools) => CLIENTS.cursor.rewrite(tools) };
    assert.equal(oneByOneOf('vscode', other), undefined);
    const rule = CLIENTS.cursor.nameRule!;
    const named: ClientProfile = { ...CLIENTS.codex, ...byName(rule) };
    const tool = { server: 's', tool: 'get.thing' };
    assert.deepStrictEqual(oneByOneOf('codex', named)!.at(tool, 0).outcome, CLIENTS.cursor.rewrite([tool])[0]);
  });

  it("codex: a name that is another tool's hashed name takes that name from it (so such a name meets every tool)", () => {
    // "a.b" and "a_b" sanitise alike, so each takes a hash of its raw identity; a third tool
    // named as the first's hashed name makes Codex sort and rehash. Unpredictable by chance.
    const raw = 's\u0000s\u0000\u0000a.b\u0000a.b';
    const taken = `a_b_${sha1Hex(raw).slice(0, 12)}`;
    const tools = inputOf(['a.b', 'a_b', taken], 's', undefined);
    const all = CLIENTS.codex.rewrite(tools);
    assert.equal(all[0]!.wireName, `mcp__s__${taken}`, 'the first tool holds the hashed name');
    assert.notEqual(all[2]!.wireName, `mcp__s__${taken}`, 'so the third does not get its plain name');
    assert.equal(partOf(CLIENTS.codex).at(tools[2]!, 2).key, null, 'its key says it may meet any tool');
  });

  for (const profile of profiles) {
    it(`${profile.id}: a tool whose key is its own gets the outcome it has alone (or beside the pivot), and renaming it between own keys moves no other outcome`, () => {
      let premises = 0;
      let renames = 0;
      let pivoted = 0;
      fc.assert(
        fc.property(names, server, announced, fc.nat(), name, (list, serverName, label, at, renamed) => {
          const oneByOne = partOf(profile);
          const tools = inputOf(list, serverName, label);
          const all = profile.rewrite(tools);
          const found = premise(profile, tools);
          if (!found) return;
          premises++;
          if (found.pivot !== undefined) pivoted++;
          tools.forEach((t, i) => {
            if (found.alone[i])
              assert.deepStrictEqual(all[i], oneByOne.at(t, i, found.pivot).outcome, `tool ${i} (${t.tool})`);
          });
          // Rename one tool whose key is its own to a name whose key is its own too (on its side of a pivot).
          const index = at % tools.length;
          if (!found.alone[index]) return;
          const after = tools.map((t, i) => (i === index ? { ...t, tool: renamed } : t));
          const afterPremise = premise(profile, after);
          if (!afterPremise?.alone[index]) return;
          if (
            found.pivot !== undefined &&
            oneByOne.pivot!.before(tools[index]!, index, found.pivot) !==
              oneByOne.pivot!.before(after[index]!, index, found.pivot)
          )
            return;
          renames++;
          assert.deepStrictEqual(afterPremise.pivot, found.pivot, 'the rename keeps the pivot');
          const moved = profile.rewrite(after);
          moved.forEach((o, i) =>
            assert.deepStrictEqual(
              o,
              i === index ? oneByOne.at(after[i]!, i, found.pivot).outcome : all[i],
              `tool ${i} after renaming tool ${index} to ${renamed}`,
            ),
          );
        }),
        { numRuns: 1000, seed: 11 },
      );
      // The premise must be met often enough to test something.
      assert.ok(premises > 100 && renames > 50, `premise met ${premises} times, ${renames} renames`);
      if (partOf(profile).pivot) assert.ok(pivoted > 50, `a pivot only ${pivoted} times`);
    });
  }
});
