/**
 * Tools declared by a decorator, annotation or attribute (`@mcp.tool()`, `#[tool]`, `@Tool`), applied
 * to a function or by hand (`mcp.tool(name="x")(fn)`), and where a fix writes the name they lack.
 */
import type { OffsetRange } from '../json/ranges';
import { deriveName } from './derivedNames';
import type { DecoratedFunction, Dialect, ImportedName } from './dialects';
import type { FoundTool, NameInsertion, SourceName } from './foundTools';
import type { NameArgument, ToolDecorator } from './libraries';
import { compactText, rangeOf } from './nodeText';
import { receiverText } from './serverBindings';
import type { SyntaxNode } from './syntax';

export type NameIn = (
  call: SyntaxNode,
  where: readonly NameArgument[],
) => { readonly present: boolean; readonly name?: SourceName; readonly computed?: OffsetRange };

/** A declaration found: its tool on a receiver, or only where its computed name is. */
type Found =
  | { receiver: string | undefined; tool: FoundTool; readonly call?: SyntaxNode }
  | { readonly computed: OffsetRange };

/** A function under a tool decorator (annotation, attribute): the name argument, or the function's own name. */
export function decoratedTool(
  definition: DecoratedFunction,
  decorators: readonly ToolDecorator[],
  dialect: Dialect,
  nameIn: NameIn,
  text: string,
  bound: Bound,
): Found | undefined {
  const fnName = definition.name;
  for (const { target, call } of definition.decorators) {
    const member = dialect.member(target);
    const pattern = decoratorFor(target, member, decorators, bound, text);
    if (!pattern) continue;
    const own = pattern.derive
      ? deriveName(pattern.derive, { name: fnName.text, returns: definition.returns?.text })
      : fnName.text;
    const receiver = member ? receiverText(member.object) : undefined;
    const extent = { start: definition.start, end: definition.end };
    if (call) {
      const given = nameIn(call, pattern.name);
      // `name = ""` where empty means the function's name: that name, on the literal a fix rewrites.
      if (given.name?.value === '' && pattern.emptyIsDefault)
        return { receiver, tool: { name: { value: own, range: given.name.range }, extent }, call };
      if (given.present)
        return given.name
          ? { receiver, tool: { name: given.name, extent }, call }
          : given.computed && { computed: given.computed };
    }
    // The whole function: a call it is handed to counts the same declaration at the same start.
    if (definition.anonymous) return { computed: { start: definition.start, end: definition.end } };
    const name = { value: own, range: { start: fnName.startIndex, end: fnName.endIndex } };
    const insertion =
      'statement' in pattern.insert
        ? statementInsertion(pattern.insert.statement, target, definition.start, text)
        : insertionFor(pattern, target, call, text, dialect.keywordJoin);
    return { receiver, tool: { name, extent, insertion }, ...(call ? { call } : {}) };
  }
  return undefined;
}

/**
 * Whether the file binds `name`: defines or imports it, or with `fromModules` (a project's wrapper
 * defined in another file) imports it from a module of one of those last names (`./define.js`, `helpers`).
 */
export function binds(bound: Bound, name: string, fromModules: readonly string[] | undefined): boolean {
  if (fromModules === undefined) return bound().imports.has(name) || bound().definitions.has(name);
  const imported = bound().imports.get(name);
  return imported !== undefined && imported.name === name && fromModules.includes(moduleLastName(imported.module));
}

/** `./tools/define.js` → `define`, `pkg.helpers` → `helpers`. */
function moduleLastName(module: string): string {
  const parts = module
    .replace(/['"]/g, '')
    .replace(/\.(?:[cm]?[jt]sx?|py)$/, '')
    .split(/[/.]/)
    .filter((p) => p !== '');
  return parts[parts.length - 1] ?? '';
}

export type Bound = () => {
  readonly imports: ReadonlyMap<string, ImportedName>;
  readonly definitions: ReadonlySet<string>;
};

/** The decorator pattern `target` (the decorator's callee, or the bare decorator) matches, if any. */
function decoratorFor(
  target: SyntaxNode,
  member: { readonly name: string } | undefined,
  decorators: readonly ToolDecorator[],
  bound: Bound,
  text: string,
): ToolDecorator | undefined {
  const written = compactText(target, text);
  return decorators.find((d) => {
    if (d.method !== undefined) return member?.name === d.method;
    if (d.callee === undefined || written === undefined) return false;
    if (!d.importedFrom) return written === d.callee;
    // Imported from the library, as itself or under an alias (`use ...\McpTool as Tool;`, `import tool as t`).
    const imports = bound().imports;
    const imported = imports.get(written);
    const module = imported?.name === d.callee ? imported.module : undefined;
    if (module !== undefined) return d.importedFrom.some((m) => module === m || module.startsWith(`${m}.`));
    return imported === undefined && d.importedFrom.some((m) => imports.has(`*${m}`));
  });
}

/**
 * `decorator(args)(fn)`: the decorator's name argument, else the function's own name when `fn`
 * is a plain identifier bound by a `def` in this file or imported unaliased; a fix adds the name to the inner call.
 */
export function curriedTool(
  call: SyntaxNode,
  inner: SyntaxNode,
  decorators: readonly ToolDecorator[],
  dialect: Dialect,
  nameIn: NameIn,
  text: string,
  bound: Bound,
): Found | undefined {
  const target = dialect.callee(inner);
  if (!target) return undefined;
  const member = dialect.member(target);
  const pattern = decoratorFor(target, member, decorators, bound, text);
  if (!pattern) return undefined;
  const receiver = member ? receiverText(member.object) : undefined;
  const extent = rangeOf(call);
  const given = nameIn(inner, pattern.name);
  if (given.present)
    return given.name
      ? { receiver, tool: { name: given.name, extent }, call: inner }
      : given.computed && { computed: given.computed };
  // A decorator is given a function, never a Tool object: a name imported as itself is that
  // function's own name too (`from .handlers import search`; an alias would not be), and so is
  // a function of an imported module (`from . import session` then `mcp.tool()(session.start)`).
  const fn = dialect.args(call)[0];
  const own =
    fn?.type === 'identifier' && (bound().definitions.has(fn.text) || bound().imports.get(fn.text)?.name === fn.text);
  const ofModule = fn?.type === 'attribute' ? moduleFunction(fn, bound) : undefined;
  if (!fn || (!own && !ofModule)) return undefined;
  const name = ofModule ?? { value: fn.text, range: rangeOf(fn) };
  return {
    receiver,
    tool: { name, extent, insertion: insertionFor(pattern, target, inner, text, dialect.keywordJoin) },
    call: inner,
  };
}

/** `module.function` with `module` a name the file imports: the function's own name, at its identifier. */
function moduleFunction(attribute: SyntaxNode, bound: Bound): SourceName | undefined {
  const object = attribute.childForFieldName('object');
  const member = attribute.childForFieldName('attribute');
  if (object?.type !== 'identifier' || member?.type !== 'identifier' || !bound().imports.has(object.text))
    return undefined;
  return { value: member.text, range: rangeOf(member) };
}

/** Where `, name="x"` goes at the end of a call's arguments (after positional ones, so still valid Python and PHP). */
export function appendKeyword(keyword: string, list: SyntaxNode, text: string, join: string): NameInsertion {
  const inside = text.slice(list.startIndex + 1, list.endIndex - 1);
  const trimmed = inside.trimEnd();
  const offset = list.startIndex + 1 + trimmed.length;
  const lead = `${keyword}${join}`;
  const before = trimmed.length === 0 ? lead : trimmed.endsWith(',') ? ` ${lead}` : `, ${lead}`;
  return { offset, before, after: '' };
}

/**
 * Where `name="x"` goes in `@d`, `@d()` or `@d(other=1)` (and `@Tool(...)`, `#[tool(...)]`, with
 * `join` between keyword and value), and what surrounds the quoted name.
 */
function insertionFor(
  pattern: ToolDecorator,
  target: SyntaxNode,
  call: SyntaxNode | undefined,
  text: string,
  join: string,
): NameInsertion {
  const lead = 'keyword' in pattern.insert ? `${pattern.insert.keyword}${join}` : '';
  // PHP names an attribute's argument list `parameters`.
  const list = call?.childForFieldName('arguments') ?? call?.childForFieldName('parameters');
  if (!list) return { offset: target.endIndex, before: `(${lead}`, after: ')' };
  const empty = text.slice(list.startIndex + 1, list.endIndex - 1).trim().length === 0;
  return { offset: list.startIndex + 1, before: lead, after: empty ? '' : ', ' };
}

/**
 * `tool_name "x"` as the first line of a Ruby class body: a new line after the class's header
 * (`class X < MCP::Tool`), indented one level deeper than the class.
 */
function statementInsertion(statement: string, header: SyntaxNode, start: number, text: string): NameInsertion {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, start))![0];
  return { offset: header.endIndex, before: `\n${indent}  ${statement} `, after: '' };
}
