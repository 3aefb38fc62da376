import type { Log, ReportingDescriptor, Result } from 'sarif';
import {
  CODE_SUMMARIES,
  DOCS_BASE,
  docsUrl,
  FINDING_CODES,
  FINGERPRINT_KEY,
  type PositionRange,
  type Severity,
} from '../../../server/src/core';
import { codeSections, sectionParts } from '../explainDocs';
import { renderMarkdown } from '../explainRender';
import { DIAGNOSTICS_MARKDOWN } from '../explainText';
import { INVALID_JSON, INVALID_JSON_SUMMARY } from '../inputFindings';
import type { FileReport } from '../model';

/**
 * SARIF 2.1.0 for GitHub code scanning and friends. Regions are 1-based, in UTF-16 code units.
 * `fingerprints[file][diagnostic]` (the baseline's, `cli/src/fingerprints.ts`) become each
 * result's `partialFingerprints`, so code scanning tracks a finding across commits that move it.
 */
export function formatSarif(
  reports: readonly FileReport[],
  version: string,
  fingerprints?: ReadonlyArray<readonly string[]>,
): string {
  const sections = codeSections(DIAGNOSTICS_MARKDOWN);
  const rule = (id: string, summary: string, helpUri: string): ReportingDescriptor => {
    const section = sections.get(id);
    const parts = section ? sectionParts(section.body) : undefined;
    // The rule carries the docs (what and why; the section as help), so a result's message stays one sentence.
    const full = [parts?.what, parts?.why]
      .filter((p): p is string => p !== undefined)
      .map(plainText)
      .join(' ');
    return {
      id,
      name: id,
      shortDescription: { text: summary },
      ...(full !== '' ? { fullDescription: { text: full } } : {}),
      ...(section ? { help: { text: plainText(parts?.fix ?? summary), markdown: section.body } } : {}),
      helpUri,
    };
  };
  const rules: ReportingDescriptor[] = FINDING_CODES.map((code) => rule(code, CODE_SUMMARIES[code], docsUrl(code)));
  // The CLI's own code for input it cannot read (not a core finding: the editor shows those).
  rules.push(rule(INVALID_JSON, INVALID_JSON_SUMMARY, `${DOCS_BASE}#${INVALID_JSON}`));
  const ruleIds = rules.map((r) => r.id);
  const results: Result[] = reports.flatMap((report, file) =>
    report.diagnostics.map(
      (d, i): Result => ({
        ruleId: d.code,
        ruleIndex: ruleIds.indexOf(d.code),
        level: level(d.severity),
        message: { text: d.message },
        // The why and the fix of this very finding (the rule's help is the code's in general).
        ...(d.detail !== undefined || d.also !== undefined
          ? {
              properties: {
                ...(d.detail !== undefined ? { detail: d.detail } : {}),
                ...(d.also ? { also: d.also } : {}),
              },
            }
          : {}),
        locations: [location(report.path, d.range)],
        // A related location in another file (a cross-file client collision) is in that file.
        ...(d.related.length > 0
          ? {
              relatedLocations: d.related.map((r, id) => ({
                id,
                ...location(r.path ?? report.path, r.range),
                message: { text: r.message },
              })),
            }
          : {}),
        ...(fingerprints?.[file]?.[i] !== undefined
          ? { partialFingerprints: { [FINGERPRINT_KEY]: fingerprints[file]![i]! } }
          : {}),
      }),
    ),
  );
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'toolwire', version, informationUri: 'https://github.com/toolwire/toolwire', rules } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function level(severity: Severity): Result.level {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

function location(path: string, range: PositionRange) {
  return {
    physicalLocation: {
      artifactLocation: { uri: encodeURI(path.split('\\').join('/')) },
      region: {
        startLine: range.start.line + 1,
        startColumn: range.start.character + 1,
        endLine: range.end.line + 1,
        endColumn: range.end.character + 1,
      },
    },
  };
}

/** A docs paragraph as one line of plain text, rendered as `toolwire explain` renders it. */
function plainText(markdown: string): string {
  return renderMarkdown(markdown, DOCS_BASE.slice(0, DOCS_BASE.lastIndexOf('/'))).replace(/\s*\n\s*/g, ' ');
}
