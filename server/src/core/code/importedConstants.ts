import { dialectOf } from './dialects';
import { field, present, type Constants, type Dialect, type ImportedName } from './dialect';
import {
  grammarOf,
  type CodeGrammar,
  type CodeLanguage,
  type CodeParser,
  type ProjectConstantAnswer,
  type ProjectConstantLookup,
  type SyntaxNode,
} from './syntax';
import { familyOf } from './triggers';

/**
 * A file's constants: its own (`Dialect.constants`), read on the first lookup, and, through the
 * adapter's `lookup`, the string constants it imports from other files of its project: a
 * TypeScript or JavaScript `import { X } from './names'`, a Python `from .names import X`, a Go
 * constant of another file of the same package, or `pkg.X` of another package of the module.
 * The adapter finds and reads the other file; this file only says which module and name a
 * reference stands for. `unresolved`: told why an imported name is none (what `--verbose` says).
 */
export function fileConstants(
  root: SyntaxNode,
  dialect: Dialect,
  lookup: ProjectConstantLookup | undefined,
  unresolved?: (at: SyntaxNode, why: string) => void,
): Constants {
  // Read on the first lookup: most declarations name their tool with a literal, and reading
  // every binding of a file (each through WASM) cost a tenth of a parse.
  let table: Map<string, SyntaxNode> | undefined;
  const get = (key: string) => (table ??= dialect.constants(root)).get(key);
  if (!lookup || !IMPORTING.has(dialect.family)) return { get };
  let imports: ReadonlyMap<string, ImportedName> | undefined;
  let jvm: TypeImports | undefined;
  return {
    get,
    imported: (key, at) => {
      // A name the file binds itself (a constant bound twice, a class of its own) is not another file's.
      if ((table ??= dialect.constants(root)).has(key)) return undefined;
      const bound = boundLocally(key, at, dialect.family);
      if (bound !== undefined) {
        unresolved?.(at, bound);
        return undefined;
      }
      if (TYPED.has(dialect.family)) {
        jvm ??= typeImports(root.text, dialect.family);
        const answer = typedValue(key, jvm, lookup);
        if ('why' in answer) unresolved?.(at, answer.why);
        return 'value' in answer ? answer.value : undefined;
      }
      imports ??=
        dialect.family === 'go'
          ? goImports(root)
          : dialect.family === 'python'
            ? new Map([...pythonModuleAliases(root), ...dialect.imports(root)])
            : dialect.imports(root);
      const answer = importedValue(key, imports, dialect.family === 'go', lookup);
      if (answer && 'why' in answer) unresolved?.(at, answer.why);
      return answer && 'value' in answer ? answer.value : undefined;
    },
  };
}

/** The families whose imports name a file of the project a constant can be read from. */
const IMPORTING: ReadonlySet<string> = new Set(['js', 'python', 'go', 'java', 'kotlin', 'csharp']);

/**
 * The families whose constants are members of a type (`Names.SEARCH`, `Config.Tools.GREET`), or a
 * Kotlin top-level `val` of the package: the adapter is asked for the type-qualified name, with
 * the package an import names (`com.example.names`) or '' (the file's own package; C#: any
 * namespace of the project, the class name decides).
 */
const TYPED: ReadonlySet<string> = new Set(['java', 'kotlin', 'csharp']);

/** A Java or Kotlin file's imports: a type by its simple name → its package; a static import's member → its type. */
interface TypeImports {
  readonly types: ReadonlyMap<string, string>;
  readonly members: ReadonlyMap<string, { readonly pkg: string; readonly type: string }>;
}

/**
 * Read from the text (a line's `import a.b.Names;`, `import static a.b.Names.SEARCH;`, Kotlin's
 * `import a.b.Names` or `import a.b.SEARCH`): a JVM package is lower case and a type capitalised
 * by convention, which is what tells `a.b.Names` (a type) from `a.b.search` (a top-level `val`).
 */
function typeImports(text: string, family: string): TypeImports {
  const types = new Map<string, string>();
  const members = new Map<string, { pkg: string; type: string }>();
  if (family === 'csharp') return { types, members };
  for (const m of text.matchAll(/^[ \t]*import\s+(static\s+)?([\w.]+)(?:\s+as\s+(\w+))?\s*;?[ \t]*$/gm)) {
    const path = m[2]!.split('.');
    const last = path[path.length - 1]!;
    const alias = m[3] ?? last;
    const typeAt = path.findIndex((p) => /^[A-Z]/.test(p));
    if (typeAt <= 0) {
      // Kotlin's top-level `import a.b.search`: the package's own `val`, asked for by name.
      if (typeAt === -1 && family === 'kotlin' && path.length > 1)
        members.set(alias, { pkg: path.slice(0, -1).join('.'), type: '' });
      continue;
    }
    const pkg = path.slice(0, typeAt).join('.');
    if (m[1] || typeAt < path.length - 1) {
      // A member of a type (`import static a.Names.SEARCH;`, Kotlin's `import a.Names.SEARCH`), or a nested type.
      const type = path.slice(typeAt, -1).join('.');
      if (/^[A-Z]/.test(last) && !/^[A-Z0-9_]+$/.test(last)) types.set(alias, `${pkg}\u0000${type}.${last}`);
      else members.set(alias, { pkg, type });
      continue;
    }
    types.set(alias, pkg);
  }
  return { types, members };
}

/** `Names.SEARCH` (a type imported, or of the file's own package), or `SEARCH` statically imported, as the adapter is asked for it. */
function typedValue(key: string, imports: TypeImports, lookup: ProjectConstantLookup): ProjectConstantAnswer {
  const dot = key.indexOf('.');
  const head = dot === -1 ? key : key.slice(0, dot);
  const member = imports.members.get(head);
  if (dot === -1 && member) return lookup(member.pkg, member.type === '' ? key : `${member.type}.${key}`);
  const type = imports.types.get(head);
  if (type !== undefined && dot !== -1) {
    // A nested type imported by its own name: `import a.Config.Tools` then `Tools.GREET`.
    const [pkg, nested] = type.split('\u0000');
    return lookup(pkg!, `${nested ?? head}${key.slice(dot)}`);
  }
  return lookup('', key);
}

function importedValue(
  key: string,
  imports: ReadonlyMap<string, ImportedName>,
  go: boolean,
  lookup: ProjectConstantLookup,
): ProjectConstantAnswer | undefined {
  const dot = key.indexOf('.');
  const head = dot === -1 ? key : key.slice(0, dot);
  const rest = dot === -1 ? undefined : key.slice(dot + 1);
  if (go) {
    // Unqualified: a constant of the package's other files; `pkg.X`: an exported one of an imported package.
    if (rest === undefined) return lookup('', key);
    const module = imports.get(head)?.module;
    if (module === undefined) return undefined;
    return /^[A-Z]/.test(rest) ? lookup(module, rest) : { why: `${rest} is not exported by "${module}"` };
  }
  // Python's `TOOL_NAMES["search"]`: the imported `TOOL_NAMES`, then that entry of it.
  const bracket = key.indexOf('[');
  if (bracket > 0 && (dot === -1 || bracket < dot)) {
    const from = imports.get(key.slice(0, bracket));
    if (!from || from.name === '*' || from.name === 'default') return undefined;
    return lookup(from.module, `${from.name}${key.slice(bracket)}`);
  }
  const from = imports.get(head);
  if (!from) return undefined;
  if (from.name === 'default') return { why: `a default import of "${from.module}"` };
  // `import * as names from './names'`: `names.SEARCH` is the module's `SEARCH`.
  if (from.name === '*') return rest === undefined ? undefined : lookup(from.module, rest);
  return lookup(from.module, rest === undefined ? from.name : `${from.name}.${rest}`);
}

/**
 * Whether the reference's first name is bound by a function around it, as a parameter (a
 * wrapper's `mcp.NewTool(name, ...)`) or a local (`name := prefix + "_logs"`): that binding, not a
 * constant of the same name elsewhere, is what it names. Read from the function's text: a binding
 * missed leaves at worst a reason unsaid or a name resolved as the other file's constant.
 */
function boundLocally(key: string, at: SyntaxNode, family: string): string | undefined {
  // Escaped whole: an identifier may hold `$` or a Unicode escape, which a pattern would read.
  const head = key.split('.')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = new RegExp(`(?<![\\w$.])${head}(?![\\w$])`);
  const local = LOCAL[family]?.(head);
  for (let node = at.parent; node; node = node.parent) {
    // Kotlin's grammar names no field: a function's parameters are a child of their own type.
    const parameters =
      field(node, 'parameters') ??
      present(node.namedChildren).find((c) => c.type === 'function_value_parameters' || c.type === 'lambda_parameters');
    if (!parameters) continue;
    if (word.test(parameters.text)) return 'a parameter of the function around it';
    if (local?.test(node.text)) return 'a local of the function around it';
  }
  return undefined;
}

/** A local binding of a name, per family: Go's `x :=` or `var x`, Python's `x =` or `for x in`, JS's `const x`. */
const LOCAL: Readonly<Record<string, (name: string) => RegExp>> = {
  java: (n) => new RegExp(`\\b(?:String|var)\\s+${n}\\s*=`),
  kotlin: (n) => new RegExp(`\\b(?:val|var)\\s+${n}\\b`),
  csharp: (n) => new RegExp(`\\b(?:string|var)\\s+${n}\\s*=`),
  go: (n) => new RegExp(`(?<![\\w.])${n}(?:\\s*,\\s*\\w+)*\\s*:=|\\bvar\\s+${n}\\b`),
  python: (n) => new RegExp(`(?<![\\w.])${n}\\s*(?::[^=\\n]*)?=(?!=)|\\bfor\\s+(?:[\\w\\s,]*,\\s*)?${n}\\b`),
  js: (n) => new RegExp(`\\b(?:const|let|var)\\s+${n}(?![\\w$])`),
};

/** A Python file's `import app.names as names` at its top: `names.SEARCH` is that module's `SEARCH`. */
function pythonModuleAliases(root: SyntaxNode): Map<string, ImportedName> {
  const out = new Map<string, ImportedName>();
  for (const statement of present(root.namedChildren)) {
    if (statement.type !== 'import_statement') continue;
    for (const child of present(statement.namedChildren)) {
      const module = child.type === 'aliased_import' ? field(child, 'name')?.text : undefined;
      const alias = child.type === 'aliased_import' ? field(child, 'alias')?.text : undefined;
      if (module && alias) out.set(alias, { module, name: '*' });
    }
  }
  return out;
}

/** A Go file's imports, by the name its code qualifies them with: `mcp` → `github.com/mark3labs/mcp-go/mcp`. */
function goImports(root: SyntaxNode): Map<string, ImportedName> {
  const out = new Map<string, ImportedName>();
  for (const declaration of present(root.namedChildren)) {
    if (declaration.type !== 'import_declaration') continue;
    const specs = present(declaration.namedChildren).flatMap((c) =>
      c.type === 'import_spec_list' ? present(c.namedChildren) : [c],
    );
    for (const spec of specs) {
      const path = spec.type === 'import_spec' ? field(spec, 'path')?.text.slice(1, -1) : undefined;
      if (!path) continue;
      const alias = field(spec, 'name')?.text;
      // Without an alias a package is named by its last path element (a major version `/v2` is none).
      const segments = path.split('/');
      const last = /^v\d+$/.test(segments[segments.length - 1]!)
        ? segments[segments.length - 2]
        : segments[segments.length - 1];
      const name = alias ?? last;
      if (name && /^[A-Za-z_]\w*$/.test(name) && name !== '_') out.set(name, { module: path, name: '*' });
    }
  }
  return out;
}

/**
 * What another file of the project offers an importing file: its string constants, by the name
 * they are imported by (`NAMES.SEARCH` for a member of an exported object, class or enum), and
 * the modules it re-exports names of (a barrel `index.ts`'s `export { X } from './x'`, a package
 * `__init__.py`'s `from .x import X`), which the adapter follows.
 */
export interface ExportedConstants {
  readonly constants: ReadonlyMap<string, string>;
  readonly reexports: readonly Reexport[];
}

/** `names`: exported name → the name in `module`; absent: every name (`export * from`). */
export interface Reexport {
  readonly module: string;
  readonly names?: ReadonlyMap<string, string>;
}

const NOTHING: ExportedConstants = { constants: new Map(), reexports: [] };

/**
 * What a file offers (`ExportedConstants`): a TypeScript or JavaScript exported `const`, a Python
 * module-level string, a Go package-level `const`. Only what same-file resolution reads counts
 * (one name bound once to one string literal); anything else is no constant. `fallback`: the
 * grammar to read it with when its own is not loaded (a `.js` constants file beside a TypeScript
 * server: a constant declaration reads the same under either).
 * Never throws: a file the parser cannot read offers nothing.
 */
export function exportedConstants(
  text: string,
  language: CodeLanguage,
  parser: CodeParser,
  fallback?: CodeGrammar,
): ExportedConstants {
  const family = familyOf(language);
  if (!IMPORTING.has(family)) return NOTHING;
  try {
    const own = grammarOf(language);
    const root = parser.parse(text, own) ?? (fallback && fallback !== own ? parser.parse(text, fallback) : undefined);
    if (!root) return NOTHING;
    const dialect = dialectOf(family);
    const constants = new Map<string, string>();
    const exportedNames = family === 'js' ? jsExportClauses(root) : undefined;
    for (const [key, node] of dialect.constants(root)) {
      const value = dialect.string(node);
      if (value === undefined) continue;
      if (TYPED.has(family)) {
        const qualified = typeMemberKey(key, node);
        if (qualified !== undefined) constants.set(qualified, value);
        continue;
      }
      if (family === 'go' && !isPackageLevelGo(node)) continue;
      if (family === 'js') {
        const exported = jsExportedAs(key, node, exportedNames!);
        if (exported !== undefined) constants.set(exported, value);
        continue;
      }
      constants.set(key, value);
    }
    const reexports = family === 'js' ? jsReexports(root) : family === 'python' ? pythonReexports(root, dialect) : [];
    return { constants, reexports };
  } catch {
    // A parser failure offers no constant; the importing file's names stay counted as computed.
    return NOTHING;
  }
}

/** `export { A, B as C } from './x'` and `export * from './x'` at the top of a JS file. */
function jsReexports(root: SyntaxNode): Reexport[] {
  const out: Reexport[] = [];
  for (const statement of present(root.namedChildren)) {
    const source = statement.type === 'export_statement' ? field(statement, 'source') : undefined;
    const module = source ? source.text.slice(1, -1) : undefined;
    if (!module) continue;
    const clause = present(statement.namedChildren).find((c) => c.type === 'export_clause');
    if (!clause) {
      // `export * as names from` binds a namespace, which no key here names; `export *` every name.
      if (!present(statement.namedChildren).some((c) => c.type === 'namespace_export')) out.push({ module });
      continue;
    }
    const names = new Map<string, string>();
    for (const specifier of present(clause.namedChildren)) {
      const name = field(specifier, 'name')?.text;
      const alias = field(specifier, 'alias')?.text ?? name;
      if (name && alias) names.set(alias, name);
    }
    out.push({ module, names });
  }
  return out;
}

/** A Python module's `from .x import X` (a package's `__init__.py` most often): `X` is the module's too. */
function pythonReexports(root: SyntaxNode, dialect: Dialect): Reexport[] {
  const byModule = new Map<string, Map<string, string>>();
  for (const [local, { module, name }] of dialect.imports(root)) {
    const names = byModule.get(module) ?? new Map<string, string>();
    names.set(local, name);
    byModule.set(module, names);
  }
  return [...byModule].map(([module, names]) => ({ module, names }));
}

/** `const X = "x"` at the top of a Go file, alone or in a `const ( ... )` block; a function's own is no other file's. */
function isPackageLevelGo(literal: SyntaxNode): boolean {
  const spec = literal.parent?.parent;
  return (
    spec?.type === 'const_spec' &&
    spec.parent?.type === 'const_declaration' &&
    spec.parent.parent?.type === 'source_file'
  );
}

/** The types a declaration of a type member is nested in, outermost first (a Kotlin companion object is its class's). */
const TYPE_DECLARATION = /^(?:class|interface|enum|object|struct|record)_declaration$/;

/**
 * The name another file reads a JVM or C# constant by: its key qualified by every type around it
 * (`Config.Tools.GREET`), or a Kotlin top-level `val` by its own; undefined for a local (a
 * method's `final String x`), which no other file reads. The key is what same-file resolution
 * bound (one name, one literal): `Names.SEARCH` and `SEARCH` for a member, only the first is kept.
 */
function typeMemberKey(key: string, literal: SyntaxNode): string | undefined {
  const name = key.slice(key.lastIndexOf('.') + 1);
  const types: string[] = [];
  let inBody = false;
  for (let node = literal.parent; node; node = node.parent) {
    if (/^(?:method|constructor|function|local_function|lambda|accessor)_/.test(node.type)) return undefined;
    if (node.type === 'class_body' || node.type === 'interface_body' || node.type === 'declaration_list') inBody = true;
    if (TYPE_DECLARATION.test(node.type)) {
      const own =
        field(node, 'name')?.text ?? present(node.namedChildren).find((c) => c.type === 'type_identifier')?.text;
      if (own === undefined) return undefined;
      types.unshift(own);
    }
  }
  // A key without a dot of a member (bound both as `SEARCH` and `Names.SEARCH`) is read once, qualified.
  if (types.length === 0) return inBody || key.includes('.') ? undefined : name;
  return key.includes('.') ? `${types.join('.')}.${name}` : undefined;
}

/** `export { A, B as C }` with no `from`: local name → the names it is exported as. */
function jsExportClauses(root: SyntaxNode): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const statement of present(root.namedChildren)) {
    if (statement.type !== 'export_statement' || field(statement, 'source')) continue;
    for (const clause of present(statement.namedChildren))
      if (clause.type === 'export_clause')
        for (const specifier of present(clause.namedChildren)) {
          const name = field(specifier, 'name')?.text;
          const alias = field(specifier, 'alias')?.text ?? name;
          if (name && alias) out.set(name, [...(out.get(name) ?? []), alias]);
        }
  }
  return out;
}

/**
 * The name a JS constant is exported as: its own when its top-level declaration is exported
 * (`export const`, `export enum`), or as an export clause names it; undefined when it is not
 * exported (a function's local `const` is never).
 */
function jsExportedAs(
  key: string,
  literal: SyntaxNode,
  clauses: ReadonlyMap<string, readonly string[]>,
): string | undefined {
  let declaration: SyntaxNode | null = literal.parent;
  while (declaration && declaration.type !== 'lexical_declaration' && declaration.type !== 'enum_declaration')
    declaration = declaration.parent;
  const holder = declaration?.parent;
  if (holder?.type === 'export_statement' && holder.parent?.type === 'program') return key;
  if (holder?.type !== 'program') return undefined;
  const dot = key.indexOf('.');
  const head = dot === -1 ? key : key.slice(0, dot);
  // One alias only: a name exported twice under two names is rare, and the first serves.
  const alias = clauses.get(head)?.[0];
  return alias === undefined ? undefined : `${alias}${dot === -1 ? '' : key.slice(dot)}`;
}
