import type { Node } from 'jsonc-parser';
import type { Finding, FixData, OffsetEdit, SchemaFixIntent } from '../findings';
import {
  entries,
  entry,
  inlineJson,
  insertAfter,
  lastToken,
  parentPointer,
  removeEntry,
  replaceEntry,
  replaceValue,
  type SchemaObject,
} from './schemaEdits';

/**
 * The fix for a `schema-rejected` finding (`Finding.schemaFix`), on the schema object it sits in.
 * Safe only when the contract the model sees is unchanged or equivalent; anything that changes
 * what the model may send is unsafe, and its title says so (`FixData.safety`):
 * - a refused keyword is removed: safe for `$schema` (it names the dialect, no constraint), unsafe
 *   for any other (`additionalProperties`, `const`, `exclusiveMinimum`... each constrains);
 * - a missing `items` is added only when the items type is known, from values all of one
 *   primitive type: from `enum`/`const` it is safe (those already allow only such arrays), from
 *   `default`/`examples` unsafe (a hint, not a constraint: the fix narrows). Otherwise no fix;
 * - a `type` list becomes one type (a list of one: safe) or `anyOf` of one schema per type, which
 *   JSON Schema reads as the same set of values (safe); beside an `anyOf` already there it cannot,
 *   so the fix keeps the first type alone (unsafe);
 * - an open object of a strict tool gets `additionalProperties: false` and every property in
 *   `required` (unsafe: the model must then send every property, and no other).
 * `proposed` is the pointer of what the fix rewrites (the keyword's value; for strict, the object):
 * fix-all applies one fix per place, and the strict findings of one object share theirs.
 */
export function schemaFix(
  finding: Finding,
  intent: SchemaFixIntent,
  objectAt: (pointer: string) => SchemaObject | undefined,
): FixData | undefined {
  switch (intent.problem) {
    case 'unknown-keyword':
      return removeKeyword(finding.pointer, intent.keyword, objectAt);
    case 'array-without-items':
      return addItems(finding.pointer, objectAt);
    case 'type-list':
      return rewriteTypeList(finding.pointer, objectAt);
    case 'strict-open-object':
      return closeStrict(parentPointer(finding.pointer), objectAt);
    case 'strict-optional-property':
      return closeStrict(parentPointer(parentPointer(finding.pointer)), objectAt);
    default:
      return undefined;
  }
}

/** Keywords whose removal keeps the contract: they describe the schema, never its values. */
const ANNOTATIONS: ReadonlySet<string> = new Set(['$schema']);

const CHANGES = 'changes what the model may send';

function removeKeyword(
  pointer: string,
  keyword: string,
  objectAt: (pointer: string) => SchemaObject | undefined,
): FixData | undefined {
  const at = parentPointer(pointer);
  const object = objectAt(at);
  if (!object || lastToken(pointer) !== keyword) return undefined;
  const edits = removeEntry(object, keyword);
  if (!edits) return undefined;
  const safe = ANNOTATIONS.has(keyword);
  return fix('remove-keyword', `Remove ${JSON.stringify(keyword)}${safe ? '' : ` (${CHANGES})`}`, pointer, edits, safe);
}

function addItems(pointer: string, objectAt: (pointer: string) => SchemaObject | undefined): FixData | undefined {
  const at = parentPointer(pointer);
  const object = objectAt(at);
  if (!object || entry(object, 'items')) return undefined;
  const known = itemsType(object);
  if (!known) return undefined;
  const edit = insertAfter(object, [['items', inlineJson({ type: known.type })]], 'type');
  if (!edit) return undefined;
  const title = `Add "items": {"type": ${JSON.stringify(known.type)}}${known.constrained ? '' : ' (narrows what the model may send)'}`;
  return fix('add-items', title, pointer, [edit], known.constrained);
}

/**
 * The one primitive type of every item the schema's own arrays hold: `enum` and `const` first
 * (`constrained`: they allow nothing else), else `default` and `examples` together.
 */
function itemsType(object: SchemaObject): { type: string; constrained: boolean } | undefined {
  const enumValues = arraysOf(entry(object, 'enum')?.value, true);
  const constValue = arraysOf(entry(object, 'const')?.value, false);
  if (enumValues || constValue) {
    const type = oneType([...(enumValues ?? []), ...(constValue ?? [])]);
    return type ? { type, constrained: true } : undefined;
  }
  const hinted = [
    ...(arraysOf(entry(object, 'default')?.value, false) ?? []),
    ...(arraysOf(entry(object, 'examples')?.value, true) ?? []),
  ];
  const type = oneType(hinted);
  return type ? { type, constrained: false } : undefined;
}

/** The array values a keyword gives: itself (`list`: each entry of it) when arrays; else undefined. */
function arraysOf(node: Node | undefined, list: boolean): Node[] | undefined {
  if (!node) return undefined;
  const values = list ? (node.type === 'array' ? (node.children ?? []) : []) : [node];
  const arrays = values.filter((v) => v.type === 'array');
  return arrays.length === values.length && arrays.length > 0 ? arrays : undefined;
}

/** `string`, `boolean`, `integer` or `number` when every item of these arrays is of it; none for none. */
function oneType(arrays: readonly Node[]): string | undefined {
  const types = new Set<string>();
  for (const array of arrays)
    for (const item of array.children ?? []) {
      if (item.type === 'number') types.add(Number.isInteger(item.value) ? 'integer' : 'number');
      else if (item.type === 'string' || item.type === 'boolean') types.add(item.type);
      else return undefined;
    }
  if (types.size === 2 && types.has('integer') && types.has('number')) return 'number';
  return types.size === 1 ? [...types][0] : undefined;
}

function rewriteTypeList(
  pointer: string,
  objectAt: (pointer: string) => SchemaObject | undefined,
): FixData | undefined {
  const at = parentPointer(pointer);
  const object = objectAt(at);
  const list = object && entry(object, 'type')?.value;
  if (!object || list?.type !== 'array') return undefined;
  const names = (list.children ?? []).map((n) => (n.type === 'string' ? (n.value as string) : undefined));
  if (names.length === 0 || names.some((n) => n === undefined) || new Set(names).size !== names.length)
    return undefined;
  const types = names as string[];
  if (types.length === 1) {
    const edit = replaceValue(object, 'type', JSON.stringify(types[0]));
    return edit && fix('rewrite-type-list', `Write "type" as ${JSON.stringify(types[0])}`, pointer, [edit], true);
  }
  if (!entry(object, 'anyOf')) {
    const edit = replaceEntry(object, 'type', [['anyOf', inlineJson(types.map((type) => ({ type })))]]);
    return (
      edit && fix('rewrite-type-list', 'Write the "type" list as "anyOf" (the same values)', pointer, [edit], true)
    );
  }
  const kept = types.find((t) => t !== 'null') ?? types[0]!;
  const edit = replaceValue(object, 'type', JSON.stringify(kept));
  const dropped = types.filter((t) => t !== kept).join(', ');
  return (
    edit &&
    fix(
      'rewrite-type-list',
      `Keep "type" ${JSON.stringify(kept)} alone (the model may no longer send ${dropped})`,
      pointer,
      [edit],
      false,
    )
  );
}

function closeStrict(at: string, objectAt: (pointer: string) => SchemaObject | undefined): FixData | undefined {
  const object = objectAt(at);
  if (!object) return undefined;
  const properties = entry(object, 'properties')?.value;
  const names = properties?.type === 'object' ? entries({ ...object, node: properties }).map((e) => e.key) : [];
  const requiredNode = entry(object, 'required')?.value;
  const listed =
    requiredNode?.type === 'array'
      ? (requiredNode.children ?? []).flatMap((n) => (n.type === 'string' ? [n.value as string] : []))
      : [];
  const required = [...listed, ...names.filter((n) => !listed.includes(n))];
  const edits: OffsetEdit[] = [];
  const inserted: [string, string][] = [];
  const additional = entry(object, 'additionalProperties');
  if (!additional) inserted.push(['additionalProperties', 'false']);
  else if (!(additional.value?.type === 'boolean' && additional.value.value === false)) {
    const edit = replaceValue(object, 'additionalProperties', 'false');
    if (!edit) return undefined;
    edits.push(edit);
  }
  if (names.length > 0 && required.length !== listed.length) {
    if (requiredNode) {
      const edit = replaceValue(object, 'required', inlineJson(required));
      if (!edit) return undefined;
      edits.push(edit);
    } else inserted.push(['required', inlineJson(required)]);
  }
  if (inserted.length > 0) {
    const edit = insertAfter(object, inserted);
    if (!edit) return undefined;
    edits.push(edit);
  }
  if (edits.length === 0) return undefined;
  return fix(
    'close-strict-object',
    'Close the object for strict mode: "additionalProperties": false, every property required (the model must send every property, and no other)',
    at,
    edits,
    false,
  );
}

function fix(kind: FixData['kind'], title: string, at: string, edits: OffsetEdit[], safe: boolean): FixData {
  return { kind, title, proposed: at, edits, preferred: true, safety: safe ? 'safe' : 'unsafe' };
}
