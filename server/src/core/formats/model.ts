import type { OffsetRange } from '../json/ranges';
import type { SchemaProblem } from '../profiles/schemaRules';
import type { FormatId } from './registry';

export type { FormatId };

/**
 * A value found where a tool's name belongs. `value` is the decoded string when the JSON holds a
 * string; otherwise `problem` says why there is no usable name (the `missing-name` finding).
 */
export interface NameSite {
  readonly value: string | undefined;
  readonly problem?: 'absent' | 'empty' | 'not-a-string';
  /** The name's string token, or (when absent) a short anchor on the tool object. */
  readonly range: OffsetRange;
  /** RFC 6901 pointer of the name value (or of the tool object when the name is absent). */
  readonly pointer: string;
}

export interface ToolDeclaration {
  readonly name: NameSite;
  /** The whole tool object: used for the outline and for inserting properties. */
  readonly toolRange: OffsetRange;
  readonly toolPointer: string;
  /** ADS only: the explicit `invocationName` property, when present. */
  readonly invocationName?: NameSite;
  /** ADS only: the capability's `version`, to tell repeated entries apart in messages. */
  readonly version?: string;
  /**
   * The top-level `properties` of the tool's input schema, when some key of it fails a provider's
   * key rule (the only keys a check reports or a fix renames; see `formats/sites.ts`).
   */
  readonly inputSchema?: InputSchemaSite;
  /**
   * What some endpoint could refuse in the tool's input schema, when there is anything
   * (`formats/schemaSites.ts`): nearly every schema has nothing, and then nothing is kept.
   */
  readonly schema?: SchemaSite;
}

/** The places in one tool's input schema some provider's schema rule may refuse. */
export interface SchemaSite {
  /** The request field holding the schema (`parameters`, `input_schema`, `inputSchema`...). */
  readonly field: string;
  /** Whether the tool is declared `strict: true` (OpenAI Structured Outputs). */
  readonly strict: boolean;
  readonly issues: readonly SchemaIssue[];
  /** RFC 6901 pointer of the schema itself (a place is at its root when its parent is this). */
  readonly pointer: string;
  /**
   * MCP `inputSchema` only: the keywords some modelled client drops or rewrites so that the
   * model sees another contract (`clients/schemaPaths.ts`), where the schema writes them.
   */
  readonly keywords?: readonly SchemaKeywordSite[];
}

/** A keyword's key in a schema: what `schema-altered` points at. */
export interface SchemaKeywordSite {
  readonly keyword: string;
  /** The key token. */
  readonly range: OffsetRange;
  /** RFC 6901 pointer of the key's value. */
  readonly pointer: string;
}

export interface SchemaIssue {
  readonly problem: SchemaProblem;
  /**
   * The keyword the finding names: the refused key, `type` (a list), `items` (missing),
   * `additionalProperties`, `oneOf`..., or for a strict optional property its key.
   */
  readonly keyword: string;
  /** The key token the finding sits on (the keyword's key; for what is missing, the nearest key). */
  readonly range: OffsetRange;
  /** RFC 6901 pointer of that key's value. */
  readonly pointer: string;
}

/**
 * The property keys of a tool's input schema: names on the wire too, since providers validate
 * them. Only the schema's own `properties` (see `ParameterRule`).
 */
export interface InputSchemaSite {
  /** RFC 6901 pointer of the `properties` object. */
  readonly pointer: string;
  /** Each key of `properties`: the decoded key and its key token (its pointer: `pointer/<key>`). */
  readonly keys: readonly PropertyKeySite[];
  /** The string entries of the schema's `required` array, renamed along with their key. */
  readonly required: readonly PropertyKeySite[];
}

export interface PropertyKeySite {
  readonly key: string;
  /** The key token (or, in `required`, the string token), quotes included. */
  readonly range: OffsetRange;
}

/**
 * A place that names a tool instead of declaring it. `choice` forces or allows a tool
 * (tool_choice, allowedFunctionNames); `history` is a past call replayed in the conversation,
 * which providers validate more loosely (naming-rules.md section 1 and 2).
 */
export interface ToolReference {
  readonly kind: 'choice' | 'history';
  readonly name: string;
  readonly range: OffsetRange;
  readonly pointer: string;
  /** Where it came from, for messages: "tool_choice", "messages[2].tool_calls[0]"... */
  readonly label: string;
}

/** The set of tools sent together: one census. A JSON file is one; a JSON Lines file may be many. */
export interface ExtractedRequest {
  readonly format: FormatId;
  readonly declarations: readonly ToolDeclaration[];
  readonly references: readonly ToolReference[];
  /** A short anchor (the `"tools"` key, or `[`) for findings about the request as a whole. */
  readonly anchorRange: OffsetRange;
  readonly pointer: string;
  /** MCP: the server name the file records (`server_info.name`, `serverInfo.name`, `server`). */
  readonly serverName?: string;
  /** MCP: the name the server announces for display (`serverInfo.title`, else its `name`); VS Code labels servers by it. */
  readonly serverAnnounced?: string;
}

/**
 * What one document holds. `format` is the first request's format (a JSON Lines file may mix
 * shapes; each request keeps its own), or null for a file that is not a tool file.
 */
export interface Extraction {
  readonly format: FormatId | null;
  readonly requests: readonly ExtractedRequest[];
}

/** What a format extractor returns; the recogniser stamps the format on it. */
export type RequestBody = Omit<ExtractedRequest, 'format'>;
