import type { Node } from 'jsonc-parser';
import type { OffsetEdit } from '../findings';
import type { ParsedDocument, RootValue } from '../json/parse';
import type { BuildNode } from '../json/tree';
import type { OffsetRange } from '../json/ranges';
import { NESTING_LIMIT } from '../yaml/parse';
import { dialectOf, type Constants } from './dialects';
import { finderRootTypes } from './finders';
import type { NameInsertion, SourceName, ToolGroup } from './foundTools';
import { listRequests } from './listRequests';
import { fileConstants } from './importedConstants';
import { literalToTree } from './literal';
import { RootIndex } from './rootIndex';
import { registeredNameKeys, toolLiterals, type Registration } from './toolObjects';
import {
  writeCSharpString,
  writeGoString,
  writeJavaString,
  writeJsString,
  writeKotlinString,
  writePhpString,
  writePythonString,
  writeRubyString,
  writeRustString,
  writeSwiftString,
} from './strings';
import { bracketDepthOver, CODE_NESTING_LIMITS } from './nesting';
import { grammarOf, type CodeFamily, type CodeLanguage, type CodeParser, type SyntaxNode } from './syntax';
import { familyOf, librariesOf } from './triggers';
import { declarationsWithWrappers, withWrappers } from './wrappers';

/** A new string for a name token, or undefined when none can be written there (an f-string). */
export type StringWriter = (range: OffsetRange, value: string) => OffsetEdit | undefined;

/**
 * What reading a source file did: whether it was parsed at all (a known library is imported or
 * a manifest names one), and the declarations read whose names are computed, so never checked.
 */
export interface CodeReading {
  readonly parsed: boolean;
  readonly computedNames: readonly ComputedName[];
}

/** A declaration's name that is not static; `why`, when known: why a name imported from another file is none. */
export interface ComputedName extends OffsetRange {
  readonly why?: string;
}

interface CodeDocument extends ParsedDocument {
  readonly strings: StringWriter;
  readonly code: CodeReading;
}

/**
 * Tool declarations in TypeScript/JavaScript, Python, Go, Java, Rust, C#, Kotlin or Swift source as the JSON values the
 * recognisers read: per server object (or list of tool objects, or tool object alone) one MCP-shaped
 * `{ serverInfo: { name }, tools: [{ name, inputSchema }] }` (or an OpenAI Responses / generic
 * request for agent SDKs), whose name nodes sit on the string literals; and each provider-shaped
 * `tools: [...]` literal as `{ tools: [...] }`. A file without a trigger import is not parsed.
 * Never throws: a parser failure yields no values and one problem.
 */
export function parseCode(text: string, language: CodeLanguage, parser: CodeParser | undefined): CodeDocument {
  const strings = writerFor(text, language, new Map(), new Set());
  const empty: CodeDocument = { kind: 'code', values: [], problems: [], strings, code: NOT_PARSED };
  const wrappers = parser?.projectWrappers ?? [];
  const libraries = librariesOf(text, language, parser?.projectLibraries);
  if (libraries.length === 0 && withWrappers(libraries, wrappers, text).length === 0) return empty;
  if (!parser) return { ...empty, problems: [{ message: `no ${language} parser is loaded`, start: 0, end: 0 }] };
  const limit = CODE_NESTING_LIMITS[language];
  const tooDeep = limit === undefined ? undefined : bracketDepthOver(text, limit);
  if (tooDeep !== undefined) {
    const message = `${language} nested deeper than ${limit} brackets: not read`;
    return { ...empty, problems: [{ message, start: tooDeep, end: tooDeep + 1, code: NESTING_LIMIT }] };
  }
  try {
    const parsed = parser.parse(text, grammarOf(language));
    if (!parsed)
      return { ...empty, problems: [{ message: `the ${language} grammar is not loaded`, start: 0, end: 0 }] };
    const family = familyOf(language);
    const dialect = dialectOf(family);
    const root = new RootIndex(parsed, [...dialect.rootTypes, ...finderRootTypes(dialect)]);
    const unresolved: (OffsetRange & { readonly why: string })[] = [];
    const own = fileConstants(root, dialect, parser.projectConstant, (at, why) =>
      unresolved.push({ start: at.startIndex, end: at.endIndex, why }),
    );
    // A name read from another file's constant sits on this file's reference, where no literal is
    // to be written: a rename there would replace the reference, not the constant (see `writerFor`).
    const referenced = new Set<number>();
    const constants: Constants = {
      get: own.get,
      ...(own.imported
        ? {
            imported: (key: string, at: SyntaxNode) => {
              const value = own.imported?.(key, at);
              if (value !== undefined) referenced.add(at.startIndex);
              return value;
            },
          }
        : {}),
    };
    const { groups, computed, defined } = declarationsWithWrappers(root, text, dialect, libraries, constants, wrappers);
    // The keys the project's own code registers its tool objects by (`server.tool(tool.method, ...)`).
    const registrations = registrationsOf([...wrappers, ...defined]);
    const nameKeys = registeredNameKeys(registrations);
    const insertions = new Map<number, NameInsertion>();
    const values: RootValue[] = [];
    groups.forEach((group, index) => {
      values.push({ node: groupValue(group), base: 0, pointer: `/${index}` });
      for (const tool of group.tools) {
        const insertion = tool.insertion ?? tool.name.insertion;
        if (insertion) insertions.set(tool.name.range.start, insertion);
      }
    });
    const declared = groups.flatMap((g) => g.tools.map((t) => t.extent));
    const written = toolLiterals(root, text, dialect, libraries, constants, declared, registrations);
    written.literals.forEach(({ node, alone, key }, index) => {
      const tree = literalToTree(node, dialect, constants, written.objects);
      registeredNames(tree, nameKeys);
      addInputSchemas(tree, written.schemaless);
      const requests = alone ? [arrayNode([tree], node.startIndex, node.endIndex)] : listRequests(node, tree, dialect);
      requests.forEach((tools, part) => {
        const pointer = part === 0 ? `/tools${index}` : `/tools${index}.${part}`;
        values.push({ node: wrap({ [key]: tools }, node.startIndex, node.endIndex), base: 0, pointer });
      });
    });
    // A computed name of a declaration call is also its object's (`addTool({ name: n, execute })`): counted once.
    const computedNames = [...computed, ...written.computed]
      .sort((a, b) => a.start - b.start)
      .filter((r, i, all) => i === 0 || all[i - 1]!.start !== r.start)
      .map((r): ComputedName => {
        // The reference looked up sits inside the name's expression (`string(ToolName)`).
        const why = unresolved.find((u) => u.start >= r.start && u.end <= r.end)?.why;
        return why === undefined ? r : { ...r, why };
      });
    return {
      kind: 'code',
      values,
      problems: [],
      strings: writerFor(text, language, insertions, referenced),
      code: { parsed: true, computedNames },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...empty, problems: [{ message: `parser failure: ${message}`, start: 0, end: 0 }] };
  }
}

const NOT_PARSED: CodeReading = { parsed: false, computedNames: [] };

/** A group's request: its tools as MCP tools (or function definitions), its server's name as `serverInfo.name`. */
function groupValue(group: ToolGroup): Node {
  const first = group.tools[0]!.extent.start;
  const last = group.tools[group.tools.length - 1]!.extent.end;
  const items = group.tools.map((tool) => {
    const fields: Record<string, Node> = { name: stringNode(tool.name) };
    const schema =
      tool.schema ??
      wrap(
        { type: stringNode({ value: 'object', range: { start: tool.extent.start, end: tool.extent.start } }) },
        tool.extent.start,
        tool.extent.start,
      );
    if (group.shape === 'mcp') fields.inputSchema = schema;
    else {
      if (group.shape === 'openai-responses')
        fields.type = stringNode({ value: 'function', range: { start: tool.extent.start, end: tool.extent.start } });
      fields.parameters = schema;
    }
    return wrap(fields, tool.extent.start, tool.extent.end);
  });
  // Gemini offers functions inside a tool: `tools: [{ functionDeclarations: [...] }]`.
  const tools =
    group.shape === 'gemini'
      ? arrayNode([wrap({ functionDeclarations: arrayNode(items, first, last) }, first, last)], first, last)
      : arrayNode(items, first, last);
  const fields: Record<string, Node> = { tools };
  if (group.server && group.shape === 'mcp')
    fields.serverInfo = wrap({ name: stringNode(group.server) }, group.server.range.start, group.server.range.end);
  return wrap(fields, first, last);
}

/** The project's registrations of tool objects by a key (`WrapperDefinition` `field`), each once. */
function registrationsOf(
  definitions: readonly { kind: string; field?: string; reads?: readonly string[] }[],
): Registration[] {
  const out = new Map<string, Registration>();
  for (const d of definitions)
    if (d.kind === 'field' && d.field !== undefined)
      out.set(`${d.field}\u0000${d.reads?.join() ?? ''}`, { key: d.field, reads: d.reads ?? [] });
  return [...out.values()];
}

/**
 * Tool objects the project registers by another key (`{ method: 'create_invoice', name: 'Create
 * Invoice' }` handed to `server.tool(tool.method, ...)`): that key's string is the name on the
 * wire, and `name` a label, not read. Objects of the list (or the object alone) with such a key.
 */
function registeredNames(tree: Node, keys: readonly string[]): void {
  if (keys.length === 0) return;
  for (const item of tree.type === 'array' ? (tree.children ?? []) : [tree]) {
    if (item.type !== 'object') continue;
    const properties = (item as BuildNode).children ?? [];
    const by = properties.find(
      (p) => keys.includes(String(p.children?.[0]?.value)) && p.children?.[1]?.type === 'string',
    );
    if (!by) continue;
    (item as BuildNode).children = properties.filter((p) => p === by || p.children?.[0]?.value !== 'name');
    by.children![0]!.value = 'name';
  }
}

/**
 * A tool object whose library makes its schema from elsewhere (FastMCP's `parameters`) gets the
 * `inputSchema` an MCP server lists, as declarations do: what makes the recognisers read it as a tool.
 */
function addInputSchemas(tree: Node, starts: ReadonlySet<number>): void {
  if (starts.size === 0) return;
  for (const item of tree.type === 'array' ? (tree.children ?? []) : [tree]) {
    if (item.type !== 'object' || !starts.has(item.offset)) continue;
    const at = { start: item.offset, end: item.offset };
    const schema = wrap({ type: stringNode({ value: 'object', range: at }) }, at.start, at.start);
    const holder = wrap({ inputSchema: schema }, at.start, at.start) as BuildNode;
    const property = holder.children![0]!;
    property.parent = item as BuildNode;
    (item as BuildNode).children!.push(property);
  }
}

function stringNode(name: SourceName): Node {
  return {
    type: 'string',
    value: name.value,
    offset: name.range.start,
    length: name.range.end - name.range.start,
  } as Node;
}

function arrayNode(items: readonly Node[], start: number, end: number): Node {
  const array: BuildNode = { type: 'array', offset: start, length: end - start, children: items as BuildNode[] };
  for (const item of array.children!) item.parent = array;
  return array as Node;
}

/** An object of synthesised properties: zero-width keys at the object's start (no key is written in source). */
function wrap(fields: Readonly<Record<string, Node>>, start: number, end: number): Node {
  const object: BuildNode = { type: 'object', offset: start, length: end - start, children: [] };
  for (const [name, value] of Object.entries(fields)) {
    const key: BuildNode = { type: 'string', value: name, offset: value.offset, length: 0 };
    const property: BuildNode = {
      type: 'property',
      offset: value.offset,
      length: value.length,
      parent: object,
      children: [key, value as BuildNode],
    };
    key.parent = property;
    (value as BuildNode).parent = property;
    object.children!.push(property);
  }
  return object as Node;
}

/** Each family's literal writer: the old token's style kept, or undefined when no literal can hold the value. */
const WRITERS: Readonly<Record<CodeFamily, (oldToken: string, value: string) => string | undefined>> = {
  js: writeJsString,
  python: writePythonString,
  go: writeGoString,
  java: writeJavaString,
  rust: writeRustString,
  csharp: writeCSharpString,
  kotlin: writeKotlinString,
  swift: writeSwiftString,
  ruby: writeRubyString,
  php: writePhpString,
};

/** The quote a name written where there was none (a decorator's new argument) opens with: PHP writes single quotes. */
const NEW_LITERAL: Readonly<Partial<Record<CodeFamily, string>>> = { php: "'" };

/**
 * The edit builder of one source file: a literal in its own style, or a name inserted into a
 * decorator; none at a reference to another file's constant (`referenced`, by start): the name is
 * that file's literal, and an edit of this file would only swap the reference for a literal.
 */
function writerFor(
  text: string,
  language: CodeLanguage,
  insertions: ReadonlyMap<number, NameInsertion>,
  referenced: ReadonlySet<number>,
): StringWriter {
  return (range, value) => {
    if (referenced.has(range.start)) return undefined;
    const oldText = text.slice(range.start, range.end);
    const insertion = insertions.get(range.start);
    const family = familyOf(language);
    if (insertion) {
      const literal = WRITERS[family](NEW_LITERAL[family] ?? '"', value)!;
      return {
        range: { start: insertion.offset, end: insertion.offset },
        oldText: '',
        newText: `${insertion.before}${literal}${insertion.after}`,
      };
    }
    const newText = WRITERS[family](oldText, value);
    return newText === undefined ? undefined : { range, oldText, newText };
  };
}
