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
  return schemaRulesFor(provider, path.field, path.strict).filter((rule) =>
    ruleRefuses(rule, issue.problem, issue.keyword),
  );
}

/** A place of a schema whose root is at `rootPointer`: at its root when the key's parent is the root. */
export function isRootPlace(pointer: string, rootPointer: string): boolean {
  return pointer.slice(0, pointer.lastIndexOf('/')) === rootPointer;
}
