import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { familyOf, librariesInManifest, localDependencies, MANIFESTS, type CodeLanguage } from '../core';
import { readFileBounded } from './files';
import { WorkspacePackages } from './workspacePackages';

/** A manifest is small: a bigger file is no manifest we read (and must not cost a 50 MB read). */
const MAX_MANIFEST_BYTES = 1024 * 1024;
/** A bound on the local packages one package's dependencies reach (a monorepo of thousands stays cheap). */
const MAX_LOCAL_PACKAGES = 200;

/**
 * The known libraries a source file's package names: the nearest folder above the file that holds
 * a manifest of the file's family (package.json; pyproject.toml, setup.cfg or requirements*.txt;
 * go.mod), read once per folder and family for the life of this object (one CLI run, one server).
 */
export class ProjectLibraries {
  private readonly byFolder = new Map<string, readonly string[]>();
  private readonly workspaces = new WorkspacePackages();

  /** Library ids for the file at `path` (an absolute path); [] when no manifest names one. */
  of(path: string, language: CodeLanguage): readonly string[] {
    const family = familyOf(language);
    const visited: string[] = [];
    let found: readonly string[] = [];
    for (let folder = dirname(path); ; folder = dirname(folder)) {
      const key = `${family}\u0000${folder}`;
      const cached = this.byFolder.get(key);
      if (cached) {
        found = cached;
        break;
      }
      visited.push(key);
      const ids = this.read(folder, MANIFESTS[family]);
      if (ids) {
        found = ids;
        break;
      }
      if (dirname(folder) === folder) break;
    }
    // Every folder passed on the way shares the answer of the package above it.
    for (const key of visited) this.byFolder.set(key, found);
    return found;
  }

  /** A manifest changed (the editor's watcher said so): read again on the next file. */
  forget(): void {
    this.byFolder.clear();
    this.workspaces.forget();
  }

  /** The ids the folder's manifests name, or undefined when it holds none (not a package). */
  private read(folder: string, isManifest: (name: string) => boolean): readonly string[] | undefined {
    let names: string[];
    try {
      names = readdirSync(folder).filter(isManifest);
    } catch {
      return undefined;
    }
    if (names.length === 0) return undefined;
    const ids = new Set<string>();
    this.collect(folder, names, ids, new Set([folder]));
    return [...ids];
  }

  /**
   * The libraries the manifests `names` in `folder` name, and those of the repository's own packages
   * they depend on (a workspace's shared package wrapping the SDK), transitively. `seen`: folders
   * already read, so a cycle of local packages ends.
   */
  private collect(folder: string, names: readonly string[], ids: Set<string>, seen: Set<string>): void {
    for (const name of names) {
      const read = readFileBounded(join(folder, name), MAX_MANIFEST_BYTES);
      if (read.kind !== 'text') continue;
      for (const id of librariesInManifest(name, read.text)) ids.add(id);
      if (name !== 'package.json') continue;
      for (const dependency of localDependencies(read.text)) {
        const at =
          'path' in dependency ? resolve(folder, dependency.path) : this.workspaces.folderOf(dependency.name, folder);
        if (at === undefined || seen.has(at) || seen.size > MAX_LOCAL_PACKAGES) continue;
        seen.add(at);
        this.collect(at, ['package.json'], ids, seen);
      }
    }
  }
}
