import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import type { AnalysisOptions } from '../../server/src/core';
import { mcpList, fixedAnalysis } from './helpers';

/**
 * The collision checks read large groups without a per-member scan (which was quadratic at 50k
 * tools). These hold them to the plain definitions, computed here the slow way.
 */
const name = fc.constantFrom('ab', 'Ab', 'aB', 'AB', 'ab.', 'ab_', 'cd', 'CD', 'a.b', 'a_b', 'A_b');
/** Few spellings, so case groups grow past the ten others a finding names. */
const caseName = fc.constantFrom('ab', 'Ab', 'aB', 'AB', 'cd');

describe('collision groups: the bounded bookkeeping matches the plain definitions', () => {
  test('case-collision names the first ten others of another wire name, and counts them all', () => {
    for (const derivation of ['verbatim', 'model-safe'] as const) {
      fc.assert(
        fc.property(fc.array(fc.oneof(name, caseName), { minLength: 2, maxLength: 60 }), (names) => {
          const options: AnalysisOptions = { derivation };
          const analysis = fixedAnalysis(mcpList(...names), options);
          const offered = analysis.tools.map((t, i) => ({ i, wire: t.fate === 'offered' ? t.wireName : null }));
          for (const finding of analysis.findings.filter((f) => f.code === 'case-collision')) {
            const self = analysis.tools[finding.tool!]!;
            const others = offered.filter(
              (o) =>
                o.wire !== null && o.wire.toLowerCase() === self.wireName!.toLowerCase() && o.wire !== self.wireName,
            );
            assert.deepEqual(
              finding.related.map((r) => r.range),
              others.slice(0, 10).map((o) => analysis.tools[o.i]!.declaration.name.range),
            );
            // The one-sentence message names one other and counts the rest (docs/diagnostics.md).
            if (others.length > 1) assert.match(finding.message, new RegExp(`and ${others.length - 1} more`));
          }
        }),
        { numRuns: 300 },
      );
    }
  });

  test('model-safe, no kept tool: the first member keeps its name only if no other tool has its form in any case', () => {
    fc.assert(
      fc.property(fc.array(name, { minLength: 2, maxLength: 30 }), (names) => {
        const analysis = fixedAnalysis(mcpList(...names), { derivation: 'model-safe' });
        const fixed = new Set(analysis.findings.filter((f) => f.code === 'wire-collision' && f.fix).map((f) => f.tool));
        const firsts = new Set(
          analysis.tools.flatMap((t) =>
            t.wireGroup.length > 1 && t.keptInGroup === undefined ? [t.wireGroup[0]!] : [],
          ),
        );
        for (const first of firsts) {
          const tool = analysis.tools[first]!;
          const wire = modelSafeForm(tool.name!);
          const clash = analysis.tools.some(
            (t, i) =>
              !tool.wireGroup.includes(i) && t.wireName !== null && t.wireName.toLowerCase() === wire.toLowerCase(),
          );
          assert.equal(
            fixed.has(first),
            clash,
            `first of ${JSON.stringify(names)}: fixed iff another tool has ${wire} in some case`,
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});

/** The model-safe form of these short names (no cut at 64 needed). */
function modelSafeForm(name: string): string {
  return name.replace(/[^A-Za-z0-9_-]/g, '_');
}
