import { parse as parseYaml } from 'yaml';

/**
 * A monorepo's own packages, as their manifests name them. An app of a pnpm, Yarn or npm
 * workspace often depends on the SDK only through a shared package of the same repository (its
 * `@repo/mcp-common` wraps `McpServer`, and the app's tool files call `context.registerTool`):
 * the SDK is in the app's dependencies all the same, one local step away. Registry packages are
 * never followed (that would be every package); local ones are, by the rules their managers use.
 * Pure: the adapter reads the files and resolves folders.
 */

/** A dependency the package manager resolves inside the repository rather than from a registry. */
export type LocalDependency =
  /** `"workspace:*"` (pnpm, Yarn 2+): the workspace package of that name. */
  | { readonly name: string; readonly workspace: true }
  /** `"file:../x"`, `"link:../x"`, or a bare relative path: the package in that folder. */
  | { readonly name: string; readonly path: string };

const DEPENDENCY_TABLES = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/**
 * The dependencies of a package.json that point into the repository. npm and Yarn 1 workspaces
 * name a sibling with a plain version range, which names a registry package just as well: those
 * count only when the workspace root lists that name (`WorkspaceIndex`), so they are returned as
 * workspace dependencies too, and the adapter keeps those it finds. Never throws.
 */
export function localDependencies(packageJson: string): LocalDependency[] {
  const record = jsonRecord(packageJson);
  if (!record) return [];
  const out: LocalDependency[] = [];
  for (const table of DEPENDENCY_TABLES) {
    const deps = record[table];
    if (typeof deps !== 'object' || deps === null) continue;
    for (const [name, spec] of Object.entries(deps as Record<string, unknown>)) {
      if (typeof spec !== 'string') continue;
      const path = /^(?:file:|link:)(.+)$/.exec(spec)?.[1] ?? (/^\.{1,2}\//.test(spec) ? spec : undefined);
      out.push(path === undefined ? { name, workspace: true } : { name, path });
    }
  }
  return out;
}

/**
 * The package folders a workspace root declares, as globs relative to it: pnpm-workspace.yaml's
 * `packages`, or package.json's `workspaces` (a list, or Yarn's `{ packages: [...] }`).
 * Undefined when the file declares no workspace (a plain package). Negated globs are dropped:
 * they only narrow, and a package they exclude is still the repository's own. Never throws.
 */
export function workspaceGlobs(fileName: string, text: string): string[] | undefined {
  let declared: unknown;
  if (fileName === 'pnpm-workspace.yaml') {
    try {
      declared = (parseYaml(text, { maxAliasCount: 0 }) as { packages?: unknown } | null)?.packages;
    } catch {
      return undefined;
    }
  } else if (fileName === 'package.json') {
    const workspaces = jsonRecord(text)?.workspaces;
    declared =
      typeof workspaces === 'object' && workspaces !== null && !Array.isArray(workspaces)
        ? (workspaces as { packages?: unknown }).packages
        : workspaces;
  }
  if (!Array.isArray(declared)) return undefined;
  return declared.filter((g): g is string => typeof g === 'string' && g.length > 0 && !g.startsWith('!'));
}

/** The files that can declare a workspace, in the order a root is recognised by. */
export const WORKSPACE_FILES: readonly string[] = ['pnpm-workspace.yaml', 'package.json'];

/** The package's own name, from its package.json; undefined when it has none. */
export function packageNameOf(packageJson: string): string | undefined {
  const name = jsonRecord(packageJson)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** A JSON object (not an array), or undefined for text that does not parse as one. Never throws. */
export function jsonRecord(text: string): Record<string, unknown> | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
