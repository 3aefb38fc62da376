/** Documents the server sees: JSON, JSONC and JSON Lines, in any scheme (untitled, virtual). */
export const DOCUMENT_SELECTOR = [{ language: 'json' }, { language: 'jsonc' }, { language: 'jsonl' }];
