/**
 * What a JSON value of a schema is to a walk of its structure: a schema, a list or map of schemas,
 * `items`' value (one schema or a list: its bracket tells which), or data (`enum`, `default`,
 * `examples`, a description: never read for keywords).
 */
export type SchemaRole = 'schema' | 'schema-list' | 'schema-map' | 'schema-or-list' | 'data';

/** Keywords whose value is one schema. */
export const ONE_SCHEMA: ReadonlySet<string> = new Set([
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
]);
/** Keywords whose value is a list of schemas. */
export const SCHEMA_LIST: ReadonlySet<string> = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value maps names to schemas. */
export const SCHEMA_MAP: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

/** What a schema keyword's value is. */
export function valueRole(key: string): SchemaRole {
  if (key === 'items') return 'schema-or-list';
  if (ONE_SCHEMA.has(key)) return 'schema';
  if (SCHEMA_LIST.has(key)) return 'schema-list';
  if (SCHEMA_MAP.has(key)) return 'schema-map';
  return 'data';
}
