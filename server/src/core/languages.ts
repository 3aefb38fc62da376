import { ALL_MANIFEST_NAMES } from './code/manifestNames';
import type { CodeLanguage } from './code/syntax';

/** The syntax a document is read with: data (JSON family, YAML) or one of the code grammars. */
export type SourceLanguage = 'json' | 'yaml' | CodeLanguage;

/**
 * Every language toolwire checks, once. The editor's language ids (document selector,
 * activation events), the file extensions (CLI walk, file watcher, syntax by path) and the
 * syntax each is read with all derive from this table; test/core/contracts.test.ts holds
 * package.json to it.
 */
export interface LanguageEntry {
  /** The VS Code language ids of documents read with this syntax. */
  readonly languageIds: readonly string[];
  /** File extensions, lower case with the dot; the first match in table order wins. */
  readonly extensions: readonly string[];
  readonly syntax: SourceLanguage;
}

export const LANGUAGES: readonly LanguageEntry[] = [
  { syntax: 'json', languageIds: ['json', 'jsonc', 'jsonl'], extensions: ['.json', '.jsonc', '.jsonl', '.ndjson'] },
  { syntax: 'yaml', languageIds: ['yaml'], extensions: ['.yaml', '.yml'] },
  { syntax: 'typescript', languageIds: ['typescript'], extensions: ['.ts', '.mts', '.cts'] },
  { syntax: 'tsx', languageIds: ['typescriptreact'], extensions: ['.tsx'] },
  { syntax: 'javascript', languageIds: ['javascript', 'javascriptreact'], extensions: ['.js', '.jsx', '.mjs', '.cjs'] },
  { syntax: 'python', languageIds: ['python'], extensions: ['.py'] },
  { syntax: 'go', languageIds: ['go'], extensions: ['.go'] },
  { syntax: 'java', languageIds: ['java'], extensions: ['.java'] },
  { syntax: 'rust', languageIds: ['rust'], extensions: ['.rs'] },
  { syntax: 'csharp', languageIds: ['csharp'], extensions: ['.cs'] },
  { syntax: 'kotlin', languageIds: ['kotlin'], extensions: ['.kt', '.kts'] },
  { syntax: 'swift', languageIds: ['swift'], extensions: ['.swift'] },
  { syntax: 'ruby', languageIds: ['ruby'], extensions: ['.rb'] },
  { syntax: 'php', languageIds: ['php'], extensions: ['.php'] },
];

/** Every editor language id toolwire checks, in table order. */
export const LANGUAGE_IDS: readonly string[] = LANGUAGES.flatMap((l) => l.languageIds);

/** Every file extension toolwire checks, in table order. */
export const CHECKED_EXTENSIONS: readonly string[] = LANGUAGES.flatMap((l) => l.extensions);

/** The extensions of source code (declarations read with a tree-sitter grammar). */
export const SOURCE_EXTENSIONS: readonly string[] = LANGUAGES.filter(
  (l) => l.syntax !== 'json' && l.syntax !== 'yaml',
).flatMap((l) => l.extensions);

/**
 * A glob of every checked file and every package manifest, for file watchers: a manifest decides
 * whether a package's source files are read (`code/manifests.ts`), so editing one re-reads them
 * (a workspace's pnpm-workspace.yaml and package.json are checked files already).
 */
export const WATCHED_FILES = `**/{${[...CHECKED_EXTENSIONS.map((e) => `*${e}`), ...ALL_MANIFEST_NAMES].filter((g, i, all) => all.indexOf(g) === i).join(',')}}`;

/** The syntax of an editor language id, or undefined for an id toolwire does not check. */
export function syntaxOfLanguageId(languageId: string): SourceLanguage | undefined {
  return LANGUAGES.find((l) => l.languageIds.includes(languageId))?.syntax;
}

/** The syntax a file is read with, by its extension; JSON for anything else (and no path). */
export function languageOfPath(path: string | undefined): SourceLanguage {
  if (path === undefined) return 'json';
  const lower = path.toLowerCase();
  return LANGUAGES.find((l) => l.extensions.some((e) => lower.endsWith(e)))?.syntax ?? 'json';
}

/**
 * Folders no walk enters, in the CLI, the Node server and the web client alike: dependencies,
 * version control, build output and vendored copies hold other people's code, or ours twice.
 */
export const SKIPPED_FOLDERS: readonly string[] = ['node_modules', '.git', 'dist', 'vendor'];

/** `SKIPPED_FOLDERS` as an exclude glob (VS Code's `findFiles`). */
export const SKIPPED_FOLDERS_GLOB = `{${SKIPPED_FOLDERS.map((f) => `**/${f}/**`).join(',')}}`;
