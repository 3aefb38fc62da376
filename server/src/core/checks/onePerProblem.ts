import { CLIENTS } from '../clients/profiles';
import { SEVERITIES, uniqueLocations, type Finding, type FindingCode, type RelatedLocation } from '../findings';

/**
 * The codes that say what becomes of one tool's name on the wire, most telling first: when one
 * tool has several, they are one problem (its name), told in one diagnostic.
 */
const NAME_FATE_CODES: readonly FindingCode[] = [
  'invalid-name',
  'reserved-name',
  'wire-collision',
  'client-rejected',
  'client-collision',
  'case-collision',
  'client-dropped',
];
const RANK = new Map(NAME_FATE_CODES.map((code, index) => [code, index]));

/**
 * One problem, one diagnostic: a tool whose name is rejected, collides and is dropped (by the
 * runtime and by several clients) gets one finding, not five. The most severe, most telling
 * finding leads; the others join its detail, related locations, clients and `also`, so the hover,
 * `--verbose`, JSON and SARIF keep every fact while the Problems panel shows one line per tool.
 * Runs after the user's severities and suppressions: a suppressed code is gone before it could
 * be folded, and a code turned off never leads.
 */
export function onePerProblem(findings: readonly Finding[]): Finding[] {
  const byTool = new Map<string, number[]>();
  findings.forEach((finding, index) => {
    if (finding.tool === undefined || !RANK.has(finding.code)) return;
    const key = `${finding.tool}\u0000${finding.range.start}`;
    const list = byTool.get(key);
    if (list) list.push(index);
    else byTool.set(key, [index]);
  });
  if (byTool.size === 0) return [...findings];
  const replaced = new Map<number, Finding | undefined>();
  for (const indexes of byTool.values()) {
    if (indexes.length < 2) {
      const only = findings[indexes[0]!]!;
      const own = withoutOwnPlace(only.related, only);
      if (own !== only.related) replaced.set(indexes[0]!, { ...only, related: own });
      continue;
    }
    const members = indexes.map((i) => findings[i]!).sort(leadFirst);
    const lead = members[0]!;
    replaced.set(indexes[0]!, folded(lead, members.slice(1)));
    for (const index of indexes.slice(1)) replaced.set(index, undefined);
  }
  const out: Finding[] = [];
  findings.forEach((finding, index) => {
    if (!replaced.has(index)) out.push(finding);
    else {
      const replacement = replaced.get(index);
      if (replacement) out.push(replacement);
    }
  });
  return out;
}

function leadFirst(a: Finding, b: Finding): number {
  return SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || RANK.get(a.code)! - RANK.get(b.code)!;
}

function folded(lead: Finding, rest: readonly Finding[]): Finding {
  const clients = [...new Set([...(lead.clients ?? []), ...rest.flatMap((f) => f.clients ?? [])])];
  const profiles = [...new Set([...(lead.profiles ?? []), ...rest.flatMap((f) => f.profiles ?? [])])];
  const related = uniqueLocations([lead.related, ...rest.map((f) => f.related)].flat()).filter(
    (r) => !atOwnPlace(r, lead),
  );
  const fix = lead.fix ?? rest.find((f) => f.fix)?.fix;
  // The tool's name fix, asked by whichever of its findings asks for one (built later, once per tool).
  const nameFix = lead.nameFix ?? rest.find((f) => f.nameFix)?.nameFix;
  const also = rest.map((f) => f.code);
  return {
    ...lead,
    message: `${lead.message} ${alsoClause(rest)}`,
    detail: [lead.detail, ...rest.map((f) => `${f.message}${f.detail ? ` ${f.detail}` : ''}`)]
      .filter((text) => text !== '')
      .join('\n'),
    related,
    also,
    ...(clients.length > 0 ? { clients } : {}),
    ...(profiles.length > 0 ? { profiles } : {}),
    ...(fix ? { fix } : {}),
    ...(nameFix ? { nameFix } : {}),
  };
}

/** `Also fails the request in 5 clients and is left out by 1.`: a few words per folded fact. */
function alsoClause(rest: readonly Finding[]): string {
  const parts = rest.map((finding) => {
    const inClients = whichClients(finding);
    switch (finding.code) {
      case 'client-rejected':
        return `fails the request${inClients}`;
      case 'client-dropped':
        return `is left out${inClients}`;
      case 'client-collision':
        return `shares its name with another tool${inClients}`;
      case 'wire-collision':
        return 'collides in the agent runtime';
      case 'case-collision':
        return 'differs from another tool only by case';
      case 'reserved-name':
        return 'takes a reserved name';
      default:
        return 'is rejected by a provider';
    }
  });
  return `Also ${parts.join(', ')}.`;
}

/** ` in VS Code`, ` in Cursor and Cline`, ` in 5 clients`: short enough for one line. */
function whichClients(finding: Finding): string {
  const clients = finding.clients ?? [];
  if (clients.length === 0) return '';
  if (clients.length > 2) return ` in ${clients.length} clients`;
  return ` in ${clients.map((id) => CLIENTS[id]?.label ?? id).join(' and ')}`;
}

function atOwnPlace(location: RelatedLocation, finding: Finding): boolean {
  return (
    location.file === undefined &&
    location.range.start === finding.range.start &&
    location.range.end === finding.range.end
  );
}

/** Related information points only at other places: a row at the diagnostic's own range repeats it. */
function withoutOwnPlace(related: readonly RelatedLocation[], finding: Finding): readonly RelatedLocation[] {
  return related.some((r) => atOwnPlace(r, finding)) ? related.filter((r) => !atOwnPlace(r, finding)) : related;
}
