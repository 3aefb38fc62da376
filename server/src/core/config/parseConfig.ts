import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { parseJsonTree } from '../json/tree';
import { FINDING_CODES, SEVERITIES, type FindingCode, type SeveritySetting } from '../findings';
import { ALL_PROVIDER_IDS, isProviderId, type ProviderId } from '../profiles/providers';
import { DERIVATION_IDS, type DerivationId } from '../wire/derivations';
import { ALL_CLIENT_IDS, isClientId } from '../clients/profiles';
import type { ClientId } from '../clients/profiles';
import { MAX_GLOB_LENGTH, MAX_GLOBS } from './glob';
import type { ConfigOverride, ConfigProblem, IgnoreEntry, ParsedConfig, ToolwireConfig } from './model';

const TOP_LEVEL_KEYS = new Set([
  '$schema',
  'targets',
  'reservedNames',
  'severity',
  'ignore',
  'overrides',
  'clients',
  'servers',
  'assumedServerNameLength',
]);

/**
 * Reads `.toolwire.json` (JSONC). Never throws and never drops a mistake silently: every value
 * that cannot be used comes back as a problem with its range, and the rest of the file still
 * applies (a typo in one severity must not switch the whole config off).
 */
export function parseConfig(text: string): ParsedConfig {
  try {
    return parseUnsafe(text);
  } catch (error) {
    // Nothing here is known to throw; if something does, it is a config problem, not a crash.
    const reason = error instanceof Error ? error.message : String(error);
    return {
      config: {},
      problems: [
        {
          severity: 'error',
          message: `.toolwire.json could not be read: ${reason}`,
          range: { start: 0, end: Math.min(1, text.length) },
        },
      ],
    };
  }
}

function parseUnsafe(text: string): ParsedConfig {
  const errors: ParseError[] = [];
  const root = parseJsonTree(text, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: true,
  });
  const problems = new ProblemList();
  for (const e of errors)
    problems.push({
      severity: 'error',
      message: `.toolwire.json is not valid JSON: ${printParseErrorCode(e.error)}`,
      range: { start: e.offset, end: e.offset + e.length },
    });
  if (!root) return { config: {}, problems: problems.said() };
  if (root.type !== 'object') {
    problems.push(problem(root, '.toolwire.json must hold an object, e.g. { "targets": ["openai"] }'));
    return { config: {}, problems: problems.said() };
  }
  const reader = new ConfigReader(problems);
  const config: { -readonly [K in keyof ToolwireConfig]: ToolwireConfig[K] } = {};
  for (const prop of root.children ?? []) {
    const [keyNode, value] = prop.children ?? [];
    if (!keyNode || !value) continue;
    const key = String(keyNode.value);
    switch (key) {
      case 'targets':
        config.targets = reader.providers(value);
        break;
      case 'reservedNames':
        config.reservedNames = reader.strings(value, 'reservedNames');
        break;
      case 'ignore': {
        const ignore = reader.ignore(value);
        config.ignore = ignore?.globs;
        if (ignore && ignore.entries.length > 0) config.suppressions = ignore.entries;
        break;
      }
      case 'severity':
        config.severity = reader.severity(value);
        break;
      case 'overrides':
        config.overrides = reader.overrides(value);
        break;
      case 'clients':
        config.clients = reader.clients(value);
        break;
      case 'servers':
        config.servers = reader.servers(value);
        break;
      case 'assumedServerNameLength':
        config.assumedServerNameLength = reader.length(value, key);
        break;
      default:
        if (!TOP_LEVEL_KEYS.has(key))
          problems.push({
            ...problem(
              keyNode,
              `Unknown setting "${key}" (known: ${[...TOP_LEVEL_KEYS].filter((k) => k !== '$schema').join(', ')}).`,
            ),
            severity: 'warning',
          });
    }
  }
  return { config, problems: problems.said() };
}

/** At most this many problems are listed; past it, one more says how many were left out. */
export const MAX_CONFIG_PROBLEMS = 100;

/**
 * The problems found, as they are said: one repeated word for word (20,000 globs over the limit,
 * a million empty ones) once, at its first place, with how many more there are; past
 * MAX_CONFIG_PROBLEMS different ones the rest are counted, not kept. A hostile config printed
 * hundreds of megabytes of identical lines and held every message in memory.
 */
class ProblemList {
  private readonly first = new Map<string, { readonly problem: ConfigProblem; more: number }>();
  private overflow: { readonly range: ConfigProblem['range']; count: number; errors: boolean } | undefined;

  push(p: ConfigProblem): void {
    const key = `${p.severity}\u0000${p.message}`;
    const seen = this.first.get(key);
    if (seen) seen.more += 1;
    else if (this.first.size < MAX_CONFIG_PROBLEMS) this.first.set(key, { problem: p, more: 0 });
    else {
      this.overflow ??= { range: p.range, count: 0, errors: false };
      this.overflow.count += 1;
      if (p.severity === 'error') this.overflow.errors = true;
    }
  }

  said(): ConfigProblem[] {
    const said = [...this.first.values()].map(({ problem: p, more }) =>
      more === 0 ? p : { ...p, message: `${p.message} (and ${more} more like it)` },
    );
    const { overflow } = this;
    if (overflow)
      said.push({
        severity: overflow.errors ? 'error' : 'warning',
        message: `.toolwire.json has ${overflow.count} more problems; fix the ones above first.`,
        range: overflow.range,
      });
    return said;
  }
}

function problem(node: Node, message: string): ConfigProblem {
  return { severity: 'error', message, range: { start: node.offset, end: node.offset + node.length } };
}

class ConfigReader {
  /** Globs accepted so far, across the file: matching one path costs their total length. */
  private globCount = 0;

  constructor(private readonly problems: ProblemList) {}

  /**
   * Globs, bounded: matching is linear in pattern x path, so a config from a cloned repository
   * must not make the product huge. A glob that is refused is a problem and is
   * not used; the other globs still apply.
   */
  globs(node: Node, what: string, oneMayStandAlone = false): string[] | undefined {
    const single = oneMayStandAlone && node.type === 'string';
    if (!single && !this.strings(node, what)) return undefined;
    const out: string[] = [];
    for (const item of single ? [node] : (node.children ?? [])) {
      if (item.type !== 'string') continue;
      const glob = item.value as string;
      if (glob.length === 0) this.problems.push(problem(item, `An empty glob in "${what}" matches nothing.`));
      else if (glob.length > MAX_GLOB_LENGTH)
        this.problems.push(
          problem(
            item,
            `A glob in "${what}" is ${glob.length} characters long; at most ${MAX_GLOB_LENGTH} are allowed.`,
          ),
        );
      else if (this.globCount >= MAX_GLOBS)
        this.problems.push(problem(item, `Too many globs: .toolwire.json may hold at most ${MAX_GLOBS}.`));
      else {
        this.globCount += 1;
        out.push(glob);
      }
    }
    return out;
  }

  /**
   * `ignore`: a glob skips whole files; an object `{ "file", "tool"?, "code", "reason"? }`
   * silences codes in the files its glob matches (suppressions for plain JSON, which has no
   * comments). A bad entry is a problem and is not used; the others still apply.
   */
  ignore(node: Node): { globs: string[]; entries: IgnoreEntry[] } | undefined {
    if (node.type !== 'array') {
      this.problems.push(
        problem(node, '"ignore" must be an array of globs or of { "file", "tool"?, "code", "reason"? } entries.'),
      );
      return undefined;
    }
    const globs: string[] = [];
    const entries: IgnoreEntry[] = [];
    for (const item of node.children ?? []) {
      if (item.type === 'string') for (const glob of this.globs(item, 'ignore', true) ?? []) globs.push(glob);
      else if (item.type === 'object') {
        const entry = this.ignoreEntry(item, entries.length);
        if (entry) entries.push(entry);
      } else
        this.problems.push(
          problem(
            item,
            '"ignore" entries must be strings. (An object entry is a suppression: { "file", "code", "tool"?, "reason"? }.)',
          ),
        );
    }
    return { globs, entries };
  }

  private ignoreEntry(node: Node, index: number): IgnoreEntry | undefined {
    let file: string | undefined;
    let tool: string | undefined;
    let reason: string | undefined;
    let codes: { code: FindingCode; range: { start: number; end: number } }[] | undefined;
    for (const prop of node.children ?? []) {
      const [keyNode, value] = prop.children ?? [];
      if (!keyNode || !value) continue;
      const key = String(keyNode.value);
      if (key === 'file') {
        if (value.type === 'string') file = this.globs(value, 'ignore[].file', true)?.[0];
        else this.problems.push(problem(value, '"file" must be a glob relative to this file, e.g. "tools/*.json".'));
      } else if (key === 'tool') {
        if (value.type === 'string' && (value.value as string).length > 0) tool = value.value as string;
        else
          this.problems.push(
            problem(value, '"tool" must be a tool\'s name as written in the file (leave it out for every tool).'),
          );
      } else if (key === 'reason') {
        if (value.type === 'string') reason = value.value as string;
        else this.problems.push(problem(value, '"reason" must be a string.'));
      } else if (key === 'code') codes = this.ignoreCodes(value);
      else
        this.problems.push({
          ...problem(keyNode, `Unknown ignore setting "${key}" (known: file, tool, code, reason).`),
          severity: 'warning',
        });
    }
    if (file === undefined) {
      this.problems.push(
        problem(node, 'An ignore entry needs "file": a glob of the files it applies to, e.g. "tools/*.json".'),
      );
      return undefined;
    }
    if (!codes || codes.length === 0) {
      if (!codes)
        this.problems.push(problem(node, 'An ignore entry needs "code": the code it silences, or a list of codes.'));
      return undefined;
    }
    return {
      index,
      file,
      codes,
      ...(tool !== undefined ? { tool } : {}),
      ...(reason !== undefined ? { reason } : {}),
      range: { start: node.offset, end: node.offset + node.length },
    };
  }

  /** `"code": "wire-collision"` or a list; unknown codes are problems (a typo would silence nothing). */
  private ignoreCodes(node: Node): { code: FindingCode; range: { start: number; end: number } }[] {
    const items = node.type === 'array' ? (node.children ?? []) : [node];
    if (node.type === 'array' && items.length === 0)
      this.problems.push(problem(node, '"code" must name at least one code.'));
    const out: { code: FindingCode; range: { start: number; end: number } }[] = [];
    for (const item of items) {
      if (item.type !== 'string') {
        this.problems.push(problem(item, '"code" must be a code or a list of codes, e.g. "wire-collision".'));
        continue;
      }
      const code = item.value as string;
      if (code === 'unused-suppression')
        this.problems.push(
          problem(
            item,
            'unused-suppression cannot be suppressed: remove the suppression that silences nothing instead.',
          ),
        );
      else if ((FINDING_CODES as readonly string[]).includes(code))
        out.push({ code: code as FindingCode, range: { start: item.offset, end: item.offset + item.length } });
      else
        this.problems.push(
          problem(
            item,
            `Unknown diagnostic code "${code}". Known: ${FINDING_CODES.filter((c) => c !== 'unused-suppression').join(', ')}.`,
          ),
        );
    }
    return out;
  }

  strings(node: Node, what: string): string[] | undefined {
    if (node.type !== 'array') {
      this.problems.push(problem(node, `"${what}" must be an array of strings.`));
      return undefined;
    }
    const out: string[] = [];
    for (const item of node.children ?? []) {
      if (item.type === 'string') out.push(item.value as string);
      else this.problems.push(problem(item, `"${what}" entries must be strings.`));
    }
    return out;
  }

  providers(node: Node): ProviderId[] | undefined {
    const names = this.strings(node, 'targets');
    if (!names) return undefined;
    const out: ProviderId[] = [];
    (node.children ?? []).forEach((item) => {
      if (item.type !== 'string') return;
      const id = item.value as string;
      if (isProviderId(id)) out.push(id);
      else this.problems.push(problem(item, `Unknown provider "${id}". Known: ${ALL_PROVIDER_IDS.join(', ')}.`));
    });
    if (out.length === 0 && names.length === 0)
      this.problems.push(problem(node, '"targets" must name at least one provider.'));
    return out.length > 0 ? out : undefined;
  }

  clients(node: Node): ClientId[] | undefined {
    const names = this.strings(node, 'clients');
    if (!names) return undefined;
    const out: ClientId[] = [];
    for (const item of node.children ?? []) {
      if (item.type !== 'string') continue;
      const id = item.value as string;
      if (isClientId(id)) out.push(id);
      else this.problems.push(problem(item, `Unknown client "${id}". Known: ${ALL_CLIENT_IDS.join(', ')}.`));
    }
    return out;
  }

  /** `{ "<server>": "tools/x.json" | ["glob", ...] }` */
  servers(node: Node): Record<string, string[]> | undefined {
    if (node.type !== 'object') {
      this.problems.push(
        problem(
          node,
          '"servers" must map each MCP server name to its tool files, e.g. { "github": ["tools/github.json"] }.',
        ),
      );
      return undefined;
    }
    const out: Record<string, string[]> = {};
    for (const prop of node.children ?? []) {
      const [keyNode, value] = prop.children ?? [];
      if (!keyNode || !value) continue;
      const name = String(keyNode.value);
      if (name.length === 0) {
        this.problems.push(problem(keyNode, 'A server name cannot be empty.'));
        continue;
      }
      const files = this.globs(value, `servers.${name}`, true);
      if (files && files.length > 0) out[name] = files;
      else if (files) this.problems.push(problem(value, `Server "${name}" lists no tool files.`));
    }
    return out;
  }

  /** A whole number of characters, at least 1. */
  length(node: Node, what: string): number | undefined {
    if (
      node.type === 'number' &&
      Number.isInteger(node.value) &&
      (node.value as number) >= 1 &&
      (node.value as number) <= 1000
    )
      return node.value as number;
    this.problems.push(problem(node, `"${what}" must be a whole number of characters from 1 to 1000.`));
    return undefined;
  }

  derivation(node: Node): DerivationId | undefined {
    if (node.type === 'string' && (DERIVATION_IDS as readonly string[]).includes(node.value as string))
      return node.value as DerivationId;
    this.problems.push(problem(node, `"derivation" must be one of ${DERIVATION_IDS.join(', ')}.`));
    return undefined;
  }

  severity(node: Node): Partial<Record<FindingCode, SeveritySetting>> | undefined {
    if (node.type !== 'object') {
      this.problems.push(problem(node, '"severity" must be an object such as { "renamed-on-wire": "off" }.'));
      return undefined;
    }
    const out: Partial<Record<FindingCode, SeveritySetting>> = {};
    for (const prop of node.children ?? []) {
      const [keyNode, value] = prop.children ?? [];
      if (!keyNode || !value) continue;
      const code = String(keyNode.value);
      if (!(FINDING_CODES as readonly string[]).includes(code)) {
        this.problems.push(problem(keyNode, `Unknown diagnostic code "${code}". Known: ${FINDING_CODES.join(', ')}.`));
        continue;
      }
      const level = value.type === 'string' ? (value.value as string) : undefined;
      if (level === 'off' || (level !== undefined && (SEVERITIES as readonly string[]).includes(level)))
        out[code as FindingCode] = level as SeveritySetting;
      else this.problems.push(problem(value, `Severity must be one of error, warning, information, hint, off.`));
    }
    return out;
  }

  overrides(node: Node): ConfigOverride[] | undefined {
    if (node.type !== 'array') {
      this.problems.push(
        problem(node, '"overrides" must be an array of { "files": [...], "derivation"?, "targets"? }.'),
      );
      return undefined;
    }
    const out: ConfigOverride[] = [];
    for (const item of node.children ?? []) {
      if (item.type !== 'object') {
        this.problems.push(problem(item, 'Each override must be an object.'));
        continue;
      }
      const entry: { files?: string[]; derivation?: DerivationId; targets?: ProviderId[] } = {};
      for (const prop of item.children ?? []) {
        const [keyNode, value] = prop.children ?? [];
        if (!keyNode || !value) continue;
        const key = String(keyNode.value);
        if (key === 'files') entry.files = this.globs(value, 'files');
        else if (key === 'derivation') entry.derivation = this.derivation(value);
        else if (key === 'targets') entry.targets = this.providers(value);
        else
          this.problems.push({
            ...problem(keyNode, `Unknown override setting "${key}" (known: files, derivation, targets).`),
            severity: 'warning',
          });
      }
      if (!entry.files || entry.files.length === 0) {
        this.problems.push(problem(item, 'An override needs "files": a list of globs it applies to.'));
        continue;
      }
      out.push({
        files: entry.files,
        ...(entry.derivation ? { derivation: entry.derivation } : {}),
        ...(entry.targets ? { targets: entry.targets } : {}),
      });
    }
    return out;
  }
}
