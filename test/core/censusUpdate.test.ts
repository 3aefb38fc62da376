import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { takeCensus, type CensusResult } from '../../server/src/core/census/census';
import type { ExtractedRequest } from '../../server/src/core/formats/model';
import { recognizeDocument } from '../../server/src/core/formats/recognize';
import type { RequestCarry } from '../../server/src/core/incremental/carry';
import { updatedCensus } from '../../server/src/core/incremental/censusUpdate';
import { settingsForRequest } from '../../server/src/core/settings';
import { parseSource } from '../../server/src/core/source';
import { mcpList, openaiChat } from './helpers';

/**
 * `updatedCensus` (incremental/censusUpdate.ts): a census updated from the previous one for one
 * changed name is the census `takeCensus` takes of the request as it now is, whether the edit
 * keeps every group (the key maps moved in place) or not (indexed again). Names are drawn to
 * meet: case variants, model-safe forms, reserved names, names over 64.
 */
const pieces = ['a', 'b', 'A', '.', '_', 'tool_search', 'x'.repeat(64)];
const name = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(''));
const derivation = fc.constantFrom(undefined, 'verbatim' as const, 'model-safe' as const, 'ads' as const);
const reserved = fc.subarray(['a', 'b_a', 'A.b']);
const format = fc.constantFrom('mcp', 'openai');

function requestOf(text: string): ExtractedRequest {
  return recognizeDocument(parseSource(text).values, false).requests[0]!;
}

function renamed(request: ExtractedRequest, index: number, value: string): ExtractedRequest {
  const declarations = request.declarations.slice();
  const declaration = declarations[index]!;
  declarations[index] = { ...declaration, name: { ...declaration.name, value } };
  return { ...request, declarations };
}

/** What the next census reads of a census. */
function carryOf(census: CensusResult): RequestCarry {
  return {
    wires: census.wires,
    wireKeys: census.wireKeys,
    caseKeys: census.caseKeys,
  };
}

function assertSameCensus(actual: CensusResult, expected: CensusResult): void {
  assert.deepStrictEqual(actual.tools, expected.tools);
  assert.deepStrictEqual(actual.census, expected.census);
  assert.deepStrictEqual(actual.wires, expected.wires);
  assert.deepStrictEqual(actual.groups, expected.groups);
  assert.deepStrictEqual(actual.reserved, expected.reserved);
  assert.deepStrictEqual(actual.references, expected.references);
  // Maps compare by their entries: the moved key maps hold what indexing afresh gives.
  assert.deepStrictEqual(actual.wireKeys, expected.wireKeys);
  assert.deepStrictEqual(actual.caseKeys, expected.caseKeys);
}

describe('a census updated for one changed name', () => {
  it('is the census taken afresh, whatever the names, derivation and reserved names', () => {
    let kept = 0;
    fc.assert(
      fc.property(
        fc.array(name, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        name,
        derivation,
        reserved,
        format,
        (names, at, value, forced, reservedNames, shape) => {
          const text = shape === 'mcp' ? mcpList(...names) : openaiChat(names);
          const request = requestOf(text);
          const options = { ...(forced ? { derivation: forced } : {}), reservedNames };
          const settings = settingsForRequest(request.format, options);
          const before = takeCensus(request, 0, settings, 3);
          const index = at % names.length;
          const after = renamed(request, index, value);
          const expected = takeCensus(after, 0, settings, 3);
          const carry = carryOf(before);
          const keysKept = carry.wireKeys;
          const actual = updatedCensus(after, 0, settings, 3, {
            carry,
            before: (local) => before.tools[local]!,
            edited: index,
          });
          if (actual.wireKeys === keysKept) kept++;
          assertSameCensus(actual, expected);
        },
      ),
      { numRuns: 600, seed: 7 },
    );
    // Both paths must be met: the key map moved in place, and indexed again.
    assert.ok(kept > 100 && kept < 590, `the key map kept ${kept} times of 600`);
  });

  it("is the previous census when the request's names did not change (another request's did)", () => {
    const request = requestOf(mcpList('a.b', 'a_b', 'A_B', 'c', 'tool_search'));
    const settings = settingsForRequest(request.format, { derivation: 'model-safe' });
    const before = takeCensus(request, 1, settings, 5);
    const actual = updatedCensus(request, 1, settings, 5, {
      carry: carryOf(before),
      before: (local) => before.tools[local]!,
      edited: undefined,
    });
    assertSameCensus(actual, takeCensus(request, 1, settings, 5));
    assert.equal(actual.wires, before.wires, 'the wire names are the carried ones, not computed again');
  });
});
