import type { Finding, FindingCode, Severity } from '../findings';
import type { AnalysisOptions } from '../settings';

/** A finding before the user's severity settings are applied. */
export type Draft = Omit<Finding, 'code' | 'severity'>;

/**
 * Collects findings and applies the user's per-code severity (including "off") in one place,
 * so no check needs to know about settings. `enabled` lets a check skip building messages for a
 * code that is off (renamed-on-wire can fire for every tool of a 50k-tool file).
 */
export class FindingSink {
  readonly findings: Finding[] = [];

  constructor(private readonly overrides: AnalysisOptions['severity'] = {}) {}

  enabled(code: FindingCode): boolean {
    return this.overrides?.[code] !== 'off';
  }

  add(code: FindingCode, defaultSeverity: Severity, draft: Draft): void {
    const override = this.overrides?.[code];
    if (override === 'off') return;
    this.findings.push({ code, severity: override ?? defaultSeverity, ...draft });
  }
}
