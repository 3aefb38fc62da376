import type { ClientResult } from '../clients/census';
import type { ClientProfile } from '../clients/profiles';
import { altersContract, type SchemaPlace } from '../clients/schemaFate';
import { clientVerdicts, isRootPlace, type ClientSchemaVerdict } from '../clients/schemaVerdicts';
import type { Finding, Severity } from '../findings';
import type { SchemaIssue, SchemaSite } from '../formats/model';
import type { OffsetRange } from '../json/ranges';
import { PROVIDERS } from '../profiles/providers';
import { visible } from '../text/visible';
import { quote, type CheckContext, type ToolVisitor } from './context';
import { describeIssue, schemaFixOf } from './schema';

/** One place of the schema with a client's part to tell: where, and what it is called. */
interface Told {
  readonly range: OffsetRange;
  readonly pointer: string;
  readonly subject: string;
  /** The problem told, when it is a schema problem (a fix may mend it). */
  readonly issue?: SchemaIssue;
}

/**
 * What the enabled MCP clients do to a tool's input schema (`clients/schemaPaths.ts`), at the
 * exact key. `schema-altered` (warning): a client drops or rewrites a keyword so the model sees
 * another contract than the server enforces. `schema-rejected`: what a client sends is refused
 * (by the provider it reaches, or by the client itself), so the whole request fails; it joins the
 * targets' finding on the same place, so one problem is one finding naming every provider and
 * client. Runs after `checkSchemas` and the client census, for MCP tool files only; a tool
 * without a schema site costs nothing.
 */
export function checkSchemaClients(
  context: CheckContext,
  results: readonly ClientResult[],
  capAtWarning: boolean,
): ToolVisitor | undefined {
  const alteredOn = context.sink.enabled('schema-altered');
  const rejectedOn = context.sink.enabled('schema-rejected');
  if ((!alteredOn && !rejectedOn) || results.length === 0) return undefined;
  const clients = distinctClients(results);
  const targets = new TargetFindings(context);
  // A place's verdicts and what they make depend on the place alone, never on the tool: a large
  // server repeats the same few keywords thousands of times, so each is judged and worded once.
  const judged = new Map<string, Judged>();
  const judge = (place: SchemaPlace, issue: SchemaIssue | undefined, subject: string): Judged => {
    const key = `${subject}\u0000${place.root}\u0000${place.problem ?? ''}\u0000${place.present}`;
    let found = judged.get(key);
    if (!found) {
      const verdicts = clientVerdicts(place, issue, clients);
      found = { verdicts, altered: alteredTell(subject, verdicts) };
      judged.set(key, found);
    }
    return found;
  };
  // A written keyword's finding, by its name, at the root and below: found without making a key,
  // a place or a subject per keyword (a 10k-tool server writes tens of thousands).
  const keywordTells = [new Map<string, AlteredTell | null>(), new Map<string, AlteredTell | null>()] as const;
  const keywordTell = (keyword: string, root: boolean): AlteredTell | undefined => {
    const tells = keywordTells[root ? 0 : 1];
    let tell = tells.get(keyword);
    if (tell === undefined) {
      tell = judge({ keyword, root, present: true }, undefined, `Schema keyword ${quote(keyword)}`).altered ?? null;
      tells.set(keyword, tell);
    }
    return tell ?? undefined;
  };
  return (tool, local) => {
    const schema = tool.declaration.schema;
    // A tool the runtime leaves out is not sent, and neither is its schema.
    if (!schema || tool.fate !== 'offered') return;
    const global = local + context.firstTool;
    const name = tool.name ?? '';
    if (alteredOn)
      for (const keyword of schema.keywords ?? []) {
        const altered = keywordTell(keyword.keyword, isRootPlace(keyword.pointer, schema.pointer));
        if (altered) addAltered(context, global, keyword, altered);
      }
    for (const issue of schema.issues) {
      const place = placeOf(issue, schema);
      const told = { range: issue.range, pointer: issue.pointer, subject: describeIssue(issue), issue };
      const { verdicts, altered } = judge(place, issue, told.subject);
      // A keyword written in the schema is told once, from `keywords`; a missing one only here.
      if (alteredOn && !place.present && altered) addAltered(context, global, told, altered);
      if (rejectedOn) reportRejected(context, targets, global, name, told, verdicts, capAtWarning);
    }
  };
}

/** A place's verdicts, and the `schema-altered` finding they make wherever the place is. */
interface Judged {
  readonly verdicts: readonly ClientSchemaVerdict[][];
  readonly altered: AlteredTell | undefined;
}

interface AlteredTell {
  readonly severity: Severity;
  readonly message: string;
  readonly detail: string;
  readonly clients: readonly ClientProfile['id'][];
}

/** Most clients a message names; the detail names every one. */
const MESSAGE_CLIENTS = 3;

/** `Codex CLI, VS Code (Copilot Chat) for gpt-4* models and 2 more`: each client once, its models if only some. */
function clientList(verdicts: readonly ClientSchemaVerdict[]): string {
  // Per client, the models it does it for; null: every model.
  const byClient = new Map<string, { label: string; models: string[] | null }>();
  for (const v of verdicts) {
    const entry = byClient.get(v.client) ?? { label: v.profile.label, models: [] };
    if (!v.fate.when) entry.models = null;
    else if (entry.models) entry.models.push(v.fate.when);
    byClient.set(v.client, entry);
  }
  const names = [...byClient.values()].map(({ label, models }) =>
    models && models.length > 0 ? `${label} for ${models.join(' and ')} models` : label,
  );
  const more = names.length - MESSAGE_CLIENTS;
  return more > 0 ? `${names.slice(0, MESSAGE_CLIENTS).join(', ')} and ${more} more` : names.join(', ');
}

function distinctLabels(verdicts: readonly ClientSchemaVerdict[]): number {
  return new Set(verdicts.map((v) => v.client)).size;
}

/** Each client once (a document sent under two server names runs every client twice). */
function distinctClients(results: readonly ClientResult[]): ClientProfile[] {
  const seen = new Map<string, ClientProfile>();
  for (const result of results) if (!seen.has(result.client)) seen.set(result.client, result.profile);
  return [...seen.values()];
}

function placeOf(issue: SchemaIssue, schema: SchemaSite): SchemaPlace {
  // `items` of an array is reported where it is missing: there is no key to strip.
  const present = issue.problem !== 'array-without-items' && issue.problem !== 'strict-open-object';
  return { keyword: issue.keyword, root: isRootPlace(issue.pointer, schema.pointer), problem: issue.problem, present };
}

function alteredTell(subject: string, verdicts: readonly ClientSchemaVerdict[][]): AlteredTell | undefined {
  const altering = verdicts.flatMap((list) => list.filter((v) => altersContract(v.fate)));
  if (altering.length === 0) return undefined;
  const stripped = altering.every((v) => v.fate.fate === 'stripped');
  const verb = stripped
    ? 'dropped'
    : altering.some((v) => v.fate.fate === 'stripped')
      ? 'dropped or rewritten'
      : 'rewritten';
  // What only some models get (VS Code's gpt-4* stripping) is told, not warned about: the
  // client's model is not known, and most models get the schema whole.
  const severity: Severity = altering.every((v) => v.fate.when !== undefined) ? 'information' : 'warning';
  return {
    severity,
    message: `${subject} is ${verb} by ${clientList(altering)}: the model sees another contract.`,
    // Who does what, for which models, only where the message had to cut the list (nothing that
    // repeats the message travels with each diagnostic), then the why and the fix, short: the
    // sources are the keyword hover's, the longer why the code's documentation page.
    detail: `${distinctLabels(altering) > MESSAGE_CLIENTS ? `${describeAltered(altering)}. ` : ''}The server still enforces it: say it in the tool's description if the model must keep to it.`,
    clients: [...new Set(altering.map((v) => v.client))],
  };
}

function addAltered(
  context: CheckContext,
  tool: number,
  at: { readonly range: OffsetRange; readonly pointer: string },
  tell: AlteredTell,
): void {
  context.sink.add('schema-altered', tell.severity, {
    message: tell.message,
    detail: tell.detail,
    range: at.range,
    pointer: at.pointer,
    related: [],
    tool,
    clients: tell.clients,
  });
}

/**
 * `VS Code (Copilot Chat): dropped for gpt-4* and Gemini models; Codex CLI: dropped`: each client
 * once, what it does for which models. Without the versions and sources the hover's table gives:
 * the text travels with every diagnostic, and a keyword one client drops is usually on every tool
 * of the file.
 */
function describeAltered(verdicts: readonly ClientSchemaVerdict[]): string {
  const byClient = new Map<string, Map<string, string[]>>();
  for (const { profile, fate } of verdicts) {
    const step = fate.step;
    const what =
      fate.fate === 'stripped' ? 'dropped' : `rewritten as ${step?.kind === 'rewrite' ? step.to : 'another schema'}`;
    const whats = byClient.get(profile.label) ?? new Map<string, string[]>();
    whats.set(what, [...(whats.get(what) ?? []), ...(fate.when ? [fate.when] : [])]);
    byClient.set(profile.label, whats);
  }
  return [...byClient]
    .map(
      ([label, whats]) =>
        `${label}: ${[...whats].map(([what, models]) => (models.length > 0 ? `${what} for ${models.join(' and ')} models` : what)).join(', ')}`,
    )
    .join('; ');
}

function reportRejected(
  context: CheckContext,
  targetFindings: TargetFindings,
  tool: number,
  name: string,
  told: Told,
  verdicts: readonly ClientSchemaVerdict[][],
  capAtWarning: boolean,
): void {
  const failing = verdicts.flatMap((list) => list.filter((v) => v.outcome === 'rejected' || v.outcome === 'refused'));
  if (failing.length === 0) return;
  const labels = clientList(failing);
  const clients = [...new Set(failing.map((v) => v.client))];
  const unconfirmed = failing.every((v) => v.path.unconfirmed === true);
  const detail = `${unconfirmed ? 'Unconfirmed (no public source shows the client path). ' : ''}${failing.map(describeRejected).join('; ')}.`;
  const index = targetFindings.at(tool, told);
  if (index !== undefined) {
    // One problem, one finding: the targets' finding gains the clients, in place (its severity,
    // the user's setting already applied, stays).
    const finding = context.sink.findings[index]!;
    const providers = (finding.profiles ?? []).join(', ');
    context.sink.findings[index] = {
      ...finding,
      message: visible(`${told.subject} is rejected by ${providers} and via ${labels}: the request fails.`),
      detail: visible(`${finding.detail} Via MCP clients: ${detail}`),
      clients,
    };
    return;
  }
  const severity: Severity = capAtWarning || unconfirmed ? 'warning' : 'error';
  context.sink.add('schema-rejected', severity, {
    message: `${told.subject} is rejected via ${labels}: the whole request fails.`,
    detail: `${detail} One refused schema of ${quote(name)} fails every tool sent with it.`,
    range: told.range,
    pointer: told.pointer,
    related: [],
    tool,
    clients,
    ...(told.issue ? schemaFixOf(told.issue) : {}),
  });
}

/** `Claude Code as reported to 2025-08: sent to Anthropic (input_schema; anthropic-root-combinator: …): "…" (source)` */
function describeRejected(verdict: ClientSchemaVerdict): string {
  const who = `${verdict.profile.label} ${verdict.path.version}`;
  const models = verdict.fate.when ? ` for ${verdict.fate.when} models` : '';
  const step = verdict.fate.step;
  if (verdict.outcome === 'refused' && step?.kind === 'refuse')
    return `${who}: refuses the tool${models} (${quote(step.says)}), so no request is sent (${step.source})`;
  const provider = PROVIDERS[verdict.profile.provider].label;
  const rules = verdict.rules
    .map((rule) => `${rule.id}: ${rule.rule}: ${quote(rule.quote)} (${rule.sources[0]}, seen ${rule.seen})`)
    .join('; ');
  return `${who}: sends it${models} to ${provider} as ${verdict.path.field} (${rules})`;
}

/**
 * The targets' `schema-rejected` findings of this request (`checkSchemas` ran before), by tool
 * and place: indexed on first need, once, since a file may hold thousands of refused schemas.
 */
class TargetFindings {
  private index: Map<string, number> | undefined;

  constructor(private readonly context: CheckContext) {}

  at(tool: number, told: Told): number | undefined {
    if (!this.index) {
      this.index = new Map();
      this.context.sink.findings.forEach((f: Finding, i) => {
        if (f.code === 'schema-rejected' && f.tool !== undefined)
          this.index!.set(placeKey(f.tool, f.pointer, f.range.start), i);
      });
    }
    return this.index.get(placeKey(tool, told.pointer, told.range.start));
  }
}

function placeKey(tool: number, pointer: string, start: number): string {
  return `${tool}\u0000${start}\u0000${pointer}`;
}
