import assert from 'node:assert/strict';
import type { Node } from 'jsonc-parser';
import type { ParsedDocument } from '../../server/src/core/json/parse';

/** A node as plain data, for deep comparison; reading `children` builds a lazy subtree, so this compares it too. */
export function plainTree(node: Node): unknown {
  // An explicit stack: trees here may be 100,000 deep.
  const out: Record<string, unknown> = {};
  const stack: Array<{ node: Node; into: Record<string, unknown> }> = [{ node, into: out }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node: n, into } = item;
    Object.assign(into, {
      type: n.type,
      value: n.value,
      offset: n.offset,
      length: n.length,
      colonOffset: n.colonOffset,
    });
    if (n.children) {
      const kids = n.children.map(() => ({}));
      into.children = kids;
      n.children.forEach((child, i) => {
        assert.equal(child.parent, n, 'a child points at its parent');
        stack.push({ node: child, into: kids[i]! });
      });
    }
  }
  return out;
}

export function plainDocument(parsed: ParsedDocument): unknown {
  return {
    kind: parsed.kind,
    problems: parsed.problems,
    values: parsed.values.map((v) => ({ base: v.base, pointer: v.pointer, node: plainTree(v.node) })),
  };
}
