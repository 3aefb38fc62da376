import { readdirSync } from 'node:fs';
import { dirname, posix } from 'node:path';
import {
  exportedConstants,
  familyOf,
  goPackageOf,
  grammarOf,
  isCodeLanguage,
  languageOfPath,
  MANIFESTS,
  type CodeGrammar,
  type CodeLanguage,
  type ProjectConstantAnswer,
  type ProjectConstantLookup,
  type Reexport,
} from '../core';
import type { TreeSitterParsers } from '../code/treeSitter';
import { readFileBounded } from './files';

/** A constants module is small source: a bigger file is read for no constant. */
const MAX_SOURCE_BYTES = 1024 * 1024;
/** How far up a Python absolute import (`from pkg.names import X`) or a go.mod is looked for. */
const MAX_LEVELS = 12;

/** How many Java, Kotlin and C# files of one project are listed, and how deep: a monorepo's rest is not searched. */
const MAX_PROJECT_FILES = 20000;
const MAX_DEPTH = 16;
/** Build output and dependencies, never the project's own constants. */
const SKIPPED: ReadonlySet<string> = new Set(['build', 'target', 'bin', 'obj', 'out', 'node_modules']);
const EXTENSIONS = ['.java', '.kt', '.cs'];
const BUILD_MANIFEST = /^(?:pom\.xml|build\.gradle(?:\.kts)?|settings\.gradle(?:\.kts)?|.*\.csproj|.*\.sln)$/;

/** A Java or Kotlin file's `package a.b` clause; undefined when it has none (the default package). */
function jvmPackageOf(text: string): string | undefined {
  return /^\s*package\s+([\w.]+)/m.exec(text)?.[1];
}

/** A C# file's first `namespace A.B` (file-scoped or a block); undefined: the global namespace. */
function csharpNamespaceOf(text: string): string | undefined {
  return /^\s*namespace\s+([\w.]+)/m.exec(text)?.[1];
}

/** The namespaces whose types a C# file names unqualified: its own and those around it, the global one, and its `using`s. */
function csharpVisibleNamespaces(text: string): ReadonlySet<string> {
  const out = new Set<string>(['']);
  const own = csharpNamespaceOf(text);
  if (own !== undefined) {
    const parts = own.split('.');
    for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join('.'));
  }
  for (const m of text.matchAll(/^\s*(?:global\s+)?using\s+([\w.]+)\s*;/gm)) out.add(m[1]!);
  return out;
}

/** How many barrel files deep a re-exported name is followed. */
const MAX_REEXPORTS = 4;

/**
 * The files a JS module may be: only a relative import is a file of the project (a package's
 * constant is its own business); `./names.js` in TypeScript ESM names `names.ts`.
 */
function jsCandidates(from: string, module: string): string[] | string {
  if (!module.startsWith('./') && !module.startsWith('../'))
    return `"${module}" is a package, not a file of the project`;
  const base = posix.normalize(`${dirname(from)}/${module}`);
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  return [
    ...(stem !== base ? [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`] : []),
    ...['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '/index.ts', '/index.tsx', '/index.js'].map(
      (ext) => `${base}${ext}`,
    ),
  ];
}

/**
 * What one file offers (`exportedConstants`), with the grammar it was read with and (Go) its
 * package clause; null: no source file there.
 */
type Offered = {
  readonly constants: ReadonlyMap<string, string>;
  readonly reexports: readonly Reexport[];
  readonly fallback: CodeGrammar;
  readonly pkg?: string;
} | null;

/**
 * The string constants a source file imports from other files of its project (`CodeParser.projectConstant`):
 * a relative TypeScript/JavaScript import, a Python module of the project, a Go constant of the
 * same package or of another package of the module. Each file is read when a name first asks for
 * it (never for a file whose names are all literals) and kept until it changes on disk; then only
 * a change of what it offers reads the importing files again. A browser has no such reader: there
 * only a file's own constants resolve.
 */
export class ProjectConstants {
  private readonly files = new Map<string, Offered>();
  /** Go: a folder's `.go` files, by folder. */
  private readonly folders = new Map<string, readonly string[]>();
  /** Go: the module a folder is in (its go.mod's folder and module path), by folder. */
  private readonly modules = new Map<string, { readonly root: string; readonly path: string } | null>();
  /** Java, Kotlin, C#: a project's source files of those languages, by the project's folder. */
  private readonly projects = new Map<string, readonly string[]>();
  /** Java, Kotlin, C#: the project folder a folder is in (its nearest build manifest's), by folder. */
  private readonly roots = new Map<string, string>();

  /**
   * The lookup for the file at `path` (absolute, `/` separators) as `text` reads; undefined for a
   * family whose imports are not followed. Nothing is read until the core asks for a name.
   */
  lookupFor(
    path: string,
    language: CodeLanguage,
    text: string | undefined,
    parsers: TreeSitterParsers,
  ): ProjectConstantLookup | undefined {
    const family = familyOf(language);
    const fallback = grammarOf(language);
    if (family === 'js') return (module, name) => this.jsConstant(path, module, name, parsers, fallback);
    if (family === 'python') return (module, name) => this.pythonConstant(path, module, name, parsers, fallback);
    if (family === 'go' && text !== undefined)
      return (module, name) => this.goConstant(path, text, module, name, parsers, fallback);
    if ((family === 'java' || family === 'kotlin' || family === 'csharp') && text !== undefined)
      return (module, name) => this.typedConstant(path, text, family, module, name, parsers, fallback);
    return undefined;
  }

  /** Files changed on disk: true when one of them now offers other constants than it did (its importers read again). */
  changed(paths: readonly string[], parsers: TreeSitterParsers): boolean {
    let dropped = false;
    for (const path of paths) {
      const folder = dirname(path);
      // A new source file of a project listed before: the listing is read again.
      for (const [root, listed] of this.projects)
        if (path.startsWith(`${root}/`) && EXTENSIONS.some((e) => path.endsWith(e)) && !listed.includes(path)) {
          this.projects.delete(root);
          dropped = true;
        }
      const listed = this.folders.get(folder);
      if (listed && path.endsWith('.go') && !listed.includes(path)) {
        // A new file of a package read before: its constants are the package's now.
        this.folders.delete(folder);
        dropped = true;
      }
      if (!this.files.has(path)) continue;
      const before = this.files.get(path) ?? null;
      this.files.delete(path);
      const language = languageOfPath(path);
      const fallback = before?.fallback ?? (isCodeLanguage(language) ? grammarOf(language) : 'typescript');
      const after = this.offered(path, parsers, fallback);
      if (!sameOffer(before, after) || before?.pkg !== after?.pkg) {
        if (after === null) this.folders.delete(folder);
        dropped = true;
      }
    }
    return dropped;
  }

  /** A manifest changed (a go.mod's module path, a package's root): everything is read again. */
  forget(): void {
    this.files.clear();
    this.folders.clear();
    this.modules.clear();
    this.projects.clear();
    this.roots.clear();
  }

  /**
   * `name` as the file a module names offers it, through its re-exports (a barrel file) up to
   * `MAX_REEXPORTS` files deep. `from`: the importing file; `resolve`: the family's module resolution.
   */
  private offeredName(
    from: string,
    module: string,
    name: string,
    parsers: TreeSitterParsers,
    fallback: CodeGrammar,
    resolve: (from: string, module: string) => readonly string[] | string,
    depth = 0,
  ): ProjectConstantAnswer {
    const candidates = resolve(from, module);
    if (typeof candidates === 'string') return { why: candidates };
    for (const candidate of candidates) {
      const offered = this.offered(candidate, parsers, fallback);
      if (!offered) continue;
      const own = offered.constants.get(name);
      if (own !== undefined) return { value: own };
      const none = { why: `"${module}" holds no string constant ${name}` };
      if (depth >= MAX_REEXPORTS) return none;
      const dot = name.indexOf('.');
      const head = dot === -1 ? name : name.slice(0, dot);
      for (const reexport of offered.reexports) {
        const there = reexport.names ? reexport.names.get(head) : head;
        if (there === undefined) continue;
        const found = this.offeredName(
          candidate,
          reexport.module,
          `${there}${dot === -1 ? '' : name.slice(dot)}`,
          parsers,
          fallback,
          resolve,
          depth + 1,
        );
        if ('value' in found) return found;
      }
      return none;
    }
    return { why: `no file of the project is "${module}"` };
  }

  private jsConstant(
    path: string,
    module: string,
    name: string,
    parsers: TreeSitterParsers,
    fallback: CodeGrammar,
  ): ProjectConstantAnswer {
    return this.offeredName(path, module, name, parsers, fallback, jsCandidates);
  }

  private pythonConstant(
    path: string,
    module: string,
    name: string,
    parsers: TreeSitterParsers,
    fallback: CodeGrammar,
  ): ProjectConstantAnswer {
    const resolve = (from: string, m: string) => this.pythonCandidates(from, m);
    const dot = name.indexOf('.');
    if (dot !== -1) {
      // `from . import tool_names`, then `tool_names.SEARCH`: a module of the package, and its constant.
      const submodule = `${module}${module.endsWith('.') ? '' : '.'}${name.slice(0, dot)}`;
      const found = this.offeredName(path, submodule, name.slice(dot + 1), parsers, fallback, resolve);
      if ('value' in found) return found;
    }
    return this.offeredName(path, module, name, parsers, fallback, resolve);
  }

  /** The files a Python module may be: relative to the importing file, or (absolute) from its folder up to its project's manifest. */
  private pythonCandidates(from: string, module: string): string[] | string {
    const dots = /^\.*/.exec(module)![0].length;
    const rest = module
      .slice(dots)
      .split('.')
      .filter((s) => s !== '');
    // `from . import names` imports a module, not a constant.
    if (rest.length === 0) return 'a module, not a constant';
    const folders: string[] = [];
    if (dots > 0) {
      let folder = dirname(from);
      for (let up = 1; up < dots; up++) folder = dirname(folder);
      folders.push(folder);
    } else {
      for (let folder = dirname(from), level = 0; level < MAX_LEVELS; level++, folder = dirname(folder)) {
        folders.push(folder, `${folder}/src`);
        if (this.hasManifest(folder, 'python') || dirname(folder) === folder) break;
      }
    }
    return folders.flatMap((folder) => {
      const file = `${folder}/${rest.join('/')}`;
      return [`${file}.py`, `${file}/__init__.py`];
    });
  }

  private goConstant(
    path: string,
    text: string,
    module: string,
    name: string,
    parsers: TreeSitterParsers,
    fallback: CodeGrammar,
  ): ProjectConstantAnswer {
    const test = path.endsWith('_test.go');
    let folder: string | undefined;
    let pkg: string | undefined;
    if (module === '') {
      folder = dirname(path);
      pkg = goPackageOf(text);
    } else {
      const found = this.moduleOf(dirname(path));
      if (!found || (module !== found.path && !module.startsWith(`${found.path}/`)))
        return { why: `"${module}" is not a package of this module` };
      folder = `${found.root}${module.slice(found.path.length)}`;
    }
    if (pkg === undefined && module === '') return { why: 'no package clause' };
    // A name declared in two files of a package does not compile: neither is taken.
    let value: string | undefined;
    let seen = 0;
    for (const file of this.goFiles(folder)) {
      if (file === path || (file.endsWith('_test.go') && (!test || module !== ''))) continue;
      const offered = this.offered(file, parsers, fallback);
      if (!offered || (pkg !== undefined ? offered.pkg !== pkg : offered.pkg?.endsWith('_test'))) continue;
      const found = offered.constants.get(name);
      if (found === undefined) continue;
      value = found;
      seen += 1;
    }
    if (seen === 1 && value !== undefined) return { value };
    const where = module === '' ? `package ${pkg}` : `"${module}"`;
    return {
      why: seen > 1 ? `${name} is declared in ${seen} files of ${where}` : `${where} holds no string constant ${name}`,
    };
  }

  /**
   * A Java, Kotlin or C# constant: `name` is type-qualified (`Names.SEARCH`, `Config.Tools.GREET`)
   * or a Kotlin top-level `val`; `module` the package an import names, or '' (the file's own
   * package; C#: a namespace the file sees, by class name). Looked for in the project's files of the language
   * that mention the type's name (a string search before any parse); a name two files declare is
   * neither's.
   */
  private typedConstant(
    path: string,
    text: string,
    family: 'java' | 'kotlin' | 'csharp',
    module: string,
    name: string,
    parsers: TreeSitterParsers,
    fallback: CodeGrammar,
  ): ProjectConstantAnswer {
    const pkg = module !== '' ? module : family === 'csharp' ? undefined : (jvmPackageOf(text) ?? '');
    // C#: a type of the file's namespace, one around it, the global one, or a namespace a `using` names.
    const visible = family === 'csharp' ? csharpVisibleNamespaces(text) : undefined;
    const head = name.split('.')[0]!;
    const extension = family === 'java' ? '.java' : family === 'kotlin' ? '.kt' : '.cs';
    const word = new RegExp(`\\b${head}\\b`);
    let value: string | undefined;
    let seen = 0;
    for (const file of this.projectFiles(dirname(path))) {
      if (file === path || !file.endsWith(extension)) continue;
      // Java names a public type's file after it: only that file, or one mentioning the name, is read.
      if (family === 'java' && !file.endsWith(`/${head}.java`)) continue;
      const offered = this.offered(file, parsers, fallback, (t) => word.test(t));
      if (!offered || (pkg !== undefined && offered.pkg !== pkg)) continue;
      if (visible && !visible.has(offered.pkg ?? '')) continue;
      const found = offered.constants.get(name);
      if (found === undefined) continue;
      value = found;
      seen += 1;
    }
    if (seen === 1 && value !== undefined) return { value };
    const where = pkg === undefined ? 'the project' : pkg === '' ? 'the default package' : `package ${pkg}`;
    if (seen > 1) return { why: `${name} is declared in ${seen} files of ${where}` };
    return { why: `no file of the project declares a string constant ${name} in ${where}` };
  }

  /** The Java, Kotlin and C# files of the project a folder is in, listed once (bounded, build output skipped). */
  private projectFiles(folder: string): readonly string[] {
    const root = this.projectRoot(folder);
    let files = this.projects.get(root);
    if (!files) {
      const out: string[] = [];
      const walk = (dir: string, depth: number) => {
        if (out.length >= MAX_PROJECT_FILES || depth > MAX_DEPTH) return;
        let entries: import('node:fs').Dirent[] = [];
        try {
          entries = readdirSync(dir, { withFileTypes: true });
        } catch {
          // An unreadable folder offers nothing.
        }
        for (const entry of entries) {
          if (entry.isDirectory()) {
            if (!SKIPPED.has(entry.name) && !entry.name.startsWith('.')) walk(`${dir}/${entry.name}`, depth + 1);
          } else if (EXTENSIONS.some((e) => entry.name.endsWith(e)) && out.length < MAX_PROJECT_FILES)
            out.push(`${dir}/${entry.name}`);
        }
      };
      walk(root, 0);
      files = out;
      this.projects.set(root, files);
    }
    return files;
  }

  /** The nearest folder up with a Gradle, Maven or .NET manifest; the file's own folder when none is. */
  private projectRoot(start: string): string {
    const known = this.roots.get(start);
    if (known !== undefined) return known;
    let root = start;
    for (let folder = start, level = 0; level < MAX_LEVELS; level++, folder = dirname(folder)) {
      let names: string[] = [];
      try {
        names = readdirSync(folder);
      } catch {
        // An unreadable folder is no manifest's.
      }
      if (names.some((n) => BUILD_MANIFEST.test(n))) {
        root = folder;
        break;
      }
      if (dirname(folder) === folder) break;
    }
    this.roots.set(start, root);
    return root;
  }

  private goFiles(folder: string): readonly string[] {
    let files = this.folders.get(folder);
    if (!files) {
      let names: string[] = [];
      try {
        names = readdirSync(folder);
      } catch {
        // An unreadable folder offers nothing.
      }
      files = names.filter((n) => n.endsWith('.go')).map((n) => `${folder}/${n}`);
      this.folders.set(folder, files);
    }
    return files;
  }

  private moduleOf(start: string): { readonly root: string; readonly path: string } | undefined {
    for (let folder = start, level = 0; level < MAX_LEVELS; level++, folder = dirname(folder)) {
      if (this.modules.has(folder)) return this.modules.get(folder) ?? undefined;
      const read = readFileBounded(`${folder}/go.mod`, MAX_SOURCE_BYTES);
      const path = read.kind === 'text' ? /^\s*module\s+(\S+)/m.exec(read.text)?.[1] : undefined;
      if (path !== undefined) {
        const found = { root: folder, path: path.replace(/^"|"$/g, '') };
        this.modules.set(start, found);
        return found;
      }
      if (dirname(folder) === folder) break;
    }
    this.modules.set(start, null);
    return undefined;
  }

  private hasManifest(folder: string, family: 'python'): boolean {
    try {
      return readdirSync(folder).some(MANIFESTS[family]);
    } catch {
      return false;
    }
  }

  /** What the file at `path` offers, read once and kept (a missing file too, so its creation is noticed). */
  private offered(
    path: string,
    parsers: TreeSitterParsers,
    fallback: CodeGrammar,
    mentions?: (text: string) => boolean,
  ): Offered {
    if (this.files.has(path)) return this.files.get(path) ?? null;
    const language = languageOfPath(path);
    const read = isCodeLanguage(language) ? readFileBounded(path, MAX_SOURCE_BYTES) : undefined;
    // A file that never names the type is not parsed (nor kept: another name may be in it).
    if (read?.kind === 'text' && mentions && !mentions(read.text)) return null;
    let offered: Offered = null;
    if (read?.kind === 'text' && isCodeLanguage(language)) {
      const key = `constants\u0000${path}`;
      try {
        const { constants, reexports } = exportedConstants(read.text, language, parsers.parserFor(key), fallback);
        const pkg =
          language === 'go'
            ? goPackageOf(read.text)
            : language === 'java' || language === 'kotlin'
              ? (jvmPackageOf(read.text) ?? '')
              : language === 'csharp'
                ? (csharpNamespaceOf(read.text) ?? '')
                : undefined;
        offered = { constants, reexports, fallback, ...(pkg !== undefined ? { pkg } : {}) };
      } finally {
        parsers.forget(key);
      }
    }
    this.files.set(path, offered);
    return offered;
  }
}

function sameOffer(a: Offered, b: Offered): boolean {
  if (a === null || b === null) return a === b;
  if (a.constants.size !== b.constants.size || JSON.stringify(reexportsOf(a)) !== JSON.stringify(reexportsOf(b)))
    return false;
  for (const [name, value] of a.constants) if (b.constants.get(name) !== value) return false;
  return true;
}

const reexportsOf = (offered: NonNullable<Offered>) =>
  offered.reexports.map((r) => [r.module, r.names ? [...r.names] : '*']);
