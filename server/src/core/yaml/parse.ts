import type { Node } from 'jsonc-parser';
import { isAlias, isMap, isPair, isScalar, isSeq, parseAllDocuments, type Document, type YAMLError } from 'yaml';
import type { ParsedDocument, RootValue, SyntaxProblem } from '../json/parse';
import type { BuildNode, Keep } from '../json/tree';
import { readYamlSubset, type SubsetReading } from './subset';

/**
 * YAML as the JSON tree every recogniser reads, so YAML needs no checks of its own: `yaml` parses (YAML 1.2, with
 * source ranges), and its nodes become jsonc-parser `Node`s with offsets into the original text
 * (JavaScript string indexes, i.e. UTF-16 units, like the JSON parser's). A name's node covers its
 * whole scalar token, quotes included, so findings, hover and edits sit where JSON's would.
 * A stream of several documents (`---`) maps like JSON Lines: one value per document, its pointer
 * prefixed with the document's index. Never throws.
 */
export function parseYaml(text: string, keep?: Keep): ParsedDocument {
  return readYaml(text, true, keep);
}

/**
 * The text as `yaml` composes it, every construct and error of YAML 1.2, without the subset
 * reader: the oracle the subset reader is tested against. Never throws.
 */
export function parseYamlFully(text: string): ParsedDocument {
  return readYaml(text, false);
}

/** `subset`: the common YAML of tool files is read by `subset.ts`, which steps aside for anything else. */
function readYaml(text: string, subset: boolean, keep?: Keep): ParsedDocument {
  // `yaml` composes flow collections by recursion: ~800 nested `[` exhaust the stack while V8
  // recompiles a hot regexp there, which aborts the process (no catchable error). Real files
  // nest a few dozen levels; 500 keeps a wide margin under the measured crash depth.
  const depth = flowDepthOver(text, MAX_FLOW_DEPTH);
  if (depth !== undefined) return nestedTooDeep(depth);
  const reading = subset ? readSubsetSafely(text, keep) : undefined;
  if (reading && 'node' in reading)
    return { kind: 'yaml', values: [{ node: reading.node, base: 0, pointer: '' }], problems: [] };
  if (reading) return nestedTooDeep(reading.nestedAt);
  try {
    return parseUnsafe(text);
  } catch (error) {
    // `yaml` reports errors as data; a throw would be a parser bug, which must not take down the server.
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'yaml', values: [], problems: [{ message: `parser failure: ${message}`, start: 0, end: 0 }] };
  }
}

/**
 * `readYamlSubset`, where a throw (a bug in it) means `yaml` reads the text: the tools are still
 * read, only slower.
 */
function readSubsetSafely(text: string, keep: Keep | undefined): SubsetReading {
  try {
    return readYamlSubset(text, MAX_FLOW_DEPTH, keep);
  } catch {
    return undefined;
  }
}

function nestedTooDeep(at: number): ParsedDocument {
  return {
    kind: 'yaml',
    values: [],
    problems: [
      {
        message: `YAML nested deeper than ${MAX_FLOW_DEPTH} levels: not read`,
        start: at,
        end: at + 1,
        code: NESTING_LIMIT,
      },
    ],
  };
}

/** The deepest flow nesting read; deeper documents are reported, not parsed. */
export const MAX_FLOW_DEPTH = 500;

/**
 * The code of a problem that is toolwire's own limit, not the text's syntax: no editor's YAML
 * support reports it, so the language server shows it (features/diagnostics.ts).
 */
export const NESTING_LIMIT = 'toolwire-nesting-limit';

/**
 * The offset of the bracket that opens flow level `limit + 1`, or undefined. One linear scan;
 * quoted scalars and comments are skipped (an unbalanced quote only makes the count lower, and
 * a lower count only lets `yaml` read a document it reads safely).
 */
function flowDepthOver(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) {
      if (depth > 0) depth -= 1;
    } else if (c === 0x22) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x27) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x27; i++);
    } else if (c === 0x23 && (i === 0 || /\s/.test(text[i - 1]!))) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    }
  }
  return undefined;
}

/** `yaml`'s code for a key repeated in one mapping: the fix proof refuses edits that add one. */
export const DUPLICATE_KEY = 'DUPLICATE_KEY';

function parseUnsafe(text: string): ParsedDocument {
  // prettyErrors off: messages stay one line (the adapters add the position themselves).
  const documents = parseAllDocuments(text, { prettyErrors: false });
  const values: RootValue[] = [];
  const problems: SyntaxProblem[] = [];
  // A stream with no document (empty, or comments only) is an array that carries its own errors.
  const streamErrors = (documents as { readonly errors?: readonly YAMLError[] }).errors ?? [];
  for (const error of streamErrors) problems.push(toProblem(error));
  const many = documents.length > 1;
  documents.forEach((document, index) => {
    for (const error of document.errors) problems.push(toProblem(error));
    if (document.contents === null || document.contents === undefined) return;
    const node = convert(document, text);
    if (node) values.push({ node, base: 0, pointer: many ? `/${index}` : '' });
  });
  return { kind: 'yaml', values, problems };
}

function toProblem(error: YAMLError): SyntaxProblem {
  return { message: error.message, start: error.pos[0], end: error.pos[1], code: error.code };
}

/** One YAML node still to convert, and the tree node it becomes (already placed in its parent). */
interface Task {
  readonly source: unknown;
  readonly target: BuildNode;
  /**
   * Inside an alias of a collection (`- *tool`): the alias's own span, which every node of the
   * copy takes, so a finding on the copy points at the alias, never at the anchor's text.
   */
  readonly at?: readonly [number, number];
}

/**
 * How many nodes aliases of collections may still add to one document. A copy is made once per
 * alias and never expands the aliases inside it (`&a [*a]` cannot loop); the budget, the text's
 * length, keeps a thousand aliases of one large anchor from multiplying the tree beyond that.
 */
interface AliasBudget {
  left: number;
}

/**
 * Converts one document's contents with an explicit work list (a deeply nested file must not
 * overflow the call stack, see json/tree.ts). Each tree node is created and placed in its parent
 * before its own children are read, so the children keep the source order.
 */
function convert(document: Document.Parsed, text: string): Node | undefined {
  const root: BuildNode = { type: 'null', offset: 0, length: 0 };
  const tasks: Task[] = [{ source: document.contents, target: root }];
  const budget: AliasBudget = { left: text.length };
  for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) fill(task, document, text, tasks, budget);
  return root as Node;
}

function fill(task: Task, document: Document.Parsed, text: string, tasks: Task[], budget: AliasBudget): void {
  fillNode(aliasCopy(task, document, text, budget), document, text, tasks);
  // A property ends where its value does (the value's span is known once it is filled).
  const { target } = task;
  const property = target.parent;
  if (property?.type === 'property')
    property.length = Math.max(property.length, target.offset + target.length - property.offset);
}

/**
 * An alias of a map or a sequence becomes a copy of it at the alias (a tool listed twice by
 * alias is a duplicate like any other); past the budget, or inside a copy, it stays null.
 */
function aliasCopy(task: Task, document: Document.Parsed, text: string, budget: AliasBudget): Task {
  if (task.at !== undefined) {
    budget.left -= 1;
    return budget.left >= 0 ? task : { source: null, target: task.target, at: task.at };
  }
  if (!isAlias(task.source)) return task;
  const resolved = task.source.resolve(document);
  if (!isMap(resolved) && !isSeq(resolved)) return task;
  if (budget.left <= 0) return task;
  budget.left -= 1;
  return { source: resolved, target: task.target, at: span(task.source, text, task.target.offset) };
}

function fillNode({ source, target, at }: Task, document: Document.Parsed, text: string, tasks: Task[]): void {
  const [start, end] = at ?? span(source, text, target.offset);
  target.offset = start;
  target.length = end - start;
  if (isMap(source)) {
    target.type = 'object';
    target.children = [];
    for (const pair of source.items) {
      if (!isPair(pair)) continue;
      const key = placed(scalarLeaf(pair.key, document, text, target.offset), at);
      // A complex key (`? [a, b]`) is no JSON key: such a pair is left out.
      if (!key || (key.type !== 'string' && key.type !== 'number' && key.type !== 'boolean' && key.type !== 'null'))
        continue;
      key.type = 'string';
      key.value = String(key.value);
      const property: BuildNode = {
        type: 'property',
        offset: key.offset,
        length: key.length,
        parent: target,
        children: [key],
      };
      key.parent = property;
      // `key:` with nothing after it is null in YAML: an empty null node right after the key.
      const value: BuildNode = {
        type: 'null',
        value: null,
        offset: key.offset + key.length,
        length: 0,
        parent: property,
      };
      property.children!.push(value);
      target.children.push(property);
      if (pair.value !== null && pair.value !== undefined)
        tasks.push({ source: pair.value, target: value, ...(at ? { at } : {}) });
    }
    return;
  }
  if (isSeq(source)) {
    target.type = 'array';
    target.children = [];
    for (const item of source.items) {
      const child: BuildNode = { type: 'null', value: null, offset: target.offset, length: 0, parent: target };
      target.children.push(child);
      tasks.push({ source: item, target: child, ...(at ? { at } : {}) });
    }
    return;
  }
  const leaf = placed(scalarLeaf(source, document, text, target.offset), at);
  if (leaf) {
    target.type = leaf.type;
    target.value = leaf.value;
    target.offset = leaf.offset;
    target.length = leaf.length;
  }
}

/** A leaf of an alias's copy sits at the alias. */
function placed(leaf: BuildNode | undefined, at: readonly [number, number] | undefined): BuildNode | undefined {
  if (leaf && at) {
    leaf.offset = at[0];
    leaf.length = at[1] - at[0];
  }
  return leaf;
}

/** A scalar (or an alias of one) as a leaf; anything else (an alias of a collection) is null. */
function scalarLeaf(source: unknown, document: Document.Parsed, text: string, fallback: number): BuildNode | undefined {
  if (source === null || source === undefined) return undefined;
  const [start, end] = span(source, text, fallback);
  let scalar: unknown = source;
  // An alias reads as its anchor's value, at the alias's own place. An alias of a collection
  // reaching here is one `aliasCopy` did not copy (inside a copy, or past the budget): null.
  if (isAlias(source)) scalar = source.resolve(document) ?? null;
  if (!isScalar(scalar)) return { type: 'null', value: null, offset: start, length: end - start };
  const value: unknown = scalar.value;
  if (typeof value === 'string') return { type: 'string', value, offset: start, length: end - start };
  if (typeof value === 'number') return { type: 'number', value, offset: start, length: end - start };
  if (typeof value === 'bigint') return { type: 'number', value: Number(value), offset: start, length: end - start };
  if (typeof value === 'boolean') return { type: 'boolean', value, offset: start, length: end - start };
  return { type: 'null', value: null, offset: start, length: end - start };
}

/**
 * A node's source span: `range[0]` to `range[1]` (the value's end, before trailing comments),
 * without trailing whitespace (a block scalar's range ends after its last line break, and an
 * edit replacing it must not join the next line onto this one).
 */
function span(source: unknown, text: string, fallback: number): [number, number] {
  const range =
    typeof source === 'object' && source !== null && 'range' in source
      ? (source as { range?: unknown }).range
      : undefined;
  if (!Array.isArray(range) || typeof range[0] !== 'number' || typeof range[1] !== 'number')
    return [fallback, fallback];
  const start = range[0];
  let end = Math.max(start, range[1]);
  while (end > start && /\s/.test(text[end - 1]!)) end -= 1;
  return [start, end];
}
