// The line protocol between a test module running inside the extension host and the node:test
// file that launched it. The extension host can only hand back an exit code and its console
// output, so each case prints one marked JSON line; the outer test turns them into subtests, so a
// failure names the case and the summary counts every case. Pure: bundled into the extension host
// too, so no Node imports here.

export const PLAN_MARK = '[e2e-plan]';
export const CASE_MARK = '[e2e-case]';

export interface CaseReport {
  readonly name: string;
  readonly ok: boolean;
  readonly durationMs: number;
  /** The failure's message and stack, when !ok. */
  readonly error?: string;
}

export function formatPlan(names: readonly string[]): string {
  return `${PLAN_MARK} ${JSON.stringify(names)}`;
}

export function formatCase(report: CaseReport): string {
  return `${CASE_MARK} ${JSON.stringify(report)}`;
}

export interface ParsedReports {
  /** The case names announced before running, or undefined if the module never got that far. */
  readonly planned: readonly string[] | undefined;
  readonly cases: readonly CaseReport[];
}

/** Finds the marked lines anywhere in log lines (the harness prefixes them with time and level). */
export function parseCaseReports(lines: readonly string[]): ParsedReports {
  let planned: string[] | undefined;
  const cases: CaseReport[] = [];
  for (const line of lines) {
    const plan = afterMark(line, PLAN_MARK);
    if (plan !== undefined) planned = parseJson(plan, isStringArray) ?? planned;
    const report = afterMark(line, CASE_MARK);
    const parsed = report === undefined ? undefined : parseJson(report, isCaseReport);
    if (parsed) cases.push(parsed);
  }
  return { planned, cases };
}

function afterMark(line: string, mark: string): string | undefined {
  const at = line.indexOf(`${mark} `);
  return at < 0 ? undefined : line.slice(at + mark.length + 1);
}

function parseJson<T>(text: string, guard: (value: unknown) => value is T): T | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return guard(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isCaseReport(value: unknown): value is CaseReport {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === 'string' &&
    typeof v.ok === 'boolean' &&
    typeof v.durationMs === 'number' &&
    (v.error === undefined || typeof v.error === 'string')
  );
}
