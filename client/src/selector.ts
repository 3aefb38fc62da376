/** Documents the server sees: JSON, JSONC, JSON Lines and YAML, in any scheme (untitled, virtual). */
export const DOCUMENT_SELECTOR = [{ language: 'json' }, { language: 'jsonc' }, { language: 'jsonl' }, { language: 'yaml' }];
