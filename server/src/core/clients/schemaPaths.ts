import type { SchemaProblem } from '../profiles/schemaRules';
import type { ClientId } from './profiles';

/**
 * What a client does to an MCP tool's `inputSchema` before the request, one declarative step at
 * a time, in the client's order (the first step that touches a keyword decides its fate). Every
 * step cites where it was read. A step may hold only for some models (`when`: the model family,
 * `gpt-4*`, `Gemini`).
 */
export type SchemaStep =
  /** The schema (or what the steps before left of it) is sent as the server wrote it. */
  | { readonly kind: 'pass-through'; readonly source: string }
  /** These keywords are deleted: at the root only, or in every schema of the tree. */
  | {
      readonly kind: 'strip';
      readonly keywords: readonly string[];
      readonly at: 'root' | 'every-schema';
      readonly when?: string;
      readonly source: string;
    }
  /** The schema is parsed into a type that knows only these keywords: every other one is lost. */
  | { readonly kind: 'keep-only'; readonly keywords: readonly string[]; readonly source: string }
  /**
   * A keyword, or a shape the extraction sees (`problem`), is written another way. `kept`: the
   * model may send the same values (`const` as a one-value `enum`); `changed`: it may not.
   */
  | {
      readonly kind: 'rewrite';
      readonly of: { readonly keyword: string } | { readonly problem: SchemaProblem };
      readonly to: string;
      readonly contract: 'kept' | 'changed';
      readonly when?: string;
      readonly source: string;
    }
  /** `$ref`s are replaced by what they name: the contract is the same. */
  | { readonly kind: 'inline-refs'; readonly source: string }
  /**
   * A keyword the root lacks is added. Never reported: it narrows nothing a server declared (an
   * empty `properties`, `type: "object"`), or only keys no property names (`additionalProperties:
   * false` at the root, which every schema without it would otherwise be warned about).
   */
  | { readonly kind: 'add'; readonly keyword: string; readonly value: string; readonly source: string }
  /** The client refuses the schema itself: the request is never sent (`says`: its error). */
  | { readonly kind: 'refuse'; readonly problem: SchemaProblem; readonly says: string; readonly source: string };

export interface SchemaPath {
  /** The request field the schema reaches, so the provider rules that judge it (`schemaRulesFor`). */
  readonly field: string;
  /** Whether the client sends the tool with `strict: true` by default. */
  readonly strict: boolean;
  /** The client version (or source revision) the path models. */
  readonly version: string;
  readonly steps: readonly SchemaStep[];
  /**
   * No public source shows the path (closed-source clients), or a published step is not modelled
   * (Mastra's compat layer per model): modelled as passing the schema through, and what that
   * makes a provider refuse is reported as a warning at most.
   */
  readonly unconfirmed?: boolean;
}

/**
 * Keywords a Codex `JsonSchema` has a field for (`codex-rs/tools/src/json_schema.rs`). A `oneOf`
 * or `allOf` of one variant is unwrapped first and keeps its contract; the extraction does not
 * count variants, so it is reported as dropped like a longer one.
 */
const CODEX_KEPT = ['type', 'description', 'enum', 'items', 'properties', 'required', 'additionalProperties', 'anyOf'];

const CODEX_SCHEMA =
  'openai/codex codex-rs/tools/src/json_schema.rs @34839759 (parse_tool_input_schema, sanitize_json_schema)';

/** `gpt4oUnsupportedSchemaKeywords`, deleted from every schema for `gpt-4*` model families. */
const COPILOT_GPT4_STRIPPED = [
  'minLength',
  'maxLength',
  'pattern',
  'default',
  'format',
  'minimum',
  'maximum',
  'multipleOf',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'minItems',
  'maxItems',
  'uniqueItems',
];

/**
 * `geminiUnsupportedSchemaKeywords`, deleted from every schema for Gemini model families
 * ("Gemini only accepts a strict subset of JSON Schema: type, description, enum, format, items,
 * properties, required, nullable, anyOf, oneOf, allOf").
 */
const COPILOT_GEMINI_STRIPPED = [
  '$schema',
  '$defs',
  '$ref',
  '$id',
  '$comment',
  '$dynamicRef',
  '$dynamicAnchor',
  'title',
  'default',
  'additionalProperties',
  'patternProperties',
  'unevaluatedProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'unevaluatedItems',
  'contains',
  'minContains',
  'maxContains',
  'const',
  'not',
  'if',
  'then',
  'else',
  'contentMediaType',
  'contentEncoding',
  'examples',
  'readOnly',
  'writeOnly',
  'deprecated',
  'dependencies',
  'dependentRequired',
  'dependentSchemas',
  'prefixItems',
];

const COPILOT_NORMALIZER =
  'microsoft/vscode-copilot-chat src/extension/tools/common/toolSchemaNormalizer.ts @680c7f09 (normalizeToolSchema)';

const UNCONFIRMED_PASS_THROUGH = 'no public source: the schema is taken to pass through unchanged';

/**
 * Each modelled client's schema path. A table of its own beside the name profiles
 * (`CLIENT_RULES`): the type makes every client have one, and `test/core/schemaPaths.test.ts`
 * holds that every step cites a source and every path has vectors.
 */
export const SCHEMA_PATHS: Readonly<Record<ClientId, SchemaPath>> = Object.freeze({
  'native-runtime': {
    field: 'parameters',
    strict: false,
    version: 'naming-rules.md §1',
    // naming-rules.md says how names travel, nothing about schemas.
    unconfirmed: true,
    steps: [
      {
        kind: 'pass-through',
        source: `shared/docs/naming-rules.md §1 says nothing of schemas; ${UNCONFIRMED_PASS_THROUGH}`,
      },
    ],
  },
  vscode: {
    field: 'parameters',
    strict: false,
    version: 'vscode-copilot-chat @680c7f09',
    // In the normalizer's order: the function rules, then the schema rules.
    steps: [
      {
        kind: 'add',
        keyword: 'properties',
        value: '{}',
        source: `${COPILOT_NORMALIZER}: "schema must have a properties object"`,
      },
      {
        kind: 'refuse',
        problem: 'array-without-items',
        says: 'tool parameters array type must have items',
        source: `${COPILOT_NORMALIZER}: throws "Failed to validate tool …", so no request is sent`,
      },
      {
        kind: 'strip',
        keywords: COPILOT_GPT4_STRIPPED,
        at: 'every-schema',
        when: 'gpt-4*',
        source: `${COPILOT_NORMALIZER}: gpt4oUnsupportedSchemaKeywords, for isGpt4ish families`,
      },
      {
        kind: 'strip',
        keywords: ['oneOf', 'anyOf', 'allOf', 'not', 'if', 'then', 'else'],
        at: 'root',
        source: `${COPILOT_NORMALIZER}: "object has unsupported top-level schema keyword", for every model`,
      },
      {
        kind: 'rewrite',
        of: { problem: 'type-list' },
        to: '`type` without "null", and `nullable: true` (with more than one other type, "null" is only removed)',
        contract: 'kept',
        when: 'Gemini',
        source: `${COPILOT_NORMALIZER}: "converted nullable type array to OpenAPI nullable keyword"`,
      },
      {
        kind: 'strip',
        keywords: COPILOT_GEMINI_STRIPPED,
        at: 'every-schema',
        when: 'Gemini',
        source: `${COPILOT_NORMALIZER}: geminiUnsupportedSchemaKeywords, for Gemini families`,
      },
      { kind: 'pass-through', source: COPILOT_NORMALIZER },
    ],
  },
  'claude-code': {
    field: 'input_schema',
    strict: false,
    version: 'as reported to 2025-08',
    unconfirmed: true,
    steps: [
      {
        kind: 'pass-through',
        source:
          'anthropics/claude-code#5319 and aliargun/mcp-server-gemini#8 (a server\'s root anyOf reaches the API: "input_schema does not support oneOf, allOf, or anyOf at the top level")',
      },
    ],
  },
  cursor: {
    field: 'parameters',
    strict: false,
    version: 'as reported 2025-04 to 2025-06',
    unconfirmed: true,
    steps: [
      {
        kind: 'pass-through',
        source: `${UNCONFIRMED_PASS_THROUGH}; with Gemini models Cursor refuses some schemas itself ("The argument schema for tool … is incompatible with gemini-2.5-pro…", wonderwhy-er/DesktopCommanderMCP#79), which rule is not public`,
      },
    ],
  },
  'gemini-cli': {
    field: 'parametersJsonSchema',
    strict: false,
    version: '@5411f113 (2026-08-21)',
    steps: [
      {
        kind: 'rewrite',
        of: { problem: 'type-list' },
        to: '`type` without "null", and `nullable: true` (a two-entry list with "null" only)',
        contract: 'kept',
        source: 'google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f113 (discoverTools: transform)',
      },
      {
        kind: 'add',
        keyword: 'properties.wait_for_previous',
        value: '{ "type": "boolean" }',
        source:
          'google-gemini/gemini-cli packages/core/src/tools/tools.ts @5411f113 (getSchema: addWaitForPreviousParameter)',
      },
      {
        kind: 'pass-through',
        source:
          'google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts @5411f113 (McpCallableTool.tool: parametersJsonSchema: inputSchema)',
      },
    ],
  },
  codex: {
    field: 'parameters',
    strict: false,
    version: 'codex-rs tools @34839759',
    steps: [
      { kind: 'inline-refs', source: `${CODEX_SCHEMA}: resolve_json_schema_reference (local "#…" refs only)` },
      {
        kind: 'rewrite',
        of: { keyword: 'const' },
        to: 'a one-value `enum`',
        contract: 'kept',
        source: `${CODEX_SCHEMA}: "Collapses const into single-value enum"`,
      },
      {
        kind: 'rewrite',
        of: { problem: 'array-without-items' },
        to: '`items: { "type": "string" }`',
        contract: 'changed',
        source: `${CODEX_SCHEMA}: "Fills required child fields (e.g. array items …) with permissive defaults"`,
      },
      {
        kind: 'keep-only',
        keywords: CODEX_KEPT,
        source: `${CODEX_SCHEMA}: struct JsonSchema, deserialised with serde (unknown fields ignored)`,
      },
      {
        kind: 'add',
        keyword: 'properties',
        value: '{}',
        source: 'openai/codex codex-rs/tools/src/mcp_tool.rs @dfbd21e2 (parse_mcp_tool)',
      },
      {
        kind: 'pass-through',
        source:
          'openai/codex codex-rs/tools/src/responses_api.rs @df7c8410 (tool_definition_to_responses_api_tool: strict: false)',
      },
    ],
  },
  'openai-agents': {
    field: 'parameters',
    strict: false,
    version: '@7f7a44f8 (2026-08-22)',
    steps: [
      {
        kind: 'add',
        keyword: 'properties',
        value: '{}',
        source: 'openai/openai-agents-python src/agents/mcp/util.py @7f7a44f8 (to_function_tool)',
      },
      {
        kind: 'pass-through',
        source:
          'openai/openai-agents-python src/agents/agent.py @7f7a44f8 (mcp_config convert_schemas_to_strict defaults to False: no ensure_strict_json_schema)',
      },
    ],
  },
  'openai-agents-js': {
    field: 'parameters',
    strict: false,
    version: '@openai/agents-core 0.20.0 (npm)',
    steps: [
      {
        kind: 'add',
        keyword: 'properties',
        value: '{}',
        source: '@openai/agents-core 0.20.0 dist/mcp.js (mcpToFunctionTool: type, properties and required default)',
      },
      {
        // Non-strict (the default), the root's `additionalProperties` is set to true whatever the
        // server wrote: a closed object reaches the model open.
        kind: 'strip',
        keywords: ['additionalProperties'],
        at: 'root',
        source:
          '@openai/agents-core 0.20.0 dist/mcp.js (mcpToFunctionTool: nonStrictSchema additionalProperties: true)',
      },
      {
        kind: 'pass-through',
        source: '@openai/agents-core 0.20.0 dist/mcp.js (convertSchemasToStrict defaults to false)',
      },
    ],
  },
  'copilot-cli': {
    field: 'parameters',
    strict: false,
    version: 'as reported to 2026-09',
    unconfirmed: true,
    steps: [
      {
        kind: 'pass-through',
        source: `github/copilot-cli#4623 (a type list in items reaches Gemini models and fails the request); ${UNCONFIRMED_PASS_THROUGH}`,
      },
    ],
  },
  cline: {
    field: 'parameters',
    strict: false,
    version: 'sdk @21cb8d25 (2026-08-22)',
    steps: [
      {
        kind: 'strip',
        keywords: ['$schema'],
        at: 'root',
        source: 'cline/cline sdk/packages/shared/src/tools/create.ts @21cb8d25 (normalizeToolInputSchema)',
      },
      {
        kind: 'add',
        keyword: 'type',
        value: '"object"',
        source: 'cline/cline sdk/packages/shared/src/tools/create.ts @21cb8d25 (normalizeToolInputSchema)',
      },
      {
        kind: 'pass-through',
        source: 'cline/cline sdk/packages/core/src/extensions/mcp/tools.ts @21cb8d25 (createMcpTools: inputSchema)',
      },
    ],
  },
  continue: {
    field: 'parameters',
    strict: false,
    version: '@d0a3c0b6 (2026-06-18)',
    steps: [
      {
        kind: 'pass-through',
        source: 'continuedev/continue core/config/profile/doLoadConfig.ts @d0a3c0b6 (parameters: tool.inputSchema)',
      },
    ],
  },
  windsurf: {
    field: 'parameters',
    strict: false,
    version: 'as documented 2026-06',
    unconfirmed: true,
    steps: [{ kind: 'pass-through', source: UNCONFIRMED_PASS_THROUGH }],
  },
  litellm: {
    field: 'parameters',
    strict: false,
    version: '@02467691',
    steps: [
      {
        kind: 'add',
        keyword: 'additionalProperties',
        value: 'false',
        source:
          'BerriAI/litellm litellm/experimental_mcp_client/tools.py @02467691 (_normalize_mcp_input_schema, root only)',
      },
      {
        kind: 'pass-through',
        source:
          'BerriAI/litellm litellm/experimental_mcp_client/tools.py @02467691 (transform_mcp_tool_to_openai_tool: strict=False)',
      },
    ],
  },
  'langchain-mcp': {
    field: 'parameters',
    strict: false,
    version: 'adapters @cc0f284, langchain-core @26f92610',
    steps: [
      {
        kind: 'inline-refs',
        source:
          'langchain-ai/langchain libs/core/langchain_core/utils/function_calling.py @26f92610 (_convert_json_schema_to_openai_function: dereference_refs)',
      },
      {
        kind: 'strip',
        keywords: ['$defs', 'definitions', 'title'],
        at: 'root',
        source:
          'langchain-ai/langchain libs/core/langchain_core/utils/function_calling.py @26f92610 (schema.pop, _rm_titles)',
      },
      {
        kind: 'pass-through',
        source:
          'langchain-ai/langchain-mcp-adapters langchain_mcp_adapters/tools.py @cc0f284 (args_schema=tool.inputSchema)',
      },
    ],
  },
  mastra: {
    field: 'parameters',
    strict: false,
    version: '@mastra/mcp 2.0.0, @mastra/core 1.71.0 (npm)',
    // Before the request @mastra/core runs the schema through @mastra/schema-compat's layer for
    // the model in use (OpenAI, Google, Anthropic, DeepSeek, Meta each rewrite it their own way):
    // published, but not modelled here, so what follows is a warning at most.
    unconfirmed: true,
    steps: [
      {
        kind: 'add',
        keyword: '$schema',
        value: '"https://json-schema.org/draft/2020-12/schema"',
        source: '@mastra/mcp 2.0.0 dist/index.js (convertInputSchema: withDefaultDialect)',
      },
      {
        kind: 'pass-through',
        source: '@mastra/core 1.71.0 dist/utils-*.js (makeCoreTool: applyCompatLayer per model, not modelled)',
      },
    ],
  },
});

/**
 * The keywords some path strips or rewrites and whose loss changes the contract: the only
 * keywords the extraction records for an MCP schema (`formats/schemaSites.ts`).
 */
export function alterableKeywords(contract: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  for (const path of Object.values(SCHEMA_PATHS)) {
    for (const step of path.steps) {
      if (step.kind === 'strip') for (const k of step.keywords) if (contract.has(k)) out.add(k);
      if (step.kind === 'keep-only') for (const k of contract) if (!step.keywords.includes(k)) out.add(k);
      if (step.kind === 'rewrite' && step.contract === 'changed' && 'keyword' in step.of) out.add(step.of.keyword);
    }
  }
  return out;
}
