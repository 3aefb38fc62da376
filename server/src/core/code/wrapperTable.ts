import { dialectOf, type Constants } from './dialects';
import { finderRootTypes } from './finders';
import { RootIndex } from './rootIndex';
import { grammarOf, type CodeLanguage, type CodeParser, type SyntaxNode, type WrapperPattern } from './syntax';
import { familyOf, librariesOf } from './triggers';
import {
  declarationsWithWrappers,
  goPackageOf,
  resolvePaths,
  WRAPPER_DEPTH,
  wrapperPatterns,
  type GoTypeSource,
  type WrapperDefinition,
} from './wrappers';

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
  let candidates = sources.filter((s) => librariesOf(s.text, s.language, s.projectLibraries).length > 0);
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
    candidates = sources.filter((s) => names.some((n) => s.text.includes(n)));
  }
  const resolved = resolvePaths(definitions, goTypeSources(definitions, sources, rootOf));
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

/** The wrappers as the file at `path` calls them (`wrapperPatterns` over a project's table). */
export function wrappersFor(table: WrapperTable, path: string, language: CodeLanguage): readonly WrapperPattern[] {
  return wrapperPatterns(table.definitions, path, familyOf(language));
}

function sameDefinition(a: WrapperDefinition, b: WrapperDefinition): boolean {
  return a.kind === b.kind && a.name === b.name && a.path === b.path && a.fields?.join('.') === b.fields?.join('.');
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
