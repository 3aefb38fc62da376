import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import {
  familyOf,
  grammarOf,
  hasTriggerImport,
  isCodeLanguage,
  languageOfPath,
  definesWrappers,
  MANIFESTS,
  wrappersFor,
  wrapperTable,
  type CodeLanguage,
  type ProjectSource,
  type WrapperPattern,
  type WrapperTable,
} from '../core';
import type { TreeSitterParsers } from '../code/treeSitter';
import { listFiles, readFileBounded } from './files';
import type { ProjectLibraries } from './projectLibraries';

/** A project's own wrappers sit in its source, not its data: a bigger file is read for no wrapper. */
const MAX_SOURCE_BYTES = 1024 * 1024;
/** A bound on the files one project's scan reads (a monorepo's package of thousands stays bounded). */
const MAX_SOURCE_FILES = 5000;
/** Trees of a scan kept for the files' own analyses (each a few hundred kB of WASM memory). */
const MAX_KEPT_TREES = 512;

/**
 * The wrappers a source file's project defines (`wrapperTable`): the project is the folder of the
 * nearest manifest of the file's family (package.json, pyproject.toml or requirements*.txt, go.mod),
 * scanned once and kept until a file that defines a wrapper, or may now define one (it uses a known
 * library), changes on disk. A file outside any package has only its own wrappers (read by the core).
 */
export class ProjectWrappers {
  private readonly tables = new Map<string, { readonly root: string; readonly table: WrapperTable }>();
  private readonly roots = new Map<string, string | null>();

  /**
   * `treeKey`: the key the adapter parses a file under (the CLI: its path). The scan's trees are then
   * kept under it, up to `MAX_KEPT_TREES`, so the file's own analysis reuses its tree instead of
   * parsing it twice; the adapter forgets each after its analysis. Without it none is kept.
   */
  constructor(
    private readonly libraries: ProjectLibraries,
    private readonly treeKey?: (path: string) => string,
  ) {}

  /**
   * The project's wrappers as the file at `path` (absolute, `/` separators) calls them. A file
   * whose package names no known library and whose text uses none starts no scan: its cost stays
   * the string search.
   */
  async of(
    path: string,
    language: CodeLanguage,
    text: string | undefined,
    parsers: TreeSitterParsers,
  ): Promise<readonly WrapperPattern[]> {
    const libraries = this.libraries.of(path, language);
    if (libraries.length === 0 && (text === undefined || !hasTriggerImport(text, language))) return [];
    const family = familyOf(language);
    const root = this.rootOf(dirname(path), family);
    if (root === undefined) return [];
    const key = `${family}\u0000${root}`;
    let entry = this.tables.get(key);
    if (!entry) {
      entry = { root, table: await this.scan(root, family, parsers) };
      this.tables.set(key, entry);
    }
    return wrappersFor(entry.table, path, language);
  }

  /**
   * Files changed on disk: a project whose table a changed file defined, or whose changed file
   * defines a wrapper now (read once, with the table around it), is scanned again on its next
   * file. True when a table was dropped.
   */
  changed(paths: readonly string[], parsers: TreeSitterParsers): boolean {
    let dropped = false;
    for (const path of paths) {
      const language = languageOfPath(path);
      if (!isCodeLanguage(language)) continue;
      for (const [key, { root, table }] of this.tables) {
        if (!path.startsWith(`${root}/`) || !key.startsWith(`${familyOf(language)}\u0000`)) continue;
        if (!table.definers.includes(path) && !this.definesNow(path, language, table, parsers)) continue;
        this.tables.delete(key);
        dropped = true;
      }
    }
    return dropped;
  }

  private definesNow(path: string, language: CodeLanguage, table: WrapperTable, parsers: TreeSitterParsers): boolean {
    const read = readFileBounded(path, MAX_SOURCE_BYTES);
    if (read.kind !== 'text') return false;
    const projectLibraries = this.libraries.of(path, language);
    if (!hasTriggerImport(read.text, language, projectLibraries, wrappersFor(table, path, language))) return false;
    const key = `wrappers\u0000${path}`;
    try {
      return definesWrappers({ path, text: read.text, language, projectLibraries }, table, parsers.parserFor(key));
    } finally {
      parsers.forget(key);
    }
  }

  /** A manifest changed: every project is found and scanned again. */
  forget(): void {
    this.tables.clear();
    this.roots.clear();
  }

  private rootOf(folder: string, family: string): string | undefined {
    const isManifest = MANIFESTS[family as keyof typeof MANIFESTS];
    const visited: string[] = [];
    let found: string | undefined;
    for (let at = folder; ; at = dirname(at)) {
      const cached = this.roots.get(`${family}\u0000${at}`);
      if (cached !== undefined) {
        found = cached ?? undefined;
        break;
      }
      visited.push(at);
      let names: string[] = [];
      try {
        names = readdirSync(at);
      } catch {
        // An unreadable folder holds no manifest we can read.
      }
      if (names.some(isManifest)) {
        found = at;
        break;
      }
      if (dirname(at) === at) break;
    }
    for (const at of visited) this.roots.set(`${family}\u0000${at}`, found ?? null);
    return found;
  }

  private async scan(root: string, family: string, parsers: TreeSitterParsers): Promise<WrapperTable> {
    const sources: ProjectSource[] = [];
    for (const relative of listFiles(root)) {
      if (sources.length >= MAX_SOURCE_FILES) break;
      const path = `${root}/${relative}`;
      const language = languageOfPath(path);
      if (!isCodeLanguage(language) || familyOf(language) !== family) continue;
      const read = readFileBounded(path, MAX_SOURCE_BYTES);
      if (read.kind !== 'text') continue;
      sources.push({ path, text: read.text, language, projectLibraries: this.libraries.of(path, language) });
    }
    for (const grammar of new Set(sources.map((s) => grammarOf(s.language)))) await parsers.load(grammar);
    const parsed: string[] = [];
    const key = (path: string) => this.treeKey?.(path) ?? `wrappers\u0000${path}`;
    try {
      return wrapperTable(sources, (path) => {
        parsed.push(path);
        return parsers.parserFor(key(path));
      });
    } finally {
      const kept = this.treeKey ? MAX_KEPT_TREES : 0;
      for (const path of parsed.slice(kept)) parsers.forget(key(path));
    }
  }
}
