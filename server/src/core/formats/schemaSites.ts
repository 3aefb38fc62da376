import type { Node } from 'jsonc-parser';
import { KeyedProperty } from '../json/keyedProperty';
import { LazyContainer } from '../json/lazy';
import { joinPointer, stringValue } from '../json/nodes';
import { offsetRange, type OffsetRange } from '../json/ranges';
import { CLIENTS, type ClientId } from '../clients/profiles';
import { CONTRACT_KEYWORDS } from '../clients/schemaKeywords';
import { alterableKeywords, SCHEMA_PATHS } from '../clients/schemaPaths';
import { clientSchemaRules } from '../clients/schemaVerdicts';
import { mayRefuse, REFUSED_KEYWORDS, ruleRefuses, type SchemaRule } from '../profiles/schemaRules';
import type { SchemaIssue, SchemaKeywordSite, SchemaSite } from './model';
import { scanKeywordSites } from './schemaKeywordScan';
import { valueRole, type SchemaRole } from './schemaKeys';

/**
 * A JSON pointer, or what makes one on first read: nearly no schema key's pointer is ever read (a
 * finding's is), and joining one per key of every schema was a tenth of what a 1k-tool analysis allocated.
 */
type Pointer = string | { readonly pointer: string };

const pointerText = (pointer: Pointer): string => (typeof pointer === 'string' ? pointer : pointer.pointer);

/** One schema of the walk: its node and pointer, and whether it is the root. */
interface Frame {
  readonly node: Node;
  readonly pointer: Pointer;
  readonly root: boolean;
}

/** A pointer below another, joined on first read. */
class LazyPointer {
  private joined: string | undefined;

  constructor(
    private readonly parent: Pointer,
    private readonly key: string | number,
  ) {}

  get pointer(): string {
    return (this.joined ??= joinPointer(pointerText(this.parent), this.key));
  }
}

/**
 * A key of a schema object: its token's range, its value's pointer and the value, the range and
 * the pointer made when read (a finding, a client keyword), not for every key walked.
 */
class Keyword extends LazyPointer {
  constructor(
    private readonly start: number,
    private readonly end: number,
    parent: Pointer,
    key: string,
    readonly value: Node | undefined,
  ) {
    super(parent, key);
  }

  get range(): OffsetRange {
    return offsetRange(this.start, this.end);
  }
}

/**
 * Text without which a subtree holds nothing a non-strict rule reads: a refused keyword, `array`
 * (an array without `items`), a `type` list. Conservative: a `\\u` escape (a key may spell a
 * keyword with one) or a comment (between `"type"` and its list) counts as a match, and so does
 * any word that merely contains one (`constant`): a match only means the subtree is walked.
 * Each word is looked for as a JSON string (a lazy subtree is JSON): a pattern that starts at a
 * quote tests little at each character, where one of bare words was most of the analysis time.
 */
function mayHoldPattern(words: Iterable<string>): RegExp {
  return new RegExp(
    `"(?:${[...words, 'array'].map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')}|type"\\s*:\\s*\\[)|\\\\u|/[*/]`,
  );
}

const MAY_HOLD_PROBLEM = mayHoldPattern(REFUSED_KEYWORDS);

/**
 * The field an MCP server's tools hold their schema in. Only there are client paths read: a
 * provider request body or a tool array is sent as written, by no MCP client.
 */
const MCP_FIELD = 'inputSchema';

/** The keywords some client path drops or rewrites with the contract changed. */
const ALTERABLE_KEYWORDS: ReadonlySet<string> = alterableKeywords(CONTRACT_KEYWORDS);

/** The same for the keywords a client alters (tested once a subtree is known to hold no problem). */
const MAY_HOLD_ALTERABLE = mayHoldPattern(ALTERABLE_KEYWORDS);

/**
 * The provider rules some client's request meets (`clientSchemaRules`): an MCP schema keeps what
 * these refuse too, whatever its own field's rules say.
 */
const CLIENT_RULES: readonly SchemaRule[] = [
  ...new Set(
    (Object.keys(SCHEMA_PATHS) as ClientId[]).flatMap((client) =>
      clientSchemaRules(CLIENTS[client].provider, SCHEMA_PATHS[client]),
    ),
  ),
];

/**
 * The same patterns for a YAML subtree (`yaml/lazy.ts`), where a key is plain or quoted either way:
 * each word where a token may start (after a space, a line break, a flow indicator or a quote);
 * `type` followed by a flow list or by nothing on its line (a block list below); any backslash (an
 * escape may spell a keyword). A YAML stand-in is only ever in the subset (no alias, tag or anchor
 * copies a schema into it).
 */
function mayHoldPatternInYaml(words: Iterable<string>): RegExp {
  return new RegExp(
    `(?:^|[\\s{,[?"'])(?:${[...words, 'array'].map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})|type["']?[ ]*:[ ]*(?:\\[|#|$)|\\\\`,
    'm',
  );
}

const MAY_HOLD_PROBLEM_YAML = mayHoldPatternInYaml(REFUSED_KEYWORDS);
const MAY_HOLD_ALTERABLE_YAML = mayHoldPatternInYaml(ALTERABLE_KEYWORDS);

/** What may hold a problem or a keyword clients alter, by the syntax a lazy subtree is written in. */
interface MayHold {
  readonly json: RegExp;
  readonly yaml: RegExp;
}

const MAY_HOLD: MayHold = { json: MAY_HOLD_PROBLEM, yaml: MAY_HOLD_PROBLEM_YAML };
const MAY_HOLD_KEYWORD: MayHold = { json: MAY_HOLD_ALTERABLE, yaml: MAY_HOLD_ALTERABLE_YAML };

/** Where the walk records the MCP keywords clients alter, when some client is modelled. */
interface Reads {
  readonly keywords?: SchemaKeywordSite[];
}

/** What Anthropic refuses at the root. */
const ROOT_COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf']);

/**
 * What some provider's schema rule (`profiles/schemaRules.ts`) may refuse in one tool's input
 * schema, provider-neutral: the check asks the targets' rules later, since the tree is gone by
 * then. Walks the schema's structure (keywords, never the values of `enum`, `default` or
 * `examples`, and `properties` keys are names, not keywords) with a stack, never by recursion.
 * Strict-mode problems are looked for only on a tool declared `strict: true`: every other schema
 * would hold one per object. `forClients`: some MCP client is modelled, so an MCP schema also keeps
 * what the clients' paths alter or their providers refuse. Undefined when there is nothing, which
 * is nearly always.
 */
export function schemaSite(
  schema: Node,
  pointer: string,
  base: number,
  field: string,
  strict: boolean,
  anchor: OffsetRange,
  forClients: boolean,
): SchemaSite | undefined {
  if (schema.type !== 'object') return undefined;
  // With no client modelled, an MCP schema is read as any other: nothing reads what clients do.
  const mcp = forClients && field === MCP_FIELD;
  const reads: Reads = mcp ? { keywords: [] } : {};
  const found: SchemaIssue[] = [];
  const stack: Frame[] = [{ node: schema, pointer, root: true }];
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    visit(frame, base, strict, frame.root ? anchor : undefined, found, stack, reads);
  }
  // Only what some rule reads for this field (the walk itself is cheaper kept provider-neutral).
  const issues = found.filter(
    (issue) =>
      mayRefuse(issue.problem, field, strict, issue.keyword) ||
      (mcp && CLIENT_RULES.some((rule) => ruleRefuses(rule, issue.problem, issue.keyword))),
  );
  // In text order: the walk's stack and the subtrees scanned without a tree find them in other orders.
  const keywords = reads.keywords?.sort((a, b) => a.range.start - b.range.start);
  if (issues.length === 0 && (keywords === undefined || keywords.length === 0)) return undefined;
  return keywords && keywords.length > 0
    ? { field, strict, issues, pointer, keywords }
    : { field, strict, issues, pointer };
}

function visit(
  frame: Frame,
  base: number,
  strict: boolean,
  rootAnchor: OffsetRange | undefined,
  issues: SchemaIssue[],
  stack: Frame[],
  reads: Reads,
): void {
  const keywords = new Map<string, Keyword>();
  eachProperty(frame.node, base, frame.pointer, (key, keyword) => {
    // A repeated key: the parser keeps the last value, and so does this.
    keywords.set(key, keyword);
    if (REFUSED_KEYWORDS.has(key)) issues.push(issue('unknown-keyword', key, keyword));
    if (reads.keywords && ALTERABLE_KEYWORDS.has(key))
      reads.keywords.push({ keyword: key, range: keyword.range, pointer: keyword.pointer });
    if (frame.root && ROOT_COMBINATORS.has(key)) issues.push(issue('root-combinator', key, keyword));
    const value = keyword.value;
    if (!value) return;
    if (key === 'type' && value.type === 'array') issues.push(issue('type-list', key, keyword));
    const role = valueRole(key);
    // Only into subtrees that may hold a problem: reading one builds it.
    if (role === 'data' || leftUnbuilt(value, role, keyword, base, strict, reads)) return;
    if (role === 'schema-or-list' || role === 'schema') pushSchema(stack, value, keyword);
    if (role === 'schema-or-list' || role === 'schema-list') pushList(stack, value, keyword);
    if (role === 'schema-map' && value.type === 'object')
      eachProperty(value, base, keyword, (_name, entry) => {
        if (entry.value) pushSchema(stack, entry.value, entry);
      });
  });
  const type = keywords.get('type');
  const types = typeNames(type?.value);
  if (type && types.includes('array') && !keywords.has('items'))
    issues.push(issue('array-without-items', 'items', type));
  if (rootAnchor && !(types.length === 1 && types[0] === 'object' && type?.value?.type === 'string'))
    issues.push(
      type
        ? issue('root-not-object', 'type', type)
        : { problem: 'root-not-object', keyword: 'type', range: rootAnchor, pointer: pointerText(frame.pointer) },
    );
  if (strict) strictProblems(frame, base, keywords, types, rootAnchor, issues);
}

/** OpenAI strict mode: every object closed, every property required. */
function strictProblems(
  frame: Frame,
  base: number,
  keywords: ReadonlyMap<string, Keyword>,
  types: readonly string[],
  rootAnchor: OffsetRange | undefined,
  issues: SchemaIssue[],
): void {
  const properties = keywords.get('properties');
  if (!types.includes('object') && !properties) return;
  const additional = keywords.get('additionalProperties');
  if (additional) {
    const closed = additional.value?.type === 'boolean' && additional.value.value === false;
    if (!closed) issues.push(issue('strict-open-object', 'additionalProperties', additional));
  } else {
    // Nothing to point at: the nearest key, else the schema's own anchor.
    const near = keywords.get('type') ?? properties;
    if (near) issues.push(issue('strict-open-object', 'additionalProperties', near));
    else if (rootAnchor)
      issues.push({
        problem: 'strict-open-object',
        keyword: 'additionalProperties',
        range: rootAnchor,
        pointer: pointerText(frame.pointer),
      });
  }
  if (properties?.value?.type !== 'object') return;
  const required = new Set<string>();
  for (const entry of keywords.get('required')?.value?.children ?? []) {
    const name = stringValue(entry);
    if (name !== undefined) required.add(name);
  }
  eachProperty(properties.value, base, properties, (name, entry) => {
    if (!required.has(name)) issues.push(issue('strict-optional-property', name, entry));
  });
}

function issue(problem: SchemaIssue['problem'], keyword: string, at: Keyword): SchemaIssue {
  return { problem, keyword, range: at.range, pointer: at.pointer };
}

/** `type` as names: one string, or the strings of a list. */
function typeNames(node: Node | undefined): string[] {
  if (!node) return [];
  if (node.type === 'string') return [node.value as string];
  if (node.type !== 'array') return [];
  return (node.children ?? []).flatMap((entry) => {
    const name = stringValue(entry);
    return name === undefined ? [] : [name];
  });
}

function pushSchema(stack: Frame[], node: Node, pointer: Pointer): void {
  if (node.type === 'object') stack.push({ node, pointer, root: false });
}

/**
 * Whether a subtree the skeleton reader left unbuilt (a schema's `properties`, a parameter's
 * schema) stays so: its text shows nothing a rule reads, or only keywords a client alters, which
 * are then found by scanning its text. Building every schema body made a 10k-tool analysis about
 * three times slower; nearly none holds a problem. Strict tools are always walked (every object
 * of them is read), and so is a YAML subtree with a keyword clients alter (no scanner of its text).
 */
function leftUnbuilt(
  node: Node,
  role: SchemaRole,
  pointer: Pointer,
  base: number,
  strict: boolean,
  reads: Reads,
): boolean {
  if (strict || !(node instanceof LazyContainer)) return false;
  const yaml = node.syntax === 'yaml';
  if (node.textMatches((text) => (yaml ? MAY_HOLD.yaml : MAY_HOLD.json).test(text))) return false;
  const keywords = reads.keywords;
  if (!keywords || !node.textMatches((text) => (yaml ? MAY_HOLD_KEYWORD.yaml : MAY_HOLD_KEYWORD.json).test(text)))
    return true;
  if (yaml) return false;
  node.readText((text, start, end) =>
    scanKeywordSites(text, start, end, role, pointerText(pointer), base, ALTERABLE_KEYWORDS, keywords),
  );
  return true;
}

function pushList(stack: Frame[], node: Node, pointer: Pointer): void {
  if (node.type !== 'array') return;
  (node.children ?? []).forEach((entry, index) => pushSchema(stack, entry, new LazyPointer(pointer, index)));
}

/** Each property of an object: its decoded key, its key token and its value. */
function eachProperty(
  node: Node,
  base: number,
  pointer: Pointer,
  visitKey: (key: string, keyword: Keyword) => void,
): void {
  for (const prop of node.children ?? []) {
    // The strict reader's properties answer from their fields, without making key nodes.
    if (prop instanceof KeyedProperty) {
      const start = base + prop.offset;
      visitKey(
        prop.key,
        new Keyword(start, start + prop.keyLength, pointer, prop.key, prop.valueNode as Node | undefined),
      );
      continue;
    }
    const keyNode = prop.children?.[0];
    if (keyNode?.type !== 'string') continue;
    const key = keyNode.value as string;
    const start = base + keyNode.offset;
    visitKey(key, new Keyword(start, start + keyNode.length, pointer, key, prop.children?.[1]));
  }
}
