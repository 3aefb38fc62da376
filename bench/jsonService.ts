import { getLanguageService, type JSONSchema } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { median } from './measure';

/**
 * VS Code's own JSON language service on the same text: parse plus `doValidation` against a
 * schema whose tool-name property has the providers' name `pattern`. What a user gets from a
 * schema alone (the aim: toolwire at least 2x faster).
 */
const NAME = { type: 'string', pattern: '^[a-zA-Z0-9_-]{1,64}$' } as const;
const TOOL_LIST: JSONSchema = {
  type: 'object',
  properties: { tools: { type: 'array', items: { type: 'object', properties: { name: NAME } } } },
};
const SCHEMAS: Record<'mcp' | 'openai' | 'ads', JSONSchema> = {
  mcp: TOOL_LIST,
  openai: {
    type: 'object',
    properties: {
      tools: {
        type: 'array',
        items: { type: 'object', properties: { function: { type: 'object', properties: { name: NAME } } } },
      },
    },
  },
  ads: {
    type: 'object',
    properties: { capabilities: { type: 'array', items: { type: 'object', properties: { name: NAME } } } },
  },
};

export type ServiceSchema = keyof typeof SCHEMAS;

/** Median ms of parse + validation over `runs` runs (after one warm-up), and the diagnostics of the last. */
export async function timeJsonService(
  text: string,
  schema: ServiceSchema,
  runs: number,
): Promise<{ ms: number; diagnostics: number }> {
  const service = getLanguageService({});
  const document = TextDocument.create('file:///bench.json', 'json', 1, text);
  const once = async (): Promise<number> => {
    const json = service.parseJSONDocument(document);
    return (
      await service.doValidation(document, json, { comments: 'ignore', trailingCommas: 'ignore' }, SCHEMAS[schema])
    ).length;
  };
  let diagnostics = await once();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    diagnostics = await once();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ms: median(times), diagnostics };
}
