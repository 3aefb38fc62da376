import { FORMAT_IDS, FORMATS, type Analysis, type AnalyzedTool, type FormatId } from '../core';
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
export function describeFate(analysis: Analysis, tool: AnalyzedTool): Rich {
  switch (tool.fate) {
    case 'offered':
      return ['offered to the model'];
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
