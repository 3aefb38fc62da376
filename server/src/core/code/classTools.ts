import type { SyntaxNode } from './syntax';

/**
 * Tools written as classes: a class that extends one of a library's base classes and sets its name
 * in a field (LangChain's `class Calculator extends StructuredTool { name = "calculator"; ... }`,
 * whose instance `bindTools`/`createAgent` send under that `name`), or in Python a class attribute
 * (`class Search(BaseTool): name: str = "search"`, a Pydantic field's default).
 */
export interface ToolClass {
  /** The base classes, by their last name (`StructuredTool` also matches `lc.StructuredTool`). */
  readonly bases: readonly string[];
  /** The instance field that names the tool. */
  readonly field: string;
  /**
   * Python: the base counts only when the file imports it from one of these modules (or a
   * submodule): many projects define a `BaseTool` of their own.
   */
  readonly importedFrom?: readonly string[];
}

/** Where the file imports a name from (`BaseTool` → `langchain_core.tools`), if it does. */
export type ImportOf = (name: string) => { readonly module: string; readonly name: string } | undefined;

/** One class found: the class (the tool's extent), the value of its naming field and the class's own name. */
export interface ClassTool {
  readonly node: SyntaxNode;
  readonly value: SyntaxNode;
  /** The class's name, by which a tool list holds its instances (`bind_tools([Search()])`). */
  readonly own?: string;
}

const FIELDS: ReadonlySet<string> = new Set(['public_field_definition', 'field_definition']);

/** The classes of a file that extend one of `classes`' bases and set its naming field (no static field). */
export function classTools(
  root: SyntaxNode,
  text: string,
  classes: readonly ToolClass[],
  importOf: ImportOf,
): ClassTool[] {
  if (classes.length === 0 || !/\b(extends|class)\b/.test(text)) return [];
  const out: ClassTool[] = [];
  for (const node of root.descendantsOfType(['class_declaration', 'class', 'class_definition'])) {
    if (!node) continue;
    if (node.type === 'class_definition') {
      const found = pythonClassTool(node, classes, importOf);
      if (found) out.push(found);
      continue;
    }
    const base = baseName(node);
    const wanted = base === undefined ? undefined : classes.find((c) => c.bases.includes(base));
    const body = node.childForFieldName('body');
    if (!wanted || !body) continue;
    for (const member of body.namedChildren) {
      if (!member || !FIELDS.has(member.type) || member.children.some((c) => c?.type === 'static')) continue;
      const key = member.childForFieldName('name') ?? member.childForFieldName('property');
      const value = member.childForFieldName('value');
      if (key?.text === wanted.field && value) out.push({ node, value });
    }
  }
  return out;
}

/** The last name of the class a class extends (`StructuredTool` of `extends lc.StructuredTool<T>`). */
function baseName(node: SyntaxNode): string | undefined {
  const heritage = node.namedChildren.find((c) => c?.type === 'class_heritage');
  // TypeScript writes `extends` and `implements` as clauses of their own: a class that only
  // implements an interface named Tool extends nothing. JavaScript has the bare heritage.
  const clauses = heritage?.namedChildren ?? [];
  const clause =
    clauses.find((c) => c?.type === 'extends_clause') ??
    (clauses.some((c) => c?.type === 'implements_clause') ? undefined : heritage);
  const value = clause?.childForFieldName('value') ?? clause?.namedChildren[0];
  const written = value?.text.replace(/<[\s\S]*$/, '').trim();
  return written?.split('.').pop();
}

/**
 * A Python class whose bases include one of `classes`' (by last name: `BaseTool`, `tools.BaseTool`)
 * and whose body assigns the naming attribute (`name: str = "search"`, `name = "search"`); the last
 * such assignment of its body wins, as Python's does.
 */
function pythonClassTool(node: SyntaxNode, classes: readonly ToolClass[], importOf: ImportOf): ClassTool | undefined {
  const bases = (node.childForFieldName('superclasses')?.namedChildren ?? [])
    .filter((b) => b?.type === 'identifier' || b?.type === 'attribute')
    .map((b) => b!.text.replace(/\s+/g, ''));
  const wanted = classes.find((c) => bases.some((b) => isBase(b, c, importOf)));
  const body = node.childForFieldName('body');
  if (!wanted || !body) return undefined;
  let value: SyntaxNode | undefined;
  for (const statement of body.namedChildren) {
    const assignment = statement?.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
    if (assignment?.type !== 'assignment') continue;
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (left?.type === 'identifier' && left.text === wanted.field && right) value = right;
  }
  const own = node.childForFieldName('name')?.text;
  return value ? { node, value, ...(own === undefined ? {} : { own }) } : undefined;
}

/**
 * Whether a written base (`BaseTool`, `tools.BaseTool`, `langchain_core.tools.BaseTool`) is one of
 * the class's bases, imported from one of its modules when it says which: a bare name imported as
 * itself (or under an alias), a dotted one whose first part is such a module or imported from one.
 */
function isBase(written: string, wanted: ToolClass, importOf: ImportOf): boolean {
  const parts = written.split('.');
  const last = parts[parts.length - 1]!;
  const from = wanted.importedFrom;
  if (!from) return wanted.bases.includes(last);
  const within = (module: string) => from.some((m) => module === m || module.startsWith(`${m}.`));
  if (parts.length === 1) {
    const imported = importOf(last);
    return imported !== undefined && wanted.bases.includes(imported.name) && within(imported.module);
  }
  if (!wanted.bases.includes(last)) return false;
  const head = importOf(parts[0]!);
  return within(head ? `${head.module}.${head.name}` : parts[0]!);
}
