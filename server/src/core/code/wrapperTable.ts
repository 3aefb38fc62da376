import { dialectOf, type Constants } from './dialects';
import { finderRootTypes } from './finders';
import { RootIndex } from './rootIndex';
import {
  grammarOf,
  type CodeFamily,
  type CodeLanguage,
  type CodeParser,
  type SyntaxNode,
  type WrapperPattern,
} from './syntax';
import { LIBRARIES } from './libraries';
import { familyOf, librariesOf } from './triggers';
import { goPackageOf, resolvePaths, type GoTypeSource, type WrapperDefinition } from './wrapperPaths';
import { declarationsWithWrappers, isCalled, WRAPPER_DEPTH, wrapperPatterns } from './wrappers';

/** One source file of a project, as the adapter read it. `projectLibraries`: what its package's manifest names. */
export interface ProjectSource {
  readonly path: string;
  readonly text: string;
  readonly language: CodeLanguage;
  readonly projectLibraries?: readonly string[];
}

/** The wrappers one project (one package, one Go module) defines, and the files that define them. */
export interface WrapperTable {
  readonly definitions: readonly WrapperDefinition[];
  readonly definers: readonly string[];
}

/**
 * The wrappers of a project's files, to a fixed point: first the files that use a known library
 * (a wrapper calls one), then, for `WRAPPER_DEPTH` rounds, the files that name a wrapper just
 * found (a wrapper of a wrapper, in another file or package). A file that names neither is never
 * parsed. Go field paths (`tool.Tool.Name`) resolve through the struct types the files declare.
 * Never throws: a file the parser cannot read defines nothing. `parserFor`: one parser per path
 * (a tree stays valid until its own parser's next parse, and several are read together).
 */
export function wrapperTable(sources: readonly ProjectSource[], parserFor: (path: string) => CodeParser): WrapperTable {
  const definitions: WrapperDefinition[] = [];
  const definers = new Set<string>();
  const roots = new Map<string, SyntaxNode | undefined>();
  const rootOf = (source: ProjectSource) => {
    if (!roots.has(source.path)) roots.set(source.path, parseQuietly(source, parserFor(source.path)));
    return roots.get(source.path);
  };
  let candidates = sources.filter(
    (s) =>
      librariesOf(s.text, s.language, s.projectLibraries).length > 0 &&
      mayHandOnAName(s.text, s.language, CALLEE_WORDS),
  );
  for (let round = 0; round < WRAPPER_DEPTH && candidates.length > 0; round++) {
    const fresh: WrapperDefinition[] = [];
    for (const source of candidates) {
      const family = familyOf(source.language);
      const dialect = dialectOf(family);
      const root = rootOf(source);
      if (!root) continue;
      const patterns = wrapperPatterns(definitions, source.path, family);
      let table: Map<string, SyntaxNode> | undefined;
      const constants: Constants = { get: (key) => (table ??= dialect.constants(root)).get(key) };
      const libraries = librariesOf(source.text, source.language, source.projectLibraries);
      const { defined } = declarationsWithWrappers(
        root,
        source.text,
        dialect,
        libraries,
        constants,
        patterns,
        source.path,
      );
      for (const d of defined)
        if (!definitions.some((k) => sameDefinition(k, d)) && !fresh.some((k) => sameDefinition(k, d))) {
          fresh.push(d);
          definers.add(d.path);
        }
    }
    definitions.push(...fresh);
    const names = fresh.map((d) => d.name);
    candidates = sources.filter(
      (s) => names.some((n) => s.text.includes(n)) && mayHandOnAName(s.text, s.language, names),
    );
  }
  // A helper called nowhere in the project declares nothing, and its own name stays counted.
  const called = definitions.filter(
    (d) =>
      d.kind === 'path' || d.kind === 'field' || sources.some((s) => isCalled(s.text, d.name, familyOf(s.language))),
  );
  const resolved = resolvePaths(called, goTypeSources(called, sources, rootOf));
  for (const d of resolved) definers.add(d.path);
  return { definitions: resolved, definers: [...definers] };
}

/**
 * Whether a file, as it is now, defines a wrapper with the project's table around it: a file that
 * changed and defined none before starts no new scan unless it does now.
 */
export function definesWrappers(source: ProjectSource, table: WrapperTable, parser: CodeParser): boolean {
  const root = parseQuietly(source, parser);
  if (!root) return false;
  const family = familyOf(source.language);
  const dialect = dialectOf(family);
  let constants: Map<string, SyntaxNode> | undefined;
  const { defined } = declarationsWithWrappers(
    root,
    source.text,
    dialect,
    librariesOf(source.text, source.language, source.projectLibraries),
    { get: (key) => (constants ??= dialect.constants(root)).get(key) },
    wrapperPatterns(table.definitions, source.path, family),
    source.path,
  );
  return defined.length > 0;
}

/** The last names the libraries' calls and keyed helpers are written with (`NewTool`, `registerTool`, `tool`). */
const CALLEE_WORDS: readonly string[] = [
  ...new Set(
    LIBRARIES.flatMap((l) => [
      ...(l.calls ?? []).flatMap((c) => [c.callee, c.method]),
      ...(l.keyed ?? []).map((k) => k.callee),
    ])
      .map((c) => (c === undefined ? undefined : /[A-Za-z0-9_$]+$/.exec(c)?.[0]))
      .filter((w): w is string => w !== undefined),
  ),
];

/**
 * A name keyword, field or key given something other than a literal, per family: Python's
 * `name=name`, Go's `Name: tool.Name`, JavaScript's `name: opts.name` or shorthand `{ name }`;
 * a type annotation (`name: string`) is none.
 */
const NAME_GIVEN: Readonly<Partial<Record<CodeFamily, RegExp>>> = {
  python: /\bname\s*=\s*(?![=\s"'])[A-Za-z_][\w.]*/,
  go: /\bName\s*:\s*(?![\s"`])[A-Za-z_][\w.]*/,
  js: /\b(?:name|id)\s*:\s*(?!["'`\s]|(?:string|String|number|boolean|any|unknown)\b)[A-Za-z_$][\w$.]*|[{,]\s*(?:name|id)\s*[,}]/,
};

/**
 * Whether a file's text may hand a parameter to a name position, which a wrapper must: a name
 * keyword, field or key given no literal, or one of `words` called with a plain identifier first
 * (`mcp.NewTool(name, ...)`) or returned (`return tool(...)`). Most files of a server write every
 * name as a literal, and are not read a second time for wrappers (a cost, never a finding: a file
 * this passes over only leaves a helper unfollowed).
 */
function mayHandOnAName(text: string, language: CodeLanguage, words: readonly string[]): boolean {
  if (NAME_GIVEN[familyOf(language)]?.test(text)) return true;
  return words.some((word) => {
    for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) {
      const before = text.slice(Math.max(0, at - 8), at);
      const after = /^\s*\(\s*([A-Za-z_$][\w$.]*)?/.exec(text.slice(at + word.length, at + word.length + 80));
      if (after && (after[1] !== undefined || /(?:return|=>)\s*$/.test(before))) return true;
    }
    return false;
  });
}

/** The wrappers as the file at `path` calls them (`wrapperPatterns` over a project's table). */
export function wrappersFor(table: WrapperTable, path: string, language: CodeLanguage): readonly WrapperPattern[] {
  return wrapperPatterns(table.definitions, path, familyOf(language));
}

function sameDefinition(a: WrapperDefinition, b: WrapperDefinition): boolean {
  return (
    a.kind === b.kind &&
    a.name === b.name &&
    a.path === b.path &&
    a.fields?.join('.') === b.fields?.join('.') &&
    a.reads?.join() === b.reads?.join()
  );
}

/** The Go files that may declare a type a field path goes through (`type ServerTool struct`), parsed. */
function goTypeSources(
  definitions: readonly WrapperDefinition[],
  sources: readonly ProjectSource[],
  rootOf: (source: ProjectSource) => SyntaxNode | undefined,
): GoTypeSource[] {
  if (!definitions.some((d) => d.kind === 'path')) return [];
  return sources
    .filter((s) => s.language === 'go' && goPackageOf(s.text) !== undefined && /\btype\s+\w+\s+struct\b/.test(s.text))
    .map((s) => ({
      path: s.path,
      text: s.text,
      get root() {
        return rootOf(s);
      },
    }));
}

function parseQuietly(source: ProjectSource, parser: CodeParser): SyntaxNode | undefined {
  try {
    const parsed = parser.parse(source.text, grammarOf(source.language));
    if (!parsed) return undefined;
    const dialect = dialectOf(familyOf(source.language));
    return new RootIndex(parsed, [...dialect.rootTypes, ...finderRootTypes(dialect)]);
  } catch {
    return undefined;
  }
}
