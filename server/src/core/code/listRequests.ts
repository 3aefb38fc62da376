import type { Node } from 'jsonc-parser';
import type { BuildNode } from '../json/tree';
import type { Dialect } from './dialects';
import type { SyntaxNode } from './syntax';
import { outermost } from './toolObjects';

/**
 * Which requests one `tools` list literal stands for. Mostly one: its tools travel together. But
 * a list's tools that name a `namespace` (the JS Agents SDK's serialized function tools, made by
 * `toolNamespace()`) are sent by the SDK's Responses model as one `{ type: 'namespace', name,
 * tools }` per namespace, and a call names the namespace too (openai-agents-js
 * `openaiResponsesModel.ts` `getTools`, which throws only on one name twice in one namespace): each
 * namespace is its own set of names, and so are the list's tools with none. A `tools` list of a
 * `tool_search_output` item is what a tool search answered, an item of the conversation, not a list
 * the code sends: each of its tools is read alone (still checked, colliding with nothing).
 */
export function listRequests(literal: SyntaxNode, tree: Node, dialect: Dialect): Node[] {
  const items = tree.type === 'array' ? (tree.children ?? []) : undefined;
  if (!items) return [tree];
  if (isSearchOutput(literal, dialect))
    return items.map((item) => arrayOf([item], item.offset, item.offset + item.length));
  const spaces = new Map<string, Node[]>();
  for (const item of items) {
    const space = namespaceOf(item) ?? '';
    const members = spaces.get(space);
    if (members) members.push(item);
    else spaces.set(space, [item]);
  }
  if (spaces.size < 2) return [tree];
  return [...spaces.values()].map((members) => arrayOf(members, tree.offset, tree.offset + tree.length));
}

/**
 * The item's `namespace` when it is a serialized function tool's (`type: "function"`, a string
 * `namespace`): the name its tools are grouped and called under. Any other item with a `namespace`
 * key (an MCP tool object of some aggregator) is in no namespace the SDK sends apart.
 */
function namespaceOf(item: Node): string | undefined {
  if (item.type !== 'object') return undefined;
  let namespace: string | undefined;
  let isFunction = false;
  for (const property of item.children ?? []) {
    const [key, value] = property.children ?? [];
    if (value?.type !== 'string' || typeof value.value !== 'string') continue;
    if (key?.value === 'namespace') namespace = value.value.trim();
    else if (key?.value === 'type') isFunction = value.value === 'function';
  }
  return isFunction ? namespace : undefined;
}

/** Whether the list is the `tools` of an object whose `type` is `tool_search_output` (a Responses item). */
function isSearchOutput(literal: SyntaxNode, dialect: Dialect): boolean {
  const node = outermost(literal);
  const holder = node.parent?.type === 'pair' ? node.parent.parent : null;
  if (!holder) return false;
  const type = dialect.entries(holder)?.find((e) => e.name === 'type')?.value;
  return type !== undefined && dialect.string(dialect.unwrap(type)) === 'tool_search_output';
}

/** A new array over some of a list's items, which it becomes the parent of (each item is in one). */
function arrayOf(items: readonly Node[], start: number, end: number): Node {
  const array: BuildNode = { type: 'array', offset: start, length: end - start, children: items as BuildNode[] };
  for (const item of array.children!) item.parent = array;
  return array as Node;
}
