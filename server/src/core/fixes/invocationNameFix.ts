import type { FixData, OffsetEdit } from '../findings';
import type { TextReader } from '../text/pieceText';
import { ownNames } from './namePool';
import type { ProposalContext } from './proposalContext';
import { computeWire } from '../census/wire';
import { quoteLike } from '../yaml/quote';
import { stringEdit } from '../source';
import { renameFix } from './renameFix';

/**
 * *Add invocationName* for an ADS capability: a candidate valid under ADS-2 and unique in the
 * manifest, inserted after `name` in the file's own layout (or replacing the value already
 * there, so the key is never repeated). Only an ADS manifest reads `invocationName`: with the
 * `ads` derivation forced on another format the property would change nothing, so
 * the fix there is a rename.
 */
export function invocationNameFix(context: ProposalContext, local: number, preferred: boolean): FixData | undefined {
  if (context.format !== 'ads-manifest') return renameFix(context, local, preferred);
  const tool = context.tools[local];
  if (!tool || tool.name === undefined) return undefined;
  let proposed = context.proposals.get(local);
  if (proposed === undefined) {
    const name = tool.name;
    const candidates = invocationCandidates(name, context.sharedNamespace());
    // None found: the capability name (never a valid invocationName, it has a ".") means "none".
    proposed = context.names.forTool(ownNames(tool), () => context.names.invocationName(candidates)) ?? name;
    context.proposals.set(local, proposed);
  }
  const existing = tool.declaration.invocationName;
  if (proposed === tool.name || proposed === existing?.value) return undefined;
  const insert = context.language === 'yaml' ? insertAfterYamlName : insertAfterName;
  const edit = existing
    ? stringEdit(context.text, existing.range, proposed)
    : insert(context.text, tool.declaration.name.range, proposed, context.eol());
  const title = existing
    ? `Set invocationName to ${JSON.stringify(proposed)}`
    : `Add invocationName ${JSON.stringify(proposed)}`;
  // Adding one keeps the capability's name, its identity; replacing one clients invoke (an
  // explicit wire name) changes what they send, while replacing an invalid one breaks no caller.
  const invoked = existing !== undefined && computeWire(tool.declaration, context.derivation).ads?.kind === 'explicit';
  return {
    kind: 'add-invocation-name',
    title: invoked ? `${title} (callers must use the new name)` : title,
    proposed,
    edits: [edit],
    preferred,
    safety: invoked ? 'unsafe' : 'safe',
  };
}

/**
 * From most to least readable: drop the namespace every capability shares, then keep the last
 * two segments, then the last one, then the whole derived name (the pool cuts and numbers it).
 */
function invocationCandidates(name: string, sharedNamespace: readonly string[]): string[] {
  const segments = name.split('.');
  const shared =
    sharedNamespace.length < segments.length &&
    sharedNamespace.every((s, i) => segments[i]?.toLowerCase() === s.toLowerCase())
      ? sharedNamespace.length
      : 0;
  const candidates = [segments.slice(shared).join('-')];
  if (segments.length >= 2) candidates.push(segments.slice(-2).join('-'));
  candidates.push(segments[segments.length - 1] ?? name);
  candidates.push(segments.join('-'));
  return candidates;
}

/** The leading segments (all but the last) that every capability name shares, case-insensitively. */
export function sharedNamespace(names: readonly string[]): string[] {
  const split = names.map((n) => n.split('.'));
  const first = split[0];
  if (!first) return [];
  const shared: string[] = [];
  for (let i = 0; i < first.length - 1; i++) {
    const segment = first[i]!.toLowerCase();
    if (!split.every((s) => s.length - 1 > i && s[i]!.toLowerCase() === segment)) break;
    shared.push(first[i]!);
  }
  return shared;
}

/**
 * Inserts `"invocationName": "..."` right after the `name` value. When the name property has a
 * line of its own, the new property gets its own line with the same indentation; in a one-line
 * object it goes inline.
 */
function insertAfterName(
  text: TextReader,
  nameValue: { start: number; end: number },
  value: string,
  eol: string,
): OffsetEdit {
  const lineStart = text.lastIndexOf('\n', nameValue.start - 1) + 1;
  const before = text.slice(lineStart, nameValue.start);
  const keyMatch = /^(\s*)"name"\s*:\s*$/.exec(before);
  const lineEnd = text.indexOf('\n', nameValue.end);
  const after = text.slice(nameValue.end, lineEnd === -1 ? text.length : lineEnd);
  const ownLine = keyMatch !== null && /^\s*,?\s*(\/\/.*)?\r?$/.test(after);
  const property = `"invocationName": ${JSON.stringify(value)}`;
  const newText = ownLine ? `,${eol}${keyMatch![1]}${property}` : `, ${property}`;
  return { range: { start: nameValue.end, end: nameValue.end }, oldText: '', newText };
}

/**
 * YAML: in a block mapping (`name:` starts its line, maybe after `- `), `invocationName:` goes on
 * a line of its own at the key's column, after any comment that ends the name's line; in a flow
 * mapping it goes inline. The value is quoted like the name. A layout this does not know (a name
 * on several lines, say) yields an edit the proof refuses, so the fix is then not offered.
 */
function insertAfterYamlName(
  text: TextReader,
  nameValue: { start: number; end: number },
  value: string,
  eol: string,
): OffsetEdit {
  const lineStart = text.lastIndexOf('\n', nameValue.start - 1) + 1;
  const before = text.slice(lineStart, nameValue.start);
  const keyMatch = /^(\s*)(-\s+)?(?:name|"name"|'name')\s*:\s+$/.exec(before);
  const lineEnd = text.indexOf('\n', nameValue.end);
  const end =
    lineEnd === -1 ? text.length : lineEnd > 0 && text.charCodeAt(lineEnd - 1) === 0x0d ? lineEnd - 1 : lineEnd;
  const after = text.slice(nameValue.end, end);
  const property = `invocationName: ${quoteLike(text.slice(nameValue.start, nameValue.end), value)}`;
  if (keyMatch !== null && /^\s*(#.*)?$/.test(after)) {
    const indent = keyMatch[1]! + ' '.repeat(keyMatch[2]?.length ?? 0);
    return { range: { start: end, end }, oldText: '', newText: `${eol}${indent}${property}` };
  }
  return { range: { start: nameValue.end, end: nameValue.end }, oldText: '', newText: `, ${property}` };
}
