import type { Node } from 'jsonc-parser';
import { KeyedProperty } from './keyedProperty';

/**
 * Small, allocation-light readers over jsonc-parser's tree. The tree is walked only along the
 * paths a format names (tools[], messages[]...), never in full: analysis must stay close to the
 * cost of parsing (see bench/).
 */

export function property(node: Node | undefined, key: string): Node | undefined {
  if (node?.type !== 'object' || !node.children) return undefined;
  // Indexed reads, not destructuring: this runs for every key of every tool.
  for (const prop of node.children) {
    // The strict reader's properties answer from their fields, without making key nodes.
    if (prop instanceof KeyedProperty) {
      if (prop.key === key) return prop.valueNode as Node | undefined;
      continue;
    }
    const pair = prop.children;
    if (pair !== undefined && pair.length > 0 && pair[0]!.value === key) return pair[1];
  }
  return undefined;
}

/** The decoded key of a property node (a keyed property answers without making its children). */
export function propertyKey(prop: Node): unknown {
  return prop instanceof KeyedProperty ? prop.key : prop.children?.[0]?.value;
}

function hasProperty(node: Node | undefined, key: string): boolean {
  return property(node, key) !== undefined;
}

export function stringValue(node: Node | undefined): string | undefined {
  return node && node.type === 'string' ? (node.value as string) : undefined;
}

export function isObject(node: Node | undefined): node is Node {
  return node !== undefined && node.type === 'object';
}

/** The key node of a property value (for ranges that should sit on `"tools"`, say). */
export function keyNodeOf(valueNode: Node): Node | undefined {
  const parent = valueNode.parent;
  return parent && parent.type === 'property' ? parent.children?.[0] : undefined;
}

/** RFC 6901 escaping of one reference token. */
function pointerToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  // Most keys need no escaping; skip the two replaces for them (one per tool and key).
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function joinPointer(base: string, token: string | number): string {
  return `${base}/${pointerToken(token)}`;
}

/** A JSON-schema-like object: what a tool's parameters look like. */
export function looksLikeSchema(node: Node | undefined): boolean {
  if (!isObject(node)) return false;
  return (
    hasProperty(node, 'type') ||
    hasProperty(node, 'properties') ||
    hasProperty(node, '$schema') ||
    (node.children?.length ?? 0) === 0
  );
}
