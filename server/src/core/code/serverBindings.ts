/**
 * Server objects in a file: each constructor call and the name it is bound to in its scope, and
 * which binding a receiver names at a use (`mcp.tool`, `self.mcp`, `s.AddTool(...)`), so that tools
 * are censused per server object.
 */
import type { Dialect } from './dialects';
import type { SourceName } from './foundTools';
import { SPAN_LIMIT } from './nodeText';
import type { Scopes } from './scopes';
import type { SyntaxNode } from './syntax';

/** TypeScript parameters and properties typed as a server (`server: McpServer`): server objects made elsewhere. */
export function typedServers(root: SyntaxNode, types: readonly string[]): string[] {
  if (types.length === 0) return [];
  const out: string[] = [];
  for (const annotation of root.descendantsOfType('type_annotation')) {
    const type = annotation?.namedChildren[0]?.text;
    if (!annotation || type === undefined || !types.includes(type)) continue;
    const owner = annotation.parent;
    const name = owner?.childForFieldName('pattern') ?? owner?.childForFieldName('name');
    const last = name ? lastIdentifier(name.text) : undefined;
    if (last) out.push(last);
  }
  return out;
}

export function lastIdentifier(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9_$.]+$/.test(compact)) return undefined;
  return /([A-Za-z_$][A-Za-z0-9_$]*)$/.exec(compact)?.[1];
}

/** One server constructor call and the name it is bound to, in the scope that binding lives in. */
export interface ServerBinding {
  readonly name: string;
  /** Bound to a member (`self.mcp = FastMCP()`, `this.server = ...`, a class field): reached through its object. */
  readonly member: boolean;
  /** The start of the scope node the binding belongs to; -1 for the module. */
  readonly scope: number;
  /** The constructor call's start: it identifies the server object. */
  readonly at: number;
  /**
   * The end of the constructor call, with its trailing lambda when it has one; the later links of
   * its builder chain hold it (`Server::builder()->addTool(...)`).
   */
  readonly end: number;
  readonly server?: SourceName;
  /** The names its constructor lists tools by (`tools: [ExampleTool, Tools::Echo]` → `ExampleTool`, `Echo`). */
  readonly listed: readonly string[];
}

/**
 * Where a constructor call ends, its trailing lambda included: Kotlin's grammar wraps
 * `Server(...) { ... }` in a second call whose callee is the first.
 */
export function constructorEnd(call: SyntaxNode, dialect: Dialect): number {
  let node = call;
  for (let up = node.parent; up && dialect.callTypes.includes(up.type); up = up.parent) {
    const callee = up.namedChildren[0];
    if (callee?.startIndex !== node.startIndex || callee.endIndex !== node.endIndex) break;
    node = up;
  }
  return node.endIndex;
}

/** The innermost server constructor whose call (trailing lambda included) holds the node. */
export function enclosingBinding(bindings: readonly ServerBinding[], node: SyntaxNode): ServerBinding | undefined {
  let best: ServerBinding | undefined;
  for (const b of bindings) if (b.at < node.startIndex && node.endIndex <= b.end && (!best || b.at > best.at)) best = b;
  return best;
}

/**
 * Python `def`/lambda, JS functions, arrows and methods, Go funcs and func literals, and the other
 * languages' functions, lambdas and blocks (Ruby's `do ... end`).
 */
export const FUNCTION_SCOPES: ReadonlySet<string> = new Set([
  'function_definition',
  'lambda',
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'function',
  'generator_function',
  'arrow_function',
  'method_definition',
  'method_declaration',
  'constructor_declaration',
  'function_item',
  'func_literal',
  'lambda_literal',
  'anonymous_function',
  'init_declaration',
  'method',
  'singleton_method',
  'do_block',
]);
/** Where a member binding (`self.x`, `this.x`, a field) lives: its class, or the functions around it when it has none. */
export const CLASS_SCOPES: ReadonlySet<string> = new Set([
  'class_definition',
  'class_declaration',
  'class',
  'class_body',
  'impl_item',
  'object_declaration',
]);
/**
 * Where a member set elsewhere (`self.mcp`, `@server`) is one server: its class, or a Ruby block
 * inside it. A test framework's block (`test "x" do`, `it "x" do`) runs on an instance of its own,
 * whose `setup` made it a new server.
 */
export const MEMBER_SCOPES: ReadonlySet<string> = new Set([...CLASS_SCOPES, 'do_block']);
export const ALL_SCOPES: ReadonlySet<string> = new Set([...FUNCTION_SCOPES, ...CLASS_SCOPES]);

/** The value is assigned to a member or declared as a class field, not to a plain variable. */
export function bindsMember(value: SyntaxNode): boolean {
  let holder: SyntaxNode | null = value.parent;
  if (holder?.type === 'unary_expression' || holder?.type === 'expression_list') holder = holder.parent;
  if (!holder) return false;
  if (holder.type === 'public_field_definition' || holder.type === 'field_definition') return true;
  const left = holder.childForFieldName('left') ?? holder.childForFieldName('name');
  // `@server = ...` in Ruby is a member of `self`, as `self.server = ...` is in Python.
  // `$this->server = ...` in PHP likewise.
  return (left?.text.includes('.') || left?.text.includes('->') || left?.type === 'instance_variable') ?? false;
}

/**
 * The server object a receiver names at a use: the binding of that name in the innermost scope
 * around the use that binds it (the latest one before the use, when a scope rebinds it), unless
 * a function parameter of that name shadows it first. undefined: bound elsewhere (a parameter, an import).
 */
export function resolveBinding(
  bindings: readonly ServerBinding[],
  receiver: string,
  at: SyntaxNode,
  around: Scopes,
): ServerBinding | undefined {
  const name = lastIdentifier(receiver);
  if (name === undefined) return undefined;
  const member = receiver.includes('.');
  const candidates = bindings.filter((b) => b.name === name && b.member === member);
  if (candidates.length === 0) return undefined;
  const scopes = around.around(at);
  const chain = [...scopes.map((s) => s.start), -1];
  for (let i = 0; i < chain.length; i += 1) {
    const here = candidates.filter((b) => b.scope === chain[i]);
    if (here.length > 0) return [...here].reverse().find((b) => b.at <= at.startIndex) ?? here[0];
    const scope = scopes[i];
    if (!member && scope && FUNCTION_SCOPES.has(scope.type) && hasParameter(scope.node, name)) return undefined;
  }
  return undefined;
}

/** A function whose parameters bind `name` (`def test_x(mcp)`, `(server) => ...`). */
function hasParameter(fn: SyntaxNode, name: string): boolean {
  const parameters = fn.childForFieldName('parameters') ?? fn.childForFieldName('parameter');
  if (!parameters) return false;
  if (parameters.type === 'identifier') return parameters.text === name;
  return parameters.namedChildren.some((p) => {
    if (!p) return false;
    const own =
      p.type === 'identifier'
        ? p
        : (p.childForFieldName('name') ?? p.childForFieldName('pattern') ?? p.namedChildren[0]);
    return own?.text === name;
  });
}

/** A receiver's text when it is a plain name or a member chain (`mcp`, `self.mcp`, `this.server`). */
export function receiverText(object: SyntaxNode): string | undefined {
  // Bounded like a callee (`SPAN_LIMIT`): a receiver holding a whole chain is no server's name.
  if (object.endIndex - object.startIndex > SPAN_LIMIT) return undefined;
  const compact = object.text.replace(/\s+/g, '');
  return /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/.test(compact) ? compact : undefined;
}

const TRANSPARENT: ReadonlySet<string> = new Set([
  'unary_expression',
  'parenthesized_expression',
  'await_expression',
  // C# wraps each argument (and each element of `[a, b]`) in a node of its own.
  'argument',
]);

/** The node a value sits in, past `&`, parentheses, `await` and C#'s argument wrapper. */
function holderOf(node: SyntaxNode): SyntaxNode | null {
  let holder = node.parent;
  while (holder && TRANSPARENT.has(holder.type)) holder = holder.parent;
  return holder;
}

/**
 * When a declaration is an argument of a call on an object (`s.AddTool(mcp.NewTool(...))`,
 * `mcp.add_tool(Tool(...))`), that object; for a package function, its first argument
 * (`mcp.AddTool(server, &mcp.Tool{...}, h)`).
 */
export function receiverOfArgument(node: SyntaxNode, dialect: Dialect): string[] {
  const call = argumentHolder(node);
  const callee = call ? dialect.callee(call) : undefined;
  const member = callee ? dialect.member(callee) : undefined;
  if (!call || !member) return [];
  const first = dialect.args(call)[0];
  return [
    receiverText(member.object),
    first && first.startIndex !== node.startIndex ? receiverText(first) : undefined,
  ].filter((r): r is string => r !== undefined);
}

/** The receiver of a method named for tools (`AddTool`, `add_tool`, `registerTool`) that `call` is, if it is one. */
export function toolMethodReceiver(call: SyntaxNode | undefined, dialect: Dialect): string | undefined {
  const callee = call ? dialect.callee(call) : undefined;
  const member = callee ? dialect.member(callee) : undefined;
  return member && /tool/i.test(member.name) ? receiverText(member.object) : undefined;
}

/** The most links a chain's first object is looked for through: each call of a longer chain would walk it all again. */
const CHAIN_LIMIT = 64;

/** The object a chain of calls starts on (`$builder` in `$builder->addTool(...)->addTool(...)`), if it is one. */
export function chainRoot(object: SyntaxNode, dialect: Dialect): SyntaxNode | undefined {
  let node = object;
  for (let links = 0; dialect.callTypes.includes(node.type); links += 1) {
    const callee = links < CHAIN_LIMIT ? dialect.callee(node) : undefined;
    const member = callee ? dialect.member(callee) : undefined;
    if (!member) return undefined;
    node = member.object;
  }
  return node;
}

/** The call whose arguments a value is one of (through Python's `name=` and PHP's `argument` wrappers). */
export function argumentHolder(node: SyntaxNode): SyntaxNode | undefined {
  let list = holderOf(node);
  if (list?.type === 'keyword_argument' || list?.type === 'argument') list = list.parent;
  return list?.type === 'argument_list' || list?.type === 'arguments' ? (list.parent ?? undefined) : undefined;
}

/** The list or array literal a declaration is an element of (`tools=[Tool(...), Tool(...)]`). */
export function listHolding(node: SyntaxNode, dialect: Dialect): SyntaxNode | undefined {
  const holder = holderOf(node);
  return holder && dialect.elements(holder) !== undefined ? holder : undefined;
}
