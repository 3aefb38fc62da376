import type { SchemaSite } from '../formats/model';
import type { ClientId } from './profiles';
import { fatesUnder, type SchemaPlace } from './schemaFate';
import { SCHEMA_PATHS } from './schemaPaths';
import { isRootPlace } from './schemaVerdicts';

/** One keyword a client sends otherwise than the server wrote it. */
export interface SchemaChange {
  /** The keyword's place, relative to the schema's root (`/properties/q/pattern`). */
  readonly at: string;
  readonly keyword: string;
  readonly change: 'dropped' | 'rewritten';
  /** A rewrite: what is sent instead, in the path's words. */
  readonly to?: string;
  /** Whether the model may still send the same values (a rewrite that keeps the contract). */
  readonly contract: 'kept' | 'changed';
  /** Set when the step holds for some models only (`gpt-4*`). */
  readonly when?: string;
}

/**
 * The schema a client sends, as its difference from the written one: each keyword of the tool's
 * schema site (those some client alters, and the problems some rule reads) that the client's
 * path (`schemaPaths.ts`) drops or rewrites, in text order. Additions (`add` steps) are not
 * listed: whether the root lacks the keyword is not in the site. Empty: sent as written, as far
 * as the site shows, which holds every keyword any client alters when a client is modelled.
 */
export function schemaAsSent(site: SchemaSite | undefined, client: ClientId): SchemaChange[] {
  if (!site) return [];
  const path = SCHEMA_PATHS[client];
  const places: Array<{ pointer: string; place: SchemaPlace }> = [];
  const seen = new Set<string>();
  for (const keyword of site.keywords ?? []) {
    seen.add(keyword.pointer);
    const root = isRootPlace(keyword.pointer, site.pointer);
    places.push({ pointer: keyword.pointer, place: { keyword: keyword.keyword, root, present: true } });
  }
  for (const issue of site.issues) {
    // A missing `items` or `additionalProperties` is a shape, not a keyword to drop.
    const present = issue.problem !== 'array-without-items' && issue.problem !== 'strict-open-object';
    if (present && seen.has(issue.pointer)) continue;
    const root = isRootPlace(issue.pointer, site.pointer);
    places.push({ pointer: issue.pointer, place: { keyword: issue.keyword, root, problem: issue.problem, present } });
  }
  const changes: SchemaChange[] = [];
  for (const { pointer, place } of places)
    for (const fate of fatesUnder(path, place)) {
      if (fate.fate !== 'stripped' && fate.fate !== 'rewritten') continue;
      const step = fate.step;
      const rewrite = step?.kind === 'rewrite' ? step : undefined;
      changes.push({
        at: pointer.slice(site.pointer.length),
        keyword: place.keyword,
        change: fate.fate === 'stripped' ? 'dropped' : 'rewritten',
        ...(rewrite ? { to: rewrite.to } : fate.fate === 'rewritten' ? { to: 'the schema it names, inlined' } : {}),
        contract: fate.fate === 'stripped' || rewrite?.contract === 'changed' ? 'changed' : 'kept',
        ...(fate.when ? { when: fate.when } : {}),
      });
    }
  return changes;
}

/** Most changes `schemaDiffText` spells out; the rest are counted. */
const SHOWN_CHANGES = 6;

/**
 * A compact diff for a table cell: `as written`, or `−/properties/q/pattern, ~/properties/u/type
 * (gpt-4* models)`: `−` dropped, `~` rewritten with the contract changed, `≈` rewritten with it kept.
 */
export function schemaDiffText(changes: readonly SchemaChange[]): string {
  if (changes.length === 0) return 'as written';
  // One entry per place and mark, with the models its steps hold for (none: every model).
  const entries = new Map<string, string[] | null>();
  for (const c of changes) {
    const mark = c.change === 'dropped' ? '−' : c.contract === 'changed' ? '~' : '≈';
    const key = `${mark}${c.at}`;
    const models = entries.get(key);
    if (c.when === undefined || models === null) entries.set(key, null);
    else entries.set(key, [...(models ?? []), c.when]);
  }
  const all = [...entries].map(([key, models]) => (models ? `${key} (${models.join(', ')} models)` : key));
  const shown = all.slice(0, SHOWN_CHANGES);
  const more = all.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
