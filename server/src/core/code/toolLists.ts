import type { OffsetRange } from '../json/ranges';
import type { Dialect } from './dialect';
import type { SyntaxNode } from './syntax';
import type { RecordKey } from './toolRecords';

/** Where a family binds a name to a value, as the tree writes it: the node type and its two fields. */
const BINDINGS: Readonly<Record<string, { readonly type: string; readonly name: string; readonly value: string }>> = {
  js: { type: 'variable_declarator', name: 'name', value: 'value' },
  python: { type: 'assignment', name: 'left', value: 'right' },
};

/**
 * Where a family rebinds a name (`x = [...]` after `let x = [...]`), which `boundArray` counts: a
 * type the file's one root walk collects (`finderRootTypes`), so no query walks the tree again.
 */
export const REBINDINGS: Readonly<Record<string, string>> = { js: 'assignment_expression' };

/**
 * The tools a list handed to a model names (`model.bindTools([{ name: "route", schema }, titleTool])`):
 * each object element with a `key` (`name`), written in place or bound once to a name of the file,
 * or an OpenAI tool object (`{ type: "function", function: { name } }`, which `bindTools` sends as it
 * is: LangChain's `convertToOpenAITool`). The list is the one the call takes, in place or bound to a
 * name (`ToolListIndex.add` resolves it).
 * Anything else in the list (a tool made by a helper, a function, a class) is read where it is
 * made, if anywhere; an object whose name is computed is counted.
 */
export function listedTools(
  list: SyntaxNode,
  key: string,
  root: SyntaxNode,
  dialect: Dialect,
  nameOf: (node: SyntaxNode) => RecordKey['name'] | undefined,
): { readonly tools: RecordKey[]; readonly computed: OffsetRange[] } {
  const tools: RecordKey[] = [];
  const computed: OffsetRange[] = [];
  let objects: Map<string, SyntaxNode | null> | undefined;
  const boundObject = (name: string): SyntaxNode | undefined => {
    objects ??= objectBindings(root, dialect);
    return objects.get(name) ?? undefined;
  };
  const objectOf = (element: SyntaxNode): SyntaxNode | undefined => {
    const value = dialect.unwrap(element);
    return dialect.entries(value) ? value : dialect.isIdentifier(value) ? boundObject(value.text) : undefined;
  };
  const elements = (dialect.elements(list) ?? []).flatMap((element) => {
    const declarations = geminiDeclarations(objectOf(element), dialect);
    return declarations ? declarations : [element];
  });
  for (const element of elements) {
    const object = objectOf(element);
    const entries = object ? (dialect.entries(object) ?? []) : [];
    const fn = entries.find((e) => e.name === 'function')?.value;
    const inner = fn && !entries.some((e) => e.name === key) ? dialect.entries(dialect.unwrap(fn)) : undefined;
    const named = (inner ?? entries).find((e) => e.name === key)?.value;
    if (!object || !named) continue;
    const name = nameOf(named);
    if (name) tools.push({ name, extent: { start: object.startIndex, end: object.endIndex } });
    else computed.push({ start: named.startIndex, end: named.endIndex });
  }
  return { tools, computed };
}

/** The keys a Gemini tool holds its function declarations under (`@google/genai` camelCase, REST snake_case too). */
const GEMINI_DECLARATIONS: ReadonlySet<string> = new Set(['functionDeclarations', 'function_declarations']);

/**
 * The elements of a Gemini tool's declaration list (`{ functionDeclarations: [{ name, parameters }] }`),
 * when the object is one: LangChain's Google models take such a tool in `bindTools([...])` and
 * offer each declaration as a function of that request (`@langchain/google-common`
 * `utils/common.ts` `convertToGeminiTools`), so each is a tool of the list, as if written in it.
 */
function geminiDeclarations(object: SyntaxNode | undefined, dialect: Dialect): readonly SyntaxNode[] | undefined {
  const entries = object ? dialect.entries(object) : undefined;
  const held = entries?.find((e) => GEMINI_DECLARATIONS.has(e.name))?.value;
  return held ? dialect.elements(dialect.unwrap(held)) : undefined;
}

/** The array literal a name is bound to once in the file (`const functionSchema = [...]`), if any. */
export function boundArray(root: SyntaxNode, dialect: Dialect, name: string): SyntaxNode | undefined {
  const binding = BINDINGS[dialect.family];
  if (!binding) return undefined;
  let found: SyntaxNode | undefined;
  let count = 0;
  for (const node of root.descendantsOfType(binding.type)) {
    const bound = node?.childForFieldName(binding.name);
    const value = node?.childForFieldName(binding.value);
    if (!bound || !value || bound.text !== name) continue;
    count++;
    const array = dialect.unwrap(value);
    if (dialect.elements(array)) found = array;
  }
  // `let x = [...]; x = [...]`: rebound, so neither list is the one handed on.
  const rebinding = REBINDINGS[dialect.family];
  if (rebinding)
    for (const node of root.descendantsOfType(rebinding)) if (node?.childForFieldName('left')?.text === name) count++;
  return count === 1 ? found : undefined;
}

/** Names bound to an object literal (a dict in Python) in the file; a name bound twice stands for neither. */
export function objectBindings(root: SyntaxNode, dialect: Dialect): Map<string, SyntaxNode | null> {
  const out = new Map<string, SyntaxNode | null>();
  const binding = BINDINGS[dialect.family];
  if (!binding) return out;
  for (const node of root.descendantsOfType(binding.type)) {
    const name = node?.childForFieldName(binding.name);
    const value = node?.childForFieldName(binding.value);
    if (!name || !value || !dialect.isIdentifier(name)) continue;
    const object = dialect.unwrap(value);
    out.set(name.text, out.has(name.text) || !dialect.entries(object) ? null : object);
  }
  return out;
}
