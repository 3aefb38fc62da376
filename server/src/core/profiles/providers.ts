/**
 * Provider profiles: what each tool-calling API accepts as a tool name, as data. Every rule and
 * its source is in docs/naming-rules.md section 2 (copied from the spec the team keeps); a
 * change here must change that table and the tests in test/core/providers.test.ts together.
 */

/** A provider's tool-name rule, as the registry below lists it (its id is its key there). */
export interface ProviderRule {
  readonly label: string;
  /** The request field the rule applies to. */
  readonly field: string;
  /** The rule as documented, for messages and docs. */
  readonly rule: string;
  /** The whole rule as one regular expression: the fast path for names that pass. */
  readonly pattern: RegExp;
  /** Characters allowed after the first one (a one-character class, tested per code point). */
  readonly rest: RegExp;
  readonly restText: string;
  /** Characters allowed first; defaults to `rest`. */
  readonly first?: RegExp;
  readonly firstText?: string;
  readonly maxLength: number;
  /** A lower limit seen in practice (Gemini: 63), reported as a caution, not a rejection. */
  readonly practicalMaxLength?: number;
  /** MCP's rule is all SHOULD: the SDKs warn, never reject. */
  readonly strength: 'must' | 'should';
  /** Characters the profile discourages at either end (MCP SDKs warn on a leading/trailing `-` or `.`). */
  readonly discouragedAtEdges?: string;
  /** How replayed history names are checked: the full rule, only the length, or not at all. */
  readonly history: 'full' | 'length' | 'none';
  /** Most tools one request may carry, where the provider documents a limit. */
  readonly maxTools?: number;
  /** Whether the API rejects two tools of one name (Anthropic: "Tool names must be unique."). */
  readonly rejectsDuplicates: boolean;
  readonly source: string;
  /**
   * What the provider accepts as a property key of a tool's input schema, where a source shows a
   * rule. Absent: no known rule, so no finding.
   */
  readonly parameterRule?: ParameterRule;
}

/**
 * A rule on the keys of a tool's input schema `properties`. Only the schema's own (top-level)
 * `properties` are checked: every quoted error names `input_schema.properties`, never a nested
 * path, and users who measured it found nested keys accepted (see docs/diagnostics.md).
 */
export interface ParameterRule {
  /** The rule as the provider's error states it. */
  readonly rule: string;
  readonly pattern: RegExp;
  /** Characters allowed anywhere (a one-character class, tested per code point). */
  readonly allowed: RegExp;
  readonly allowedText: string;
  readonly maxLength: number;
  readonly source: string;
}

/**
 * Anthropic's property-key rule, as its 400 states it: "tools.N.custom.input_schema.properties:
 * Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'" (in early 2025 it had no `.`:
 * jasonsum/gmail-mcp-server#5).
 * Claude on Bedrock returns the same error (aws-solutions-library-samples/...#709), so
 * `anthropic-64` carries it too.
 */
const ANTHROPIC_PARAMETER_RULE: ParameterRule = {
  rule: '^[a-zA-Z0-9_.-]{1,64}$',
  pattern: /^[a-zA-Z0-9_.-]{1,64}$/,
  allowed: /^[a-zA-Z0-9_.-]$/,
  allowedText: '[a-zA-Z0-9_.-]',
  maxLength: 64,
  source:
    'Anthropic API 400 "Property keys should match pattern" (anthropics/claude-code#34771, #79418; freee/freee-mcp#15; ComposioHQ/composio#2330, #3500); top level only: decocms/studio#6874, aws-solutions-library-samples/accelerated-intelligent-document-processing-on-aws#709',
};

const ALNUM_UNDERSCORE_HYPHEN = /^[a-zA-Z0-9_-]$/;

const PROVIDER_RULES = {
  openai: {
    label: 'OpenAI',
    field: 'tools[].function.name (Chat), tools[].name (Responses)',
    rule: '^[a-zA-Z0-9_-]{1,64}$',
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    rest: ALNUM_UNDERSCORE_HYPHEN,
    restText: '[a-zA-Z0-9_-]',
    maxLength: 64,
    strength: 'must',
    history: 'full',
    maxTools: 128,
    rejectsDuplicates: false,
    source:
      'openai-python FunctionDefinition; API error "string does not match pattern \'^[a-zA-Z0-9_-]+$\'" / string_above_max_length; llama_index#16093, home-assistant/core#121325',
  },
  anthropic: {
    label: 'Anthropic',
    field: 'tools[].name',
    rule: '^[a-zA-Z0-9_-]{1,128}$',
    pattern: /^[a-zA-Z0-9_-]{1,128}$/,
    rest: ALNUM_UNDERSCORE_HYPHEN,
    restText: '[a-zA-Z0-9_-]',
    maxLength: 128,
    strength: 'must',
    history: 'none',
    rejectsDuplicates: true,
    source:
      'platform.claude.com "Define tools" (128 since mid-2025, 64 before); claude-code#10687; microsoft/wassette#56',
    parameterRule: ANTHROPIC_PARAMETER_RULE,
  },
  'anthropic-64': {
    label: 'Anthropic (64: Claude.ai connectors, Claude on Bedrock)',
    field: 'tools[].name, tool_reference.tool_name',
    rule: '^[a-zA-Z0-9_-]{1,64}$',
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    rest: ALNUM_UNDERSCORE_HYPHEN,
    restText: '[a-zA-Z0-9_-]',
    maxLength: 64,
    strength: 'must',
    history: 'none',
    rejectsDuplicates: true,
    source: 'orchard-mcp#14; claude-code#20830',
    parameterRule: ANTHROPIC_PARAMETER_RULE,
  },
  bedrock: {
    label: 'Amazon Bedrock (Converse)',
    field: 'toolConfig.tools[].toolSpec.name',
    rule: '^[a-zA-Z0-9_-]{1,64}$',
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    rest: ALNUM_UNDERSCORE_HYPHEN,
    restText: '[a-zA-Z0-9_-]',
    maxLength: 64,
    strength: 'must',
    history: 'length',
    rejectsDuplicates: false,
    source: 'AWS API reference ToolSpecification; litellm#24668',
  },
  'bedrock-agents': {
    label: 'Amazon Bedrock Agents',
    field: 'ToolSpecification.name',
    rule: '^[a-zA-Z][a-zA-Z0-9_]{0,63}$',
    pattern: /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/,
    first: /^[a-zA-Z]$/,
    firstText: '[a-zA-Z]',
    rest: /^[a-zA-Z0-9_]$/,
    restText: '[a-zA-Z0-9_]',
    maxLength: 64,
    strength: 'must',
    history: 'length',
    rejectsDuplicates: false,
    source: 'AWS Bedrock Agents API reference (letter first, no hyphen)',
  },
  /*
   * The endpoints' texts differ. Gemini API (generativelanguage v1beta FunctionDeclaration): "a-z,
   * A-Z, 0-9, or contain underscores, colons, dots, and dashes, with a maximum length of 64", no
   * first-character rule in the text, yet its 400 enforces one ("Invalid function name. Must start
   * with a letter or an underscore."). Vertex AI (aiplatform v1 and v1beta1) and the google-genai
   * SDKs' docstrings: "Must start with a letter or an underscore", then underscores, dots and
   * dashes, at most 64; some revisions add colons, and the newest aiplatform v1 text allows 128.
   * Modelled: the first-character rule and 64, which both endpoints hold, and the Gemini API's
   * colons (a Vertex revision without them would reject a colon).
   */
  gemini: {
    label: 'Google Gemini',
    field: 'tools[].functionDeclarations[].name',
    rule: 'first character [a-zA-Z_], then [a-zA-Z0-9_.:-], at most 64 (63 in practice)',
    pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    first: /^[a-zA-Z_]$/,
    firstText: '[a-zA-Z_]',
    rest: /^[a-zA-Z0-9_.:-]$/,
    restText: '[a-zA-Z0-9_.:-]',
    maxLength: 64,
    practicalMaxLength: 63,
    strength: 'must',
    history: 'none',
    rejectsDuplicates: false,
    source:
      'Gemini API FunctionDeclaration reference (v1beta: colons, dots, dashes, 64; first character only in its 400 "Must start with a letter or an underscore", quoted in Google Cloud\'s MCP troubleshooting page, 2026-04); Vertex AI aiplatform v1/v1beta1 and google-genai FunctionDeclaration.name ("Must start with a letter or an underscore", 64; newest aiplatform v1: colons, 128); gemini-cli mcp-tool.ts ("actual limit seems to be 63"); mastra#6612',
  },
  mistral: {
    label: 'Mistral',
    field: 'tools[].function.name',
    rule: '^[a-zA-Z0-9_-]{1,64}$',
    pattern: /^[a-zA-Z0-9_-]{1,64}$/,
    rest: ALNUM_UNDERSCORE_HYPHEN,
    restText: '[a-zA-Z0-9_-]',
    maxLength: 64,
    strength: 'must',
    history: 'full',
    rejectsDuplicates: false,
    source: 'Mistral function-calling API reference',
  },
  'cohere-v1': {
    label: 'Cohere (v1 chat)',
    field: 'tools[].name',
    rule: '^[A-Za-z_][A-Za-z0-9_]*$',
    pattern: /^[A-Za-z_][A-Za-z0-9_]*$/,
    first: /^[A-Za-z_]$/,
    firstText: '[A-Za-z_]',
    rest: /^[A-Za-z0-9_]$/,
    restText: '[A-Za-z0-9_]',
    maxLength: Number.POSITIVE_INFINITY,
    strength: 'must',
    history: 'none',
    rejectsDuplicates: false,
    source: 'Cohere v1 Chat API reference (no hyphen, no leading digit)',
  },
  mcp: {
    label: 'MCP (2025-11-25 Tool.name)',
    field: 'tools/list result tools[].name',
    rule: '^[A-Za-z0-9._-]{1,128}$ (SHOULD)',
    pattern: /^[A-Za-z0-9._-]{1,128}$/,
    rest: /^[A-Za-z0-9._-]$/,
    restText: '[A-Za-z0-9._-]',
    maxLength: 128,
    strength: 'should',
    discouragedAtEdges: '-.',
    history: 'none',
    rejectsDuplicates: false,
    source:
      'MCP specification 2025-11-25, Tool names (SEP-986); official TypeScript and Python SDKs warn, never reject',
  },
} satisfies Record<string, ProviderRule>;

/** Every provider's id: the registry's keys, so a provider is added in one place. */
export type ProviderId = keyof typeof PROVIDER_RULES;

export interface ProviderProfile extends ProviderRule {
  readonly id: ProviderId;
}

export const PROVIDERS: Readonly<Record<ProviderId, ProviderProfile>> = Object.fromEntries(
  Object.entries(PROVIDER_RULES).map(([id, rule]) => [id, { id, ...rule }]),
) as Record<ProviderId, ProviderProfile>;

export const ALL_PROVIDER_IDS: readonly ProviderId[] = Object.keys(PROVIDERS) as ProviderId[];

/** A request must be accepted by OpenAI, Anthropic and Bedrock at once unless the user says otherwise. */
export const DEFAULT_TARGETS: readonly ProviderId[] = ['openai', 'anthropic', 'bedrock'];

export function isProviderId(value: string): value is ProviderId {
  return Object.hasOwn(PROVIDERS, value);
}
