import { isReadKey } from './formats/readKeys';
import { parseDocument, type ParsedDocument } from './json/parse';
import { parseYaml } from './yaml/parse';

/** The syntax a document is written in; every format toolwire knows can be written in either. */
export type SourceLanguage = 'json' | 'yaml';

/** `.yaml` / `.yml` files are YAML; everything else is read as JSON, JSONC or JSON Lines. */
export function languageOfPath(path: string | undefined): SourceLanguage {
  return path !== undefined && /\.ya?ml$/i.test(path) ? 'yaml' : 'json';
}

/**
 * The one reader of a document's text, in its language, as the JSON tree the recognisers read.
 * JSON is read as a skeleton: subtrees under keys no recogniser reads are built only when read.
 */
export function parseSource(text: string, language: SourceLanguage = 'json'): ParsedDocument {
  return language === 'yaml' ? parseYaml(text) : parseDocument(text, isReadKey);
}
