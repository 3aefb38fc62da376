import type { SchemaSite } from '../formats/model';
import type { ProviderId } from '../profiles/providers';
import { ruleRefuses, schemaRulesFor, type SchemaProblem, type SchemaRule } from '../profiles/schemaRules';
import type { ClientId, ClientProfile } from './profiles';
import { fatesUnder, type PlaceFate, type SchemaPlace } from './schemaFate';
import { SCHEMA_PATHS, type SchemaPath } from './schemaPaths';

/** What one client makes of one place of a schema, for some models (`when`) or for all. */
export interface ClientSchemaVerdict {
  readonly client: ClientId;
  readonly profile: ClientProfile;
  readonly path: SchemaPath;
  /**
   * `sent` and accepted, `stripped`, `rewritten`, `refused` by the client itself (no request),
   * or `rejected` by the provider the client sends it to (`rules`).
   */
  readonly outcome: 'sent' | 'stripped' | 'rewritten' | 'refused' | 'rejected';
  readonly fate: PlaceFate;
  readonly rules: readonly SchemaRule[];
}

/** A problem the extraction saw at the place, judged by the provider rules a client reaches. */
export interface PlaceIssue {
  readonly problem: SchemaProblem;
  readonly keyword: string;
}

/**
 * Each client's verdicts on a place (the clients in the order given): the place's fates under its
 * path (`clients/schemaPaths.ts`), and what is sent judged by the rules of the client's provider
 * for the field the path reaches. Without an issue, what is sent is accepted.
 */
export function clientVerdicts(
  place: SchemaPlace,
  issue: PlaceIssue | undefined,
  clients: readonly ClientProfile[],
): ClientSchemaVerdict[][] {
  return clients.map((profile) => {
    const path = SCHEMA_PATHS[profile.id];
    return fatesUnder(path, place).map((fate) => {
      const rules = fate.fate === 'sent' && issue ? refusing(profile.provider, path, issue) : [];
      const outcome = rules.length > 0 ? 'rejected' : fate.fate;
      return { client: profile.id, profile, path, outcome, fate, rules };
    });
  });
}

function refusing(provider: ProviderId, path: SchemaPath, issue: PlaceIssue): SchemaRule[] {
  return clientSchemaRules(provider, path).filter((rule) => ruleRefuses(rule, issue.problem, issue.keyword));
}

/**
 * The rules a client's request meets: its provider's for the field its path fills. Not a root
 * without `type: "object"`: an MCP server's schema like that breaks the MCP schema itself, and
 * clients' SDKs refuse the tools/list result before any provider sees it (`anthropic-object-root`).
 */
export function clientSchemaRules(provider: ProviderId, path: SchemaPath): SchemaRule[] {
  return schemaRulesFor(provider, path.field, path.strict).filter((rule) => rule.problem !== 'root-not-object');
}

/** A place of a schema whose root is at `rootPointer`: at its root when the key's parent is the root. */
export function isRootPlace(pointer: string, rootPointer: string): boolean {
  // Compared in place, not as a slice: asked once per keyword of every tool.
  const parentEnd = pointer.lastIndexOf('/');
  return parentEnd < 0
    ? pointer.slice(0, -1) === rootPointer
    : parentEnd === rootPointer.length && pointer.startsWith(rootPointer);
}

/** One row of a schema keyword's hover: a targeted provider or a modelled client, and its verdict. */
export interface SchemaPlaceRow {
  readonly kind: 'provider' | 'client';
  /** The provider id, or the client's label (and the models a step holds for). */
  readonly who: string;
  readonly verdict: 'accepted' | 'stripped' | 'rewritten' | 'refused' | 'rejected';
  /** The rule ids, the rewrite, the client's own error: a few words. */
  readonly note: string;
  /**
   * Where a client's step was read (its version and source line): the findings' texts leave it
   * out, since one keyword's finding repeats on every tool of a file and the hover is where it is asked for.
   */
  readonly source?: string;
}

/**
 * What each targeted provider and each modelled client makes of the keyword at `pointer` of a
 * tool's schema site: the hover's table. Providers judge the schema as written, in its own field;
 * clients after their path, by the provider and field they reach.
 */
export function schemaPlaceRows(
  site: SchemaSite,
  pointer: string,
  targets: readonly ProviderId[],
  clients: readonly ClientProfile[],
): SchemaPlaceRow[] {
  const issues = site.issues.filter((i) => i.pointer === pointer);
  const keyword = site.keywords?.find((k) => k.pointer === pointer);
  const first = issues[0];
  const name = first?.keyword ?? keyword?.keyword;
  if (name === undefined) return [];
  const rows: SchemaPlaceRow[] = [];
  for (const provider of targets) {
    const rules = schemaRulesFor(provider, site.field, site.strict).filter((rule) =>
      issues.some((i) => ruleRefuses(rule, i.problem, i.keyword)),
    );
    rows.push(
      rules.length > 0
        ? { kind: 'provider', who: provider, verdict: 'rejected', note: rules.map((r) => r.id).join(', ') }
        : { kind: 'provider', who: provider, verdict: 'accepted', note: `in ${site.field}, as written` },
    );
  }
  const root = isRootPlace(pointer, site.pointer);
  const present = first ? first.problem !== 'array-without-items' && first.problem !== 'strict-open-object' : true;
  const place: SchemaPlace = first
    ? { keyword: name, root, problem: first.problem, present }
    : { keyword: name, root, present };
  for (const list of clientVerdicts(place, first, clients))
    list.forEach((v, i) => {
      const row = clientRow(v);
      // After the rows for some models, the last is what every other model gets.
      rows.push(i > 0 && i === list.length - 1 ? { ...row, who: `${row.who} (other models)` } : row);
    });
  return rows;
}

function clientRow(v: ClientSchemaVerdict): SchemaPlaceRow {
  const step = v.fate.step;
  const source = `${v.path.version}${step && 'source' in step ? `: ${step.source}` : ''}`;
  return { ...clientVerdictRow(v), source };
}

function clientVerdictRow(v: ClientSchemaVerdict): SchemaPlaceRow {
  const who = v.fate.when ? `${v.profile.label} (${v.fate.when} models)` : v.profile.label;
  const step = v.fate.step;
  const unconfirmed = v.path.unconfirmed ? ', unconfirmed' : '';
  switch (v.outcome) {
    case 'rejected':
      return { kind: 'client', who, verdict: 'rejected', note: `${v.rules.map((r) => r.id).join(', ')}${unconfirmed}` };
    case 'refused':
      return { kind: 'client', who, verdict: 'refused', note: step?.kind === 'refuse' ? step.says : 'by the client' };
    case 'rewritten':
      return {
        kind: 'client',
        who,
        verdict: 'rewritten',
        note: step?.kind === 'rewrite' ? `as ${step.to}` : 'inlined, same contract',
      };
    case 'stripped':
      return { kind: 'client', who, verdict: 'stripped', note: 'the model never sees it' };
    case 'sent':
      return { kind: 'client', who, verdict: 'accepted', note: `sent as ${v.path.field}${unconfirmed}` };
  }
}
