/**
 * Documents the server sees: JSON, JSONC, JSON Lines and YAML, and the source languages whose tool
 * declarations it reads (a file that imports no known library costs a string search),
 * in any scheme (untitled, virtual).
 */
export const DOCUMENT_SELECTOR = [
  { language: 'json' },
  { language: 'jsonc' },
  { language: 'jsonl' },
  { language: 'yaml' },
  { language: 'typescript' },
  { language: 'typescriptreact' },
  { language: 'javascript' },
  { language: 'javascriptreact' },
  { language: 'python' },
  { language: 'go' },
];
