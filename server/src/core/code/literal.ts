import type { Node } from 'jsonc-parser';
import type { BuildNode } from '../json/tree';
import type { Constants, Dialect } from './dialects';
import { constantString } from './dialect';
import type { SyntaxNode } from './syntax';

/**
 * An array/object/dict literal as the JSON tree the recognisers read (provider-shaped
 * literals inside `tools: [...]`), offsets into the original text. Strings (and identifiers bound
 * to a string constant) become string nodes at their literal; numbers, booleans and null keep their
 * value. Anything computed is opaque: an item whose name is opaque is left out, never guessed.
 * A work list, not recursion (literals nest as deep as any JSON). `named`: objects bound to a name
 * of the file, read where the literal names one (`tools: [SEARCH_TOOL]`, `functionDeclarations:
 * [getTablesDcl]`, `"function": FN`); never inside itself, so no binding can make the walk loop.
 */
export function literalToTree(
  literal: SyntaxNode,
  dialect: Dialect,
  constants: Constants,
  named: ReadonlyMap<string, SyntaxNode> = new Map(),
): Node {
  const root: BuildNode = { type: 'null', value: null, offset: literal.startIndex, length: 0 };
  const opaque = new Set<BuildNode>();
  // `within`: the bindings whose objects hold this task's node, so none is read inside itself.
  const tasks: { readonly source: SyntaxNode; readonly target: BuildNode; readonly within?: ReadonlySet<string> }[] = [
    { source: literal, target: root },
  ];
  for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) {
    const source = dialect.unwrap(task.source);
    const { target, within } = task;
    const bound = named.size > 0 ? dialect.constantKey(source) : undefined;
    const object = bound === undefined || within?.has(bound) ? undefined : named.get(bound);
    if (bound !== undefined && object) {
      tasks.push({ source: object, target, within: new Set([...(within ?? []), bound]) });
      continue;
    }
    target.offset = source.startIndex;
    target.length = source.endIndex - source.startIndex;
    const entries = dialect.entries(source);
    const elements = entries ? undefined : dialect.elements(source);
    if (entries) {
      target.type = 'object';
      target.children = [];
      for (const entry of entries) {
        const key: BuildNode = {
          type: 'string',
          value: entry.name,
          offset: entry.key.startIndex,
          length: entry.key.endIndex - entry.key.startIndex,
        };
        const value: BuildNode = { type: 'null', value: null, offset: entry.value.startIndex, length: 0 };
        const property: BuildNode = {
          type: 'property',
          offset: key.offset,
          length: entry.value.endIndex - key.offset,
          parent: target,
          children: [key, value],
        };
        key.parent = property;
        value.parent = property;
        target.children.push(property);
        tasks.push({ source: entry.value, target: value, ...(within ? { within } : {}) });
      }
    } else if (elements) {
      target.type = 'array';
      target.children = [];
      for (const element of elements) {
        const child: BuildNode = { type: 'null', value: null, offset: element.startIndex, length: 0, parent: target };
        target.children.push(child);
        tasks.push({ source: element, target: child, ...(within ? { within } : {}) });
      }
    } else {
      const key = dialect.constantKey(source);
      const constant = key === undefined ? undefined : constants.get(key);
      // Another file's constant keeps the reference's own offsets: the only token of this file that names it.
      const string =
        (constant ? constantString(dialect, constant) : dialect.string(source)) ??
        (constant || key === undefined ? undefined : constants.imported?.(key, source));
      const scalar = dialect.scalar(source);
      if (string !== undefined) {
        target.type = 'string';
        target.value = string;
        if (constant) {
          target.offset = constant.startIndex;
          target.length = constant.endIndex - constant.startIndex;
        }
      } else if (scalar) {
        target.type = scalar.value === null ? 'null' : typeof scalar.value === 'number' ? 'number' : 'boolean';
        target.value = scalar.value;
      } else opaque.add(target);
    }
  }
  dropItemsWithOpaqueNames(root, opaque);
  return root as Node;
}

/** An item whose `name` (at any depth: `function.name`, `toolSpec.name`) is computed is no tool we can read. */
function dropItemsWithOpaqueNames(root: BuildNode, opaque: ReadonlySet<BuildNode>): void {
  for (const node of opaque) {
    const property = node.parent;
    if (property?.type !== 'property' || property.children?.[0]?.value !== 'name') continue;
    // Climb to the element of an array that holds it, and remove that element.
    let current: BuildNode | undefined = property.parent;
    while (current?.parent && current.parent.type !== 'array') current = current.parent;
    const array = current?.parent;
    if (current && array?.children) array.children = array.children.filter((c) => c !== current);
  }
  void root;
}
