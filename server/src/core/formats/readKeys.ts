import { FUNCTION_DECLARATIONS } from './gemini';

/**
 * Every key under which a recogniser reads inside an array or object value (tools, schemas'
 * top-level `properties`, references such as `tool_choice`, envelopes). The JSON and YAML readers
 * build nodes only under these keys (`json/skeleton.ts`, `yaml/subset.ts`); everything else (a
 * parameter's schema, annotations, examples, `_meta`) stays a lazy stand-in, so a key missing
 * here costs time when it is read, never correctness. Keys read only as literals (`name`, `type`)
 * need no entry.
 */
const READ_KEYS: ReadonlySet<string> = new Set([
  // Requests, envelopes and tool lists.
  'tools',
  'functions',
  'function',
  'body',
  'result',
  'server_info',
  'serverInfo',
  'capabilities',
  ...FUNCTION_DECLARATIONS,
  'toolSpec',
  'toolConfig',
  'tool_config',
  'custom',
  'arguments',
  // Input schemas (Bedrock nests one under `json`), down to `properties`, whose keys only are read
  // (KEYS_ONLY); not `required`, read only when a key fails a provider's rule (formats/sites.ts).
  'parameters',
  'input_schema',
  'inputSchema',
  'parametersJsonSchema',
  'parameters_json_schema',
  'json',
  // References: tool choice, allowed names, replayed calls.
  'tool_choice',
  'allowed_tools',
  'function_call',
  'toolChoice',
  'tool',
  'toolUse',
  'messages',
  'tool_calls',
  'input',
  'content',
  'contents',
  'parts',
  'functionCall',
  'functionResponse',
  'function_response',
  'functionCallingConfig',
  'function_calling_config',
  'allowedFunctionNames',
  'allowed_function_names',
]);

/**
 * Keys under which an object is read only for its own keys: a schema's `properties` (the
 * parameter names). Its stand-in lists them as it is scanned over (`json/tree.ts` `KeyList`),
 * which costs a few bytes per parameter instead of three nodes and a stand-in for its schema.
 */
const KEYS_ONLY: ReadonlySet<string> = new Set(['properties']);

/** How the skeleton reads what lies under `key` (`json/tree.ts` `Keep`). */
export function isReadKey(key: string): boolean | 'keys' {
  return READ_KEYS.has(key) || (KEYS_ONLY.has(key) ? 'keys' : false);
}
