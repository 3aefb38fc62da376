import { sha1Hex } from '../util/sha1';
import type { ClientOutcome, ClientRule, ClientTool } from './model';
import { ALONE, sentOrRenamed } from './shared';

const PREFIX = 'mcp__';
const MAX_LENGTH = 64;
const HASH_LENGTH = 12;
/** The `__` between namespace and tool in the flattened name, counted in the 64. */
const DELIMITER = '__';
const NUL = '\u0000';

/**
 * Codex CLI (codex-rs `codex-mcp/src/tools.rs`): every MCP server is a Responses `namespace`
 * `mcp__<server>` holding its tools; flattened, the model sees `mcp__<server>__<tool>`. Outside
 * ASCII [A-Za-z0-9_] becomes `_` (per code point). Namespaces or tools that sanitise alike, and
 * names over 64, get `_` + 12 hex of SHA-1 of the raw identity; exact duplicates are skipped.
 */
export const codex: ClientRule = {
  label: 'Codex CLI',
  version: 'codex-rs @00a35b1b (2026-04)',
  sources: [
    'openai/codex codex-rs/codex-mcp/src/tools.rs (unique_callable_parts, fit_callable_parts_with_hash)',
    'openai/codex#16944, #17404 (namespaces; hyphen replaced)',
  ],
  provider: 'openai',
  shape: 'mcp__<server>__<tool>, outside [A-Za-z0-9_] becomes _, SHA-1 suffix on clashes and over 64',
  rewrite(tools) {
    const rawTool = tools.map((t) => `${t.server}${NUL}${t.server}${NUL}${NUL}${t.tool}${NUL}${t.tool}`);
    const skipped = duplicates(rawTool);
    // A namespace and its raw identity are the server's: found once per server (hashed when two
    // servers sanitise alike), the same values a pass over every tool gives.
    const byServer = serverNamespaces(tools);
    const namespaces = tools.map((t) => byServer.get(t.server)!);
    const names = toolNames(tools, namespaces, rawTool);
    // Every place is written below: a kept tool's name, or a skipped duplicate's drop.
    const result = new Array<ClientOutcome>(tools.length);
    const kept = tools.map((_, i) => i).filter((i) => !skipped.has(i));
    // Codex makes names unique in the order of their raw identities. When every name fits and
    // none is taken twice, each keeps its own whatever the order: no sort of 10k long strings.
    const plain = new Set<string>();
    const fits = kept.every((i) => {
      const joined = namespaces[i]! + names[i]!;
      if (joined.length + DELIMITER.length > MAX_LENGTH || plain.has(joined)) return false;
      plain.add(joined);
      return true;
    });
    const order = fits
      ? kept
      : kept.sort((a, b) => (rawTool[a]! < rawTool[b]! ? -1 : rawTool[a]! > rawTool[b]! ? 1 : 0));
    const used = new Set<string>();
    for (const i of order) {
      // On the plain path the parts are the tool's own (no pair made for each of 10k tools).
      const wireName = fits
        ? `${namespaces[i]!}${DELIMITER}${names[i]!}`
        : joinParts(uniqueParts(namespaces[i]!, names[i]!, rawTool[i]!, used));
      result[i] = { wireName, fate: sentOrRenamed(tools[i]!, wireName), group: ALONE };
    }
    // One group per duplicated identity, shared by its members: a scan of every tool per skipped
    // one was quadratic (and held a copy of the group per member) for many tools of one name.
    // Without a duplicate there is no group to make (a list per tool was garbage).
    if (skipped.size === 0) return result;
    const groups = new Map<string, number[]>();
    for (const [j, raw] of rawTool.entries()) {
      const members = groups.get(raw);
      if (members) members.push(j);
      else groups.set(raw, [j]);
    }
    for (const i of skipped) {
      result[i] = {
        wireName: null,
        fate: 'dropped',
        reason: 'Codex skips an exact duplicate of a tool it already has ("skipping duplicated tool")',
        group: groups.get(rawTool[i]!)!,
      };
    }
    return result;
  },
};

/**
 * A tool's name on the plain path, which the rewrite takes while every name fits and none is
 * taken twice, and whether it could send the rewrite down the sorted path (`mayMeetAny`): a name
 * that might not fit even hashed, or that already ends like a hash (a hashed name could take it).
 * Tools whose `key`s differ never meet on that path.
 */
export function plainName(tool: ClientTool): {
  readonly wireName: string;
  readonly key: string;
  readonly mayMeetAny: boolean;
} {
  const namespace = namespaceOf(tool.server);
  const name = sanitize(tool.tool);
  const wireName = `${namespace}${DELIMITER}${name}`;
  const fitsHashed = wireName.length + 1 + HASH_LENGTH <= MAX_LENGTH;
  return { wireName, key: `${namespace}${NUL}${name}`, mayMeetAny: !fitsHashed || HASH_LIKE.test(name) };
}

function joinParts([ns, name]: readonly [string, string]): string {
  return `${ns}${DELIMITER}${name}`;
}

/** A name that ends as a hashed one does: `_` and 12 lower-case hex digits. */
const HASH_LIKE = new RegExp(`_[0-9a-f]{${HASH_LENGTH}}$`);

function sanitize(name: string): string {
  // Per code point (the `u` flag): a surrogate pair becomes one `_`, as Rust's chars() gives.
  const out = name.replace(OUTSIDE_IDENTIFIER, '_');
  return out.length > 0 ? out : '_';
}

const OUTSIDE_IDENTIFIER = /[^A-Za-z0-9_]/gu;

function namespaceOf(server: string): string {
  const safe = sanitize(server);
  return safe.startsWith(PREFIX) ? safe : `${PREFIX}${safe}`;
}

function appendNamespaceHash(namespace: string, raw: string): string {
  const suffix = `_${sha1Hex(raw).slice(0, HASH_LENGTH)}`;
  return namespace.endsWith(DELIMITER)
    ? `${namespace.slice(0, -DELIMITER.length)}${suffix}${DELIMITER}`
    : `${namespace}${suffix}`;
}

/** Each server's namespace: `mcp__<server>`, with the hash of its identity when another server's sanitises alike. */
function serverNamespaces(tools: readonly ClientTool[]): Map<string, string> {
  const servers = [...new Set(tools.map((t) => t.server))];
  const namespaces = hashShared(
    servers.map(namespaceOf),
    servers.map((server) => `${server}${NUL}${server}${NUL}`),
    appendNamespaceHash,
  );
  return new Map(servers.map((server, i) => [server, namespaces[i]!]));
}

/**
 * Each tool's sanitised name, with the hash of its raw identity when another tool of the same
 * namespace sanitises alike: `hashShared` over `namespace + NUL + name` keys, without the keys
 * (a namespace holds no NUL, so the pair and the joined key are told apart alike).
 */
function toolNames(tools: readonly ClientTool[], namespaces: readonly string[], rawTool: readonly string[]): string[] {
  const sanitized = tools.map((t) => sanitize(t.tool));
  const rawByName = new Map<string, Map<string, string | typeof SHARED>>();
  sanitized.forEach((name, i) => {
    const ns = namespaces[i]!;
    let inNamespace = rawByName.get(ns);
    if (!inNamespace) rawByName.set(ns, (inNamespace = new Map()));
    const seen = inNamespace.get(name);
    if (seen === undefined) inNamespace.set(name, rawTool[i]!);
    else if (seen !== SHARED && seen !== rawTool[i]) inNamespace.set(name, SHARED);
  });
  return sanitized.map((name, i) =>
    rawByName.get(namespaces[i]!)!.get(name) === SHARED
      ? `${name}_${sha1Hex(rawTool[i]!).slice(0, HASH_LENGTH)}`
      : name,
  );
}

/** Keys that several distinct raw identities share get the hash of their own identity. */
function hashShared(
  keys: readonly string[],
  raws: readonly string[],
  withHash: (key: string, raw: string) => string,
): string[] {
  // A key's one raw identity, or SHARED once a second one comes (no set per key: nearly all are alone).
  const rawByKey = new Map<string, string | typeof SHARED>();
  keys.forEach((key, i) => {
    const seen = rawByKey.get(key);
    if (seen === undefined) rawByKey.set(key, raws[i]!);
    else if (seen !== SHARED && seen !== raws[i]) rawByKey.set(key, SHARED);
  });
  return keys.map((key, i) => (rawByKey.get(key) === SHARED ? withHash(key, raws[i]!) : key));
}

const SHARED = Symbol('shared');

function duplicates(raws: readonly string[]): Set<number> {
  const seen = new Set<string>();
  const skipped = new Set<number>();
  raws.forEach((raw, i) => (seen.has(raw) ? skipped.add(i) : seen.add(raw)));
  return skipped;
}

/** Fits namespace + `__` + name into 64 and makes it unique, rehashing with `raw\0n` until it is. */
function uniqueParts(namespace: string, name: string, raw: string, used: Set<string>): [string, string] {
  if (namespace.length + name.length + DELIMITER.length <= MAX_LENGTH && !used.has(namespace + name)) {
    used.add(namespace + name);
    return [namespace, name];
  }
  for (let attempt = 0; ; attempt++) {
    const identity = attempt === 0 ? raw : `${raw}${NUL}${attempt}`;
    const suffix = `_${sha1Hex(identity).slice(0, HASH_LENGTH)}`;
    const room = MAX_LENGTH - (namespace.length + DELIMITER.length);
    const parts: [string, string] =
      room >= suffix.length
        ? [namespace, name.slice(0, room - suffix.length) + suffix]
        : [namespace.slice(0, MAX_LENGTH - (suffix.length + DELIMITER.length)), suffix];
    if (!used.has(parts[0] + parts[1])) {
      used.add(parts[0] + parts[1]);
      return parts;
    }
  }
}
