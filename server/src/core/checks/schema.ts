import type { SchemaFixIntent } from '../findings';
import type { SchemaIssue, SchemaSite } from '../formats/model';
import { PROVIDERS, type ProviderId } from '../profiles/providers';
import { ruleRefuses, schemaRulesFor, type SchemaRule } from '../profiles/schemaRules';
import { quote, type CheckContext, type ToolVisitor } from './context';

/** One rule and the targets that hold it, in target order. */
export interface Judge {
  readonly rule: SchemaRule;
  readonly providers: ProviderId[];
}

/**
 * schema-rejected: a tool's input schema holds something a targeted endpoint refuses with a 400
 * (`profiles/schemaRules.ts`), so the whole request fails, every tool of it. Judged by the
 * request's targets: a request body by its own provider, an MCP file or tool array by the
 * configured targets. Not by the providers of MCP clients, unlike property keys: clients such as
 * Gemini CLI rewrite schemas for their provider, so its rules would misjudge what is sent. One
 * finding per problem and place, naming every target that refuses it. Depends on the tool alone
 * (its schema and whether it is sent), never on names: it is a `tool` check.
 */
export function checkSchemas(context: CheckContext): ToolVisitor | undefined {
  if (!context.sink.enabled('schema-rejected')) return undefined;
  const targets = context.settings.targets;
  return (tool, local) => {
    const schema = tool.declaration.schema;
    // A tool the runtime leaves out is not sent, and neither is its schema.
    if (!schema || tool.fate !== 'offered') return;
    const judges = judgesOf(targets, schema);
    if (judges.length === 0) return;
    for (const issue of schema.issues) {
      const failed = judges.filter((j) => refuses(j.rule, issue));
      if (failed.length === 0) continue;
      const providers = [...new Set(failed.flatMap((j) => j.providers))];
      context.sink.add('schema-rejected', 'error', {
        message: `${describeIssue(issue)} is rejected by ${providers.join(', ')}: the whole request fails.`,
        detail: `${failed.map(describeJudge).join('; ')}. One refused schema of ${quote(tool.name ?? '')} fails every tool sent with it (HTTP 400).${fixNote(issue)}`,
        range: issue.range,
        pointer: issue.pointer,
        related: [],
        tool: local + context.firstTool,
        profiles: providers,
        ...schemaFixOf(issue),
      });
    }
  };
}

/** The problems a schema fix may mend (`fixes/schemaFix.ts`); a root that is no object has none. */
const FIXABLE: ReadonlySet<SchemaIssue['problem']> = new Set([
  'unknown-keyword',
  'type-list',
  'array-without-items',
  'strict-open-object',
  'strict-optional-property',
]);

/** The fix a finding on this issue asks for, as plain data (built where fixes are used). */
export function schemaFixOf(issue: SchemaIssue): { schemaFix?: SchemaFixIntent } {
  return FIXABLE.has(issue.problem) ? { schemaFix: { problem: issue.problem, keyword: issue.keyword } } : {};
}

/**
 * Why a missing `items` may have no fix: the fix must not guess what the array holds, so it
 * writes `items` only from values the schema itself gives.
 */
function fixNote(issue: SchemaIssue): string {
  return issue.problem === 'array-without-items'
    ? ' A fix adds "items" only when the items type is known: "enum", "default" or "examples" values whose items are all of one primitive type.'
    : '';
}

/** The distinct rules the targets hold for this schema (a shared rule lists both providers). */
function judgesOf(targets: readonly ProviderId[], schema: SchemaSite): Judge[] {
  const judges: Judge[] = [];
  for (const provider of targets) {
    for (const rule of schemaRulesFor(provider, schema.field, schema.strict)) {
      const judge = judges.find((j) => j.rule === rule);
      if (judge) judge.providers.push(provider);
      else judges.push({ rule, providers: [provider] });
    }
  }
  return judges;
}

function refuses(rule: SchemaRule, issue: SchemaIssue): boolean {
  return ruleRefuses(rule, issue.problem, issue.keyword);
}

/** What is refused, in the words of the schema: the subject of the message. */
export function describeIssue(issue: SchemaIssue): string {
  switch (issue.problem) {
    case 'unknown-keyword':
      return `Schema keyword ${quote(issue.keyword)}`;
    case 'type-list':
      return '"type" given as a list';
    case 'array-without-items':
      return 'An array schema without "items"';
    case 'root-not-object':
      return 'An input schema without "type": "object"';
    case 'root-combinator':
      return `${quote(issue.keyword)} at the input schema's root`;
    case 'strict-open-object':
      return 'A strict object schema without "additionalProperties": false';
    case 'strict-optional-property':
      return `Strict property ${quote(issue.keyword)}, missing from "required",`;
  }
}

/** `Google Gemini (gemini; gemini-unknown-keyword: ...): "Invalid JSON payload ..." (source, seen 2026-08)` */
export function describeJudge(judge: Judge): string {
  const { rule } = judge;
  const label = PROVIDERS[judge.providers[0]!].label;
  return `${label} (${judge.providers.join(', ')}; ${rule.id}: ${rule.rule}): ${quote(rule.quote)} (${rule.sources[0]}, seen ${rule.seen})`;
}
