import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { namePattern, packageNameOf, SKIPPED_FOLDERS, WORKSPACE_FILES, workspaceGlobs } from '../core';
import { readFileBounded } from './files';

const MAX_MANIFEST_BYTES = 1024 * 1024;
/** A bound on the folders one root's globs may expand to: a `**` over a huge tree must not walk it all. */
const MAX_PACKAGE_FOLDERS = 5000;
/** How deep `**` descends: workspace packages sit a few levels below the root, never deeper. */
const MAX_GLOB_DEPTH = 4;

/**
 * The packages of the workspaces above folders (`code/workspaces.ts` for the rules): which folder
 * holds the workspace package of a name. Read once per root for the life of this object.
 */
export class WorkspacePackages {
  private readonly roots = new Map<string, string | null>();
  private readonly packages = new Map<string, ReadonlyMap<string, string>>();

  /** The folder of the workspace package `name` in the workspace holding `folder`, if any. */
  folderOf(name: string, folder: string): string | undefined {
    const root = this.rootOf(folder);
    return root === undefined ? undefined : this.packagesOf(root).get(name);
  }

  forget(): void {
    this.roots.clear();
    this.packages.clear();
  }

  /** The nearest folder at or above `folder` whose pnpm-workspace.yaml or package.json declares a workspace. */
  private rootOf(folder: string): string | undefined {
    const visited: string[] = [];
    let found: string | undefined;
    for (let at = folder; ; at = dirname(at)) {
      const cached = this.roots.get(at);
      if (cached !== undefined) {
        found = cached ?? undefined;
        break;
      }
      visited.push(at);
      if (this.globsAt(at)) {
        found = at;
        break;
      }
      if (dirname(at) === at) break;
    }
    for (const at of visited) this.roots.set(at, found ?? null);
    return found;
  }

  private globsAt(folder: string): string[] | undefined {
    for (const file of WORKSPACE_FILES) {
      const read = readFileBounded(join(folder, file), MAX_MANIFEST_BYTES);
      const globs = read.kind === 'text' ? workspaceGlobs(file, read.text) : undefined;
      if (globs) return globs;
    }
    return undefined;
  }

  private packagesOf(root: string): ReadonlyMap<string, string> {
    const cached = this.packages.get(root);
    if (cached) return cached;
    const byName = new Map<string, string>();
    const folders = new Set<string>();
    for (const glob of this.globsAt(root) ?? []) expand(root, glob.split('/').filter(Boolean), folders, 0);
    for (const folder of folders) {
      const read = readFileBounded(join(folder, 'package.json'), MAX_MANIFEST_BYTES);
      const name = read.kind === 'text' ? packageNameOf(read.text) : undefined;
      if (name !== undefined && !byName.has(name)) byName.set(name, folder);
    }
    this.packages.set(root, byName);
    return byName;
  }
}

/** The folders a glob's segments match below `folder` (`*`, `prefix-*` and `**`; no braces). */
function expand(folder: string, segments: readonly string[], out: Set<string>, depth: number): void {
  if (out.size >= MAX_PACKAGE_FOLDERS) return;
  const [segment, ...rest] = segments;
  if (segment === undefined) out.add(folder);
  else if (segment === '.') expand(folder, rest, out, depth);
  else if (!segment.includes('*')) expand(resolve(folder, segment), rest, out, depth);
  else if (segment === '**') {
    expand(folder, rest, out, depth);
    if (depth < MAX_GLOB_DEPTH) for (const child of subfolders(folder)) expand(child, segments, out, depth + 1);
  } else {
    const matches = namePattern(segment);
    for (const child of subfolders(folder)) if (matches(basename(child))) expand(child, rest, out, depth);
  }
}

function subfolders(folder: string): string[] {
  try {
    return readdirSync(folder, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !SKIPPED_FOLDERS.includes(e.name))
      .map((e) => join(folder, e.name));
  } catch {
    return [];
  }
}
