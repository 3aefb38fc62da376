import type { ClassTool, ImportOf, ToolClass } from './classTools';
import type { SyntaxNode } from './syntax';

/** One class of the file as the rules below read it. */
interface PythonClass {
  readonly node: SyntaxNode;
  readonly name: string | undefined;
  /** Its bases as written, whitespace removed (`BaseTool`, `tools.BaseTool`). */
  readonly bases: readonly string[];
  /** The names of the methods its body defines. */
  readonly methods: ReadonlySet<string>;
}

/** The most rounds a chain of same-file bases is followed through (`A(BaseTool)`, `B(A)`, `C(B)`). */
const CHAIN_ROUNDS = 8;

/**
 * Python tool classes (LangChain's `class Search(BaseTool): name: str = "search"`): a class is one
 * when a base is one of `classes`' (imported from its modules), a class of the same file that is
 * one (`class Base(BaseTool)`, then `class Search(Base)`), or any class imported from those modules
 * when it defines one of `implementing` (a toolkit's own base tool from another module). Its name is
 * the last assignment of the naming attribute in its body (`name: str = "x"`, `name = "x"`), as
 * Python's; a class that assigns none names no tool (a base, or one its instances are named by).
 */
export function pythonClassTools(root: SyntaxNode, classes: readonly ToolClass[], importOf: ImportOf): ClassTool[] {
  const all: PythonClass[] = [];
  for (const node of root.descendantsOfType('class_definition')) if (node) all.push(read(node));
  if (all.length === 0) return [];
  const out: ClassTool[] = [];
  for (const wanted of classes) {
    const tools = new Set<PythonClass>();
    const names = new Set<string>();
    for (let round = 0, grew = true; grew && round < CHAIN_ROUNDS; round += 1) {
      grew = false;
      for (const c of all) {
        if (tools.has(c) || !c.bases.some((b) => names.has(b) || isBase(b, c, wanted, importOf))) continue;
        tools.add(c);
        if (c.name !== undefined) names.add(c.name);
        grew = true;
      }
    }
    for (const c of all) {
      const value = tools.has(c) ? namingValue(c.node, wanted.field) : undefined;
      if (value) out.push({ node: c.node, value, ...(c.name === undefined ? {} : { own: c.name }) });
    }
  }
  return out;
}

function read(node: SyntaxNode): PythonClass {
  const bases = (node.childForFieldName('superclasses')?.namedChildren ?? [])
    .filter((b) => b?.type === 'identifier' || b?.type === 'attribute')
    .map((b) => b!.text.replace(/\s+/g, ''));
  const methods = new Set<string>();
  for (const statement of node.childForFieldName('body')?.namedChildren ?? []) {
    const fn = statement?.type === 'decorated_definition' ? statement.childForFieldName('definition') : statement;
    const name = fn?.type === 'function_definition' ? fn.childForFieldName('name')?.text : undefined;
    if (name !== undefined) methods.add(name);
  }
  return { node, name: node.childForFieldName('name')?.text, bases, methods };
}

/** The value the class body last assigns to `field` (`name: str = "search"`), if any. */
function namingValue(node: SyntaxNode, field: string): SyntaxNode | undefined {
  let value: SyntaxNode | undefined;
  for (const statement of node.childForFieldName('body')?.namedChildren ?? []) {
    const assignment = statement?.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
    if (assignment?.type !== 'assignment') continue;
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (left?.type === 'identifier' && left.text === field && right) value = right;
  }
  return value;
}

/**
 * Whether a written base (`BaseTool`, `tools.BaseTool`, `langchain_core.tools.BaseTool`) makes the
 * class a tool class: one of the bases, imported from one of its modules when it says which (a
 * bare name imported as itself or under an alias; a dotted one whose first part is such a module or
 * imported from one), or any class from those modules when the class defines an `implementing` method.
 */
function isBase(written: string, owner: PythonClass, wanted: ToolClass, importOf: ImportOf): boolean {
  const parts = written.split('.');
  const last = parts[parts.length - 1]!;
  const from = wanted.importedFrom;
  if (!from) return wanted.bases.includes(last);
  const within = (module: string) => from.some((m) => module === m || module.startsWith(`${m}.`));
  const implementing = (wanted.implementing ?? []).some((m) => owner.methods.has(m));
  if (parts.length === 1) {
    const imported = importOf(last);
    return imported !== undefined && (wanted.bases.includes(imported.name) || implementing) && within(imported.module);
  }
  if (!wanted.bases.includes(last) && !implementing) return false;
  const head = importOf(parts[0]!);
  return within(head ? `${head.module}.${head.name}` : parts[0]!);
}
