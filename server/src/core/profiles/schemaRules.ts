/**
 * Provider schema profiles: what each tool-calling endpoint refuses in a tool's input schema, as
 * data beside the name rules (`providers.ts`). Every rule is one a public 400 shows: its quote,
 * where it was seen and when. A rule not listed here judges nothing, so a provider without rules
 * gets no finding; a rule is added only with a source. Read 2026-12-03: Bedrock Converse's 400 on
 * a root that is not an object and Mistral's on `$schema`/`$id` are public; for Cohere none was
 * found (its public 422s are about request fields such as a tool's `strict`, not the schema), so
 * `cohere-v1` has no schema rule.
 */
import type { ProviderId } from './providers';

/**
 * What the extraction can see in a schema that some endpoint refuses. Provider-neutral: the
 * extraction records these (`formats/schemaSites.ts`) and the check asks the targets' rules.
 */
export type SchemaProblem =
  /** A keyword the endpoint does not know, anywhere in the schema (`keyword` names it). */
  | 'unknown-keyword'
  /** `type` given as a list (`["string", "null"]`). */
  | 'type-list'
  /** An array schema (`type` "array", or a list holding it) without `items`. */
  | 'array-without-items'
  /** The root schema's `type` is absent or not "object". */
  | 'root-not-object'
  /** `oneOf`, `anyOf` or `allOf` at the root. */
  | 'root-combinator'
  /** Strict mode: an object schema whose `additionalProperties` is not `false`. */
  | 'strict-open-object'
  /** Strict mode: a key of `properties` missing from `required`. */
  | 'strict-optional-property';

export interface SchemaRule {
  /** A stable id, for messages and docs: `gemini-unknown-keyword`. */
  readonly id: string;
  readonly problem: SchemaProblem;
  /** `unknown-keyword` only: the keywords the endpoint refuses. */
  readonly keywords?: readonly string[];
  /**
   * The request fields the rule holds for; absent, any. Gemini refuses these keywords in
   * `parameters` (its OpenAPI subset) but accepts JSON Schema in `parametersJsonSchema`.
   */
  readonly fields?: readonly string[];
  /** Only for a tool declared `strict: true` (OpenAI Structured Outputs). */
  readonly strictOnly?: boolean;
  /** The rule in a few words, for messages. */
  readonly rule: string;
  /** The provider's error, as quoted in the source. */
  readonly quote: string;
  /** Where the quote was seen: public URLs. */
  readonly sources: readonly string[];
  /** When it was last seen holding (the newest source's date). */
  readonly seen: string;
}

const GEMINI_UNKNOWN_KEYWORDS: SchemaRule = {
  id: 'gemini-unknown-keyword',
  problem: 'unknown-keyword',
  // Not `default`: the v1beta Schema reference lists it as a field, so it is accepted today.
  keywords: [
    '$schema',
    'additionalProperties',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'propertyNames',
    'const',
    'multipleOf',
  ],
  fields: ['parameters'],
  rule: 'parameters is an OpenAPI 3.0 subset (Schema): JSON Schema keywords outside it are unknown fields',
  quote:
    'Invalid JSON payload received. Unknown name "additionalProperties" at \'tools[0].function_declarations[8].parameters.properties[1].value.items\': Cannot find field.',
  sources: [
    'https://github.com/nanbingxyz/5ire/issues/42',
    'https://github.com/openswarm-ai/openswarm/issues/24',
    'https://github.com/router-for-me/CLIProxyAPI/issues/97',
    'https://github.com/ahmadrosid/nakama/issues/292',
    'https://github.com/zed-industries/zed/issues/44875',
    'https://github.com/lbjlaq/Antigravity-Manager/issues/61',
  ],
  seen: '2026-08',
};

const GEMINI_TYPE_LIST: SchemaRule = {
  id: 'gemini-type-list',
  problem: 'type-list',
  fields: ['parameters'],
  rule: '`type` is one enum value, not a list',
  quote:
    'Invalid JSON payload received. Unknown name "type" at \'tools[0].function_declarations[14].parameters.properties[3].value.properties[6].value\': Proto field is not repeating, cannot start list.',
  sources: ['https://github.com/zed-industries/zed/issues/53919', 'https://github.com/tuxevil/tuxevil-rotator/pull/10'],
  seen: '2026-06',
};

const GEMINI_ARRAY_ITEMS: SchemaRule = {
  id: 'gemini-array-items',
  problem: 'array-without-items',
  fields: ['parameters'],
  rule: 'an ARRAY schema needs `items`',
  quote: 'GenerateContentRequest.tools[0].function_declarations[3].parameters.properties[tags].items: missing field.',
  sources: ['https://github.com/kkrishnan90/gemini-desktop/pull/7', 'https://github.com/anomalyco/opencode/pull/49392'],
  seen: '2025-06',
};

const OPENAI_ARRAY_ITEMS: SchemaRule = {
  id: 'openai-array-items',
  problem: 'array-without-items',
  rule: 'an array schema needs `items` (strict or not)',
  quote:
    "Invalid schema for function 'kafka_admin_topics': In context=('properties', 'configs'), array schema missing items.",
  sources: [
    'https://github.com/streamnative/streamnative-mcp-server/issues/26',
    'https://github.com/sigoden/aichat/pull/1049',
    'https://github.com/campfirein/byterover-cli/issues/42',
  ],
  seen: '2025-07',
};

const OPENAI_STRICT_CLOSED: SchemaRule = {
  id: 'openai-strict-additional-properties',
  problem: 'strict-open-object',
  strictOnly: true,
  rule: 'strict: every object schema sets `additionalProperties: false`',
  quote:
    "Invalid schema for function 'my_tool': In context=('properties', 'fields'), 'additionalProperties' is required to be supplied and to be false.",
  sources: [
    'https://github.com/letta-ai/letta/issues/3137',
    'https://github.com/spring-projects/spring-ai/pull/6865',
    'https://platform.openai.com/docs/guides/function-calling#strict-mode',
  ],
  seen: '2026-08',
};

const OPENAI_STRICT_REQUIRED: SchemaRule = {
  id: 'openai-strict-required',
  problem: 'strict-optional-property',
  strictOnly: true,
  rule: 'strict: every key of `properties` is listed in `required`',
  quote:
    "Invalid schema for function 'analyze_photos': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'id'.",
  sources: [
    'https://github.com/ash-project/ash_ai/issues/155',
    'https://github.com/langchain-ai/langchain/pull/32930',
    'https://github.com/docker/docker-agent/pull/1871',
  ],
  seen: '2026-02',
};

const ANTHROPIC_OBJECT_ROOT: SchemaRule = {
  id: 'anthropic-object-root',
  problem: 'root-not-object',
  /*
   * Anthropic's own field only. An MCP server's `inputSchema` without `type: "object"` breaks
   * the MCP schema (clients' SDKs refuse the tools/list result before a provider sees it), and
   * a tool array's `parameters` goes through a converter that writes the type: neither is this
   * 400, and judging them by it would flag every sketch of a tool.
   */
  fields: ['input_schema'],
  rule: 'input_schema is an object schema (`type: "object"`)',
  quote: 'tools.0.custom.input_schema.type: Field required',
  sources: [
    'https://github.com/Kilo-Org/kilocode/issues/12238',
    'https://github.com/lidge-jun/opencodex/issues/75',
    'https://github.com/BerriAI/litellm/pull/31527',
  ],
  seen: '2026-07',
};

const ANTHROPIC_ROOT_COMBINATOR: SchemaRule = {
  id: 'anthropic-root-combinator',
  problem: 'root-combinator',
  rule: 'no `oneOf`, `anyOf` or `allOf` at the root of input_schema',
  quote: 'tools.106.custom.input_schema: input_schema does not support oneOf, allOf, or anyOf at the top level',
  sources: [
    'https://github.com/anthropics/claude-code/issues/5319',
    'https://github.com/mobile-next/mobile-mcp/issues/344',
    'https://github.com/marianfoo/mcp-sap-docs/pull/51',
  ],
  seen: '2026-05',
};

const BEDROCK_OBJECT_ROOT: SchemaRule = {
  id: 'bedrock-object-root',
  problem: 'root-not-object',
  // Converse's own field only, for the reason the Anthropic rule gives.
  fields: ['inputSchema.json'],
  rule: 'toolSpec.inputSchema.json is an object schema (`type: "object"`)',
  quote: 'The value at toolConfig.tools.0.toolSpec.inputSchema.json.type must be one of the following: object.',
  sources: [
    'https://github.com/cognitect-labs/aws-api/issues/272',
    'https://github.com/alibaba/spring-ai-alibaba/issues/3082',
    'https://github.com/kirodotdev/Kiro/issues/10270',
  ],
  seen: '2026-07',
};

const MISTRAL_SCHEMA_META: SchemaRule = {
  id: 'mistral-schema-meta',
  problem: 'unknown-keyword',
  keywords: ['$schema', '$id'],
  rule: "`$schema` and `$id` anywhere in a tool's parameters fail the schema's compilation",
  quote: 'Grammar error: at 3(11): failed to compile JSON schema',
  // LiteLLM's maintainers, testing against Mistral's API: "their API stopped accepting $id and $schema fields".
  sources: ['https://github.com/BerriAI/litellm/pull/13389'],
  seen: '2025-08',
};

/** Claude's Messages API, on every surface the `anthropic` profiles name. */
const ANTHROPIC_RULES: readonly SchemaRule[] = [ANTHROPIC_OBJECT_ROOT, ANTHROPIC_ROOT_COMBINATOR];

/**
 * The rules per provider. Two providers that share an endpoint share the rule objects, so a
 * finding lists both under one rule.
 */
export const SCHEMA_RULES: Readonly<Partial<Record<ProviderId, readonly SchemaRule[]>>> = Object.freeze({
  openai: [OPENAI_ARRAY_ITEMS, OPENAI_STRICT_CLOSED, OPENAI_STRICT_REQUIRED],
  anthropic: ANTHROPIC_RULES,
  'anthropic-64': ANTHROPIC_RULES,
  gemini: [GEMINI_UNKNOWN_KEYWORDS, GEMINI_TYPE_LIST, GEMINI_ARRAY_ITEMS],
  bedrock: [BEDROCK_OBJECT_ROOT],
  mistral: [MISTRAL_SCHEMA_META],
});

/** Every keyword some rule refuses: the extraction records these and no other key. */
export const REFUSED_KEYWORDS: ReadonlySet<string> = new Set(
  Object.values(SCHEMA_RULES).flatMap((rules) => (rules ?? []).flatMap((rule) => rule.keywords ?? [])),
);

/**
 * Whether some provider's rule could refuse this problem (for `unknown-keyword`, this keyword) in
 * a schema sent in `field`: the extraction keeps no site no rule reads (each kept offset is one
 * more an edit must move, and an offset beside an edit makes the next analysis a full one).
 */
export function mayRefuse(problem: SchemaProblem, field: string, strict: boolean, keyword = ''): boolean {
  return Object.values(SCHEMA_RULES).some((rules) =>
    (rules ?? []).some(
      (rule) =>
        ruleRefuses(rule, problem, keyword) &&
        (!rule.fields || rule.fields.includes(field)) &&
        (!rule.strictOnly || strict),
    ),
  );
}

/** The rules a provider holds for a schema sent in `field`, strict or not. */
export function schemaRulesFor(provider: ProviderId, field: string, strict: boolean): readonly SchemaRule[] {
  return (SCHEMA_RULES[provider] ?? []).filter(
    (rule) => (!rule.fields || rule.fields.includes(field)) && (!rule.strictOnly || strict),
  );
}

/** Whether a rule refuses this problem (for `unknown-keyword`, this keyword). */
export function ruleRefuses(rule: SchemaRule, problem: SchemaProblem, keyword: string): boolean {
  if (rule.problem !== problem) return false;
  return rule.problem !== 'unknown-keyword' || (rule.keywords?.includes(keyword) ?? false);
}
