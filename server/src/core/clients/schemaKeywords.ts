/**
 * The JSON Schema keywords whose loss changes the contract a model is given: what it may send
 * (validation keywords, combinators, references) or what an omitted argument means (`default`).
 * A client that drops one of these sends a schema the server does not enforce the same way, so
 * `schema-altered` reports it. Keywords outside this list are annotations with no effect on what
 * the model may send (`$schema`, `$id`, `$comment`, `title`, `examples`, `deprecated`, `readOnly`,
 * `writeOnly`, `$defs`/`definitions` themselves: losing a definition matters only through the
 * `$ref` that names it, which is listed): a client dropping those changes nothing the model may
 * do, and is never reported. `description` is kept by every modelled client.
 */
export const CONTRACT_KEYWORDS: ReadonlySet<string> = new Set([
  'enum',
  'const',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minContains',
  'maxContains',
  'prefixItems',
  'unevaluatedItems',
  'minProperties',
  'maxProperties',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'additionalProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
  '$ref',
  'default',
]);
