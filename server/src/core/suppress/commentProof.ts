import type { Finding, OffsetEdit } from '../findings';
import { proveEdits, type Proof } from '../fixes/proof';
import type { Analysis } from '../model';
import type { AnalysisOptions } from '../settings';
import { commentFits } from './commentPlace';

/**
 * A suppression comment's proof: it lands where the language takes a comment (`commentFits`), the
 * fix proof holds (it applies, the text still parses, the finding is gone, no new error), and
 * beyond it, every other finding stays. A comment line changes no value where it is legal, so a
 * finding that goes with it says the comment silenced more than the one asked (the other tools on
 * a flow map's line), and one that comes elsewhere says it landed in text. A finding may come on the silenced finding's own site: a tool's name problems are folded
 * into one finding, and silencing that one shows the next (an invalid name's case collision).
 * Findings are compared by code, site and severity: the comment moves every range below it.
 */
export function proveSuppressComment(
  text: string,
  options: AnalysisOptions,
  before: Analysis,
  edits: readonly OffsetEdit[],
  finding: Pick<Finding, 'code' | 'pointer' | 'severity'>,
): Proof {
  if (!commentFits(text, options.language ?? 'json', edits))
    return { kind: 'refused', reason: 'the text takes no comment line there', culprits: [] };
  const proof = proveEdits(text, options, before, edits, [{ code: finding.code, pointer: finding.pointer }]);
  if (proof.kind !== 'proven') return proof;
  const expected = counts(before.findings);
  const silenced = key(finding);
  expected.set(silenced, (expected.get(silenced) ?? 0) - 1);
  const found = counts(proof.after.findings);
  for (const site of new Set([...expected.keys(), ...found.keys()])) {
    const [code, pointer] = site.split('\u0000');
    const change = (found.get(site) ?? 0) - (expected.get(site) ?? 0);
    if (change === 0 || (change > 0 && pointer === finding.pointer)) continue;
    return {
      kind: 'refused',
      reason: `it would ${change < 0 ? 'also silence' : 'bring'} ${code} at ${pointer}`,
      after: proof.after,
      culprits: [],
    };
  }
  return proof;
}

function key(finding: Pick<Finding, 'code' | 'pointer' | 'severity'>): string {
  return `${finding.code}\u0000${finding.pointer}\u0000${finding.severity}`;
}

function counts(findings: readonly Finding[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of findings) out.set(key(f), (out.get(key(f)) ?? 0) + 1);
  return out;
}
