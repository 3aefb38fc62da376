import type { Analysis } from '../model';
import { PROVIDERS, type ProviderId } from '../profiles/providers';

/** Why a provider refuses a request as a whole, and the tool that makes it (when one does). */
export interface RequestFailure {
  readonly provider: ProviderId;
  readonly why: 'rejected-name' | 'duplicate-name' | 'too-many-tools';
  /** Index into Analysis.tools of the first tool that fails the request; absent for the tool count. */
  readonly cause?: number;
}

/**
 * The providers that answer a request with an error, so that no tool of it reaches the model: a
 * name a targeted provider rejects, a name sent twice where the provider refuses duplicates, or
 * more tools than it takes. A pure function of the census, read where a tool's fate is told
 * (hover, census view), so no stage stores it.
 */
export function requestFailures(analysis: Pick<Analysis, 'tools' | 'requests'>, request: number): RequestFailure[] {
  const census = analysis.requests[request];
  if (!census) return [];
  const failures: RequestFailure[] = [];
  for (const provider of census.targets) {
    const profile = PROVIDERS[provider];
    const rejected = census.tools.find((index) => {
      const tool = analysis.tools[index]!;
      return tool.fate === 'offered' && tool.verdicts.some((v) => v.provider === provider && !v.verdict.accepted);
    });
    if (rejected !== undefined) {
      failures.push({ provider, why: 'rejected-name', cause: rejected });
      continue;
    }
    if (profile.rejectsDuplicates && census.derivation === 'verbatim') {
      // The second member of a shared name is the one to rename (the first keeps it).
      const duplicate = census.tools.find((index) => {
        const group = analysis.tools[index]!.wireGroup;
        return group.length > 1 && group[0] !== index;
      });
      if (duplicate !== undefined) {
        failures.push({ provider, why: 'duplicate-name', cause: duplicate });
        continue;
      }
    }
    if (profile.maxTools !== undefined && census.offeredCount > profile.maxTools)
      failures.push({ provider, why: 'too-many-tools' });
  }
  return failures;
}
