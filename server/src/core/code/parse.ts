import type { Node } from 'jsonc-parser';
import type { OffsetEdit } from '../findings';
import type { ParsedDocument, RootValue } from '../json/parse';
import type { BuildNode } from '../json/tree';
import type { OffsetRange } from '../json/ranges';
import { NESTING_LIMIT } from '../yaml/parse';
import { dialectOf } from './dialects';
import { findDeclarations, type NameInsertion, type SourceName, type ToolGroup } from './finders';
import { literalToTree } from './literal';
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
import { grammarOf, type CodeFamily, type CodeLanguage, type CodeParser } from './syntax';
import { familyOf, librariesOf } from './triggers';

/** A new string for a name token, or undefined when none can be written there (an f-string). */
export type StringWriter = (range: OffsetRange, value: string) => OffsetEdit | undefined;

/**
 * What reading a source file did: whether it was parsed at all (a known library is imported or
 * a manifest names one), and the declarations read whose names are computed, so never checked.
 */
export interface CodeReading {
  readonly parsed: boolean;
  readonly computedNames: readonly OffsetRange[];
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
  const strings = writerFor(text, language, new Map());
  const empty: CodeDocument = { kind: 'code', values: [], problems: [], strings, code: NOT_PARSED };
  const libraries = librariesOf(text, language, parser?.projectLibraries);
  if (libraries.length === 0) return empty;
  if (!parser) return { ...empty, problems: [{ message: `no ${language} parser is loaded`, start: 0, end: 0 }] };
  const limit = CODE_NESTING_LIMITS[language];
  const tooDeep = limit === undefined ? undefined : bracketDepthOver(text, limit);
  if (tooDeep !== undefined) {
    const message = `${language} nested deeper than ${limit} brackets: not read`;
    return { ...empty, problems: [{ message, start: tooDeep, end: tooDeep + 1, code: NESTING_LIMIT }] };
  }
  try {
    const root = parser.parse(text, grammarOf(language));
    if (!root) return { ...empty, problems: [{ message: `the ${language} grammar is not loaded`, start: 0, end: 0 }] };
    const family = familyOf(language);
    const dialect = dialectOf(family);
    const constants = dialect.constants(root);
    const { groups, computed } = findDeclarations(root, text, dialect, libraries, constants);
    const insertions = new Map<number, NameInsertion>();
    const values: RootValue[] = [];
    groups.forEach((group, index) => {
      values.push({ node: groupValue(group), base: 0, pointer: `/${index}` });
      for (const tool of group.tools) if (tool.insertion) insertions.set(tool.name.range.start, tool.insertion);
    });
    // A `tools` key, keyword or variable must be written somewhere before any tree is searched for one.
    const arrays = /\btools\b/.test(text) ? dialect.toolArrays(root) : [];
    arrays.forEach((array, index) => {
      const tools = literalToTree(array, dialect, constants);
      values.push({ node: wrap({ tools }, array.startIndex, array.endIndex), base: 0, pointer: `/tools${index}` });
    });
    return {
      kind: 'code',
      values,
      problems: [],
      strings: writerFor(text, language, insertions),
      code: { parsed: true, computedNames: computed },
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
    const schema = wrap(
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
  const tools = arrayNode(items, first, last);
  const fields: Record<string, Node> = { tools };
  if (group.server && group.shape === 'mcp')
    fields.serverInfo = wrap({ name: stringNode(group.server) }, group.server.range.start, group.server.range.end);
  return wrap(fields, first, last);
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

/** The edit builder of one source file: a literal in its own style, or a name inserted into a decorator. */
function writerFor(text: string, language: CodeLanguage, insertions: ReadonlyMap<number, NameInsertion>): StringWriter {
  return (range, value) => {
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
