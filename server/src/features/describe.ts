import {
  FORMAT_IDS,
  FORMATS,
  PROVIDERS,
  requestFailures,
  type Analysis,
  type AnalyzedTool,
  type FormatId,
  type RequestFailure,
} from '../core';
import type { Rich } from './rich';

/** Each format's label, from the one registry, so every view names a format alike. */
export const FORMAT_LABELS: Readonly<Record<FormatId, string>> = Object.fromEntries(
  FORMAT_IDS.map((id) => [id, FORMATS[id].label]),
) as Record<FormatId, string>;

export function describeWire(tool: AnalyzedTool): string {
  switch (tool.wireSource) {
    case 'verbatim':
      return 'sent as written: this file is the request body';
    case 'model-safe':
      return tool.wireName === tool.name
        ? 'model-safe: already in the form'
        : 'model-safe: characters outside [A-Za-z0-9_-] become `_`, cut to 64';
    case 'ads-explicit':
      return 'ADS-2: its `invocationName`';
    case 'ads-derived':
      return 'ADS-2: every `.` becomes `-`, never truncated';
  }
}

/** Rich text: the kept tool's name is the user's, escaped by whoever renders it. */
/**
 * `at`: the tool's index and its request's failures, when the caller tells many tools of one
 * request (the census view), so they are found once, not once per tool.
 */
export function describeFate(
  analysis: Analysis,
  tool: AnalyzedTool,
  at?: { readonly index: number; readonly failures: readonly RequestFailure[] },
): Rich {
  switch (tool.fate) {
    case 'offered':
      return offeredFate(
        analysis,
        at?.index ?? analysis.tools.indexOf(tool),
        at?.failures ?? requestFailures(analysis, tool.request),
      );
    case 'not-invocable':
      return ['not invocable: no valid wire name, models never see it'];
    case 'unnamed':
      return ['no usable name'];
    case 'left-out': {
      const kept = tool.keptInGroup === undefined ? undefined : analysis.tools[tool.keptInGroup];
      return kept
        ? ['left out of the request (the runtime keeps ', { code: kept.name ?? '' }, ')']
        : ['left out of the request'];
    }
  }
}

/**
 * Offered, unless a provider refuses the whole request: then no tool of it reaches the model,
 * and the tool to fix is named (it may be this one).
 */
function offeredFate(analysis: Analysis, self: number, failures: readonly RequestFailure[]): Rich {
  if (failures.length === 0) return ['offered to the model'];
  const failure = failures.find((f) => f.cause === self) ?? failures[0]!;
  const provider = PROVIDERS[failure.provider].label;
  if (failure.cause === self) {
    const how = failure.why === 'duplicate-name' ? 'refuses its name, sent twice' : 'rejects its name';
    return [`not reaching the model: ${provider} ${how}, so the whole request fails`];
  }
  if (failure.cause === undefined)
    return [`not reaching the model: ${provider} refuses a request with this many tools`];
  const cause = analysis.tools[failure.cause]!;
  return [
    `not reaching the model: ${provider} refuses the whole request because of `,
    { code: cause.name ?? '' },
    ' (fix that tool)',
  ];
}
