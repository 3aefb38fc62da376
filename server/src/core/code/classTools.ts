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
  /**
   * Python: a class extending any class imported from `importedFrom` counts too when it defines one
   * of these methods (`_run`, `_arun`: BaseTool's abstract ones), as a toolkit's own base tool
   * (`class GmailSendMessage(GmailBaseTool)`, `GmailBaseTool` imported from `langchain_community`) is.
   */
  readonly implementing?: readonly string[];
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

/** The classes of a file that extend one of `classes`' bases and set its naming field (no static field); Python's: `pythonClassTools.ts`. */
export function classTools(root: SyntaxNode, text: string, classes: readonly ToolClass[]): ClassTool[] {
  if (classes.length === 0 || !text.includes('extends')) return [];
  const out: ClassTool[] = [];
  for (const node of root.descendantsOfType(['class_declaration', 'class'])) {
    if (!node) continue;
    const base = baseName(node);
    const wanted = base === undefined ? undefined : classes.find((c) => c.bases.includes(base));
    const body = node.childForFieldName('body');
    if (!wanted || !body) continue;
    for (const member of body.namedChildren) {
      if (!member || !FIELDS.has(member.type) || member.children.some((c) => c?.type === 'static')) continue;
      const key = member.childForFieldName('name') ?? member.childForFieldName('property');
      const value = member.childForFieldName('value');
      const own = node.childForFieldName('name')?.text;
      if (key?.text === wanted.field && value) out.push({ node, value, ...(own === undefined ? {} : { own }) });
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
