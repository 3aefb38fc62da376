import { visible } from '../text/visible';
import { isCodeOff, severitySetting, type Finding, type FindingCode, type Severity } from '../findings';
import type { AnalysisOptions } from '../settings';

const NO_RELATED: Finding['related'] = Object.freeze([]);

/** How many details a sink remembers made visible (see `FindingSink.visibleDetails`). */
const MAX_KNOWN_DETAILS = 64;

/** A finding before the user's severity settings are applied. */
type Draft = Omit<Finding, 'code' | 'severity'>;

/**
 * Collects findings and applies the user's per-code severity (including "off") in one place,
 * so no check needs to know about settings. A code off by default (renamed-on-wire) is off here
 * unless the user set its severity. `enabled` lets a check skip building messages for a code that
 * is off (renamed-on-wire can fire for every tool of a 50k-tool file).
 */
export class FindingSink {
  readonly findings: Finding[] = [];
  /**
   * Details made visible, for the few that repeat: a check of a large file words one detail once
   * and adds it to thousands of findings (a keyword every tool writes), each a scan of its text.
   */
  private readonly visibleDetails = new Map<string, string>();

  constructor(private readonly overrides: AnalysisOptions['severity'] = {}) {}

  enabled(code: FindingCode): boolean {
    return !isCodeOff(this.overrides, code);
  }

  add(code: FindingCode, defaultSeverity: Severity, draft: Draft): void {
    const override = severitySetting(this.overrides, code);
    if (override === 'off') return;
    // Names are user text: a newline, ESC or bidi override must not reach a terminal, the
    // Problems panel or a CI log as itself, whichever adapter shows the message.
    const message = visible(draft.message);
    const detail = this.visibleDetail(draft.detail);
    // Most findings relate to nothing: they share one frozen empty list (thousands of hints in a large file).
    const related =
      draft.related.length === 0
        ? NO_RELATED
        : draft.related.some((r) => visible(r.message) !== r.message)
          ? draft.related.map((r) => ({ ...r, message: visible(r.message) }))
          : draft.related;
    this.findings.push({ code, severity: override ?? defaultSeverity, ...draft, message, detail, related });
  }

  private visibleDetail(detail: string): string {
    const known = this.visibleDetails.get(detail);
    if (known !== undefined) return known;
    const shown = visible(detail);
    // Bounded: most details are worded for one finding and never repeat.
    if (this.visibleDetails.size >= MAX_KNOWN_DETAILS) this.visibleDetails.clear();
    this.visibleDetails.set(detail, shown);
    return shown;
  }
}
