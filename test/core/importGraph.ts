// The import graph of the sources, type imports included, for the architecture contracts: every
// relative `import`/`export ... from` edge between .ts files under one root, resolved the way
// TypeScript resolves them (`./x` is x.ts or x/index.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

export interface ImportGraph {
  /** Every source file, as a path relative to the repository root with forward slashes. */
  readonly files: readonly string[];
  /** file → the files it imports (relative specifiers only), in source order. */
  readonly edges: ReadonlyMap<string, readonly string[]>;
  /** file → the bare package specifiers it imports. */
  readonly packages: ReadonlyMap<string, readonly string[]>;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
    });
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

export function importGraph(repositoryRoot: string, folders: readonly string[]): ImportGraph {
  const edges = new Map<string, string[]>();
  const packages = new Map<string, string[]>();
  const name = (path: string) => relative(repositoryRoot, path).split('\\').join('/');
  const files = folders.flatMap((folder) => sourceFiles(join(repositoryRoot, folder)));
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const local: string[] = [];
    const bare: string[] = [];
    for (const { fileName } of info.importedFiles) {
      if (fileName.startsWith('.')) {
        const target = resolveSpecifier(file, fileName);
        if (target !== undefined) local.push(name(target));
      } else bare.push(fileName);
    }
    edges.set(name(file), local);
    packages.set(name(file), bare);
  }
  return { files: files.map(name), edges, packages };
}

/** The strongly connected components with more than one file (Tarjan), each sorted. */
export function cycles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (graph.edges.get(file) ?? []).includes(file)) found.push(component.sort());
    }
  };
  for (const file of graph.files) if (!index.has(file)) visit(file);
  return found;
}
