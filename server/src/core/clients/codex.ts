import { sha1Hex } from '../util/sha1';
import type { ClientOutcome, ClientRule } from './model';
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
    const rawNs = tools.map((t) => `${t.server}${NUL}${t.server}${NUL}`);
    const rawTool = tools.map((t, i) => `${rawNs[i]}${NUL}${t.tool}${NUL}${t.tool}`);
    const skipped = duplicates(rawTool);
    const namespaces = hashShared(
      tools.map((t) => namespaceOf(t.server)),
      rawNs,
      appendNamespaceHash,
    );
    const names = hashShared(
      tools.map((t, i) => `${namespaces[i]}${NUL}${sanitize(t.tool)}`),
      rawTool,
      (key, raw) => `${key}_${sha1Hex(raw).slice(0, HASH_LENGTH)}`,
    ).map((key) => key.slice(key.indexOf(NUL) + 1));
    const result: ClientOutcome[] = tools.map(() => ({ wireName: null, fate: 'dropped', group: ALONE }));
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
      const [ns, name] = fits ? [namespaces[i]!, names[i]!] : uniqueParts(namespaces[i]!, names[i]!, rawTool[i]!, used);
      const wireName = `${ns}${DELIMITER}${name}`;
      result[i] = { wireName, fate: sentOrRenamed(tools[i]!, wireName), group: ALONE };
    }
    // One group per duplicated identity, shared by its members: a scan of every tool per skipped
    // one was quadratic (and held a copy of the group per member) for many tools of one name.
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
  // Tools meet only through a shared key (its members take hashes of their own identities, or
  // duplicates are skipped) while every name fits even hashed: then the plain path runs and no
  // other tool's name moves. A name that might not fit, or that already ends like a hash (a
  // hashed name could take it), may send the rewrite down the sorted path: null.
  oneByOne: {
    scope: 'key',
    at(tool) {
      const namespace = namespaceOf(tool.server);
      const name = sanitize(tool.tool);
      const wireName = `${namespace}${DELIMITER}${name}`;
      const fitsHashed = wireName.length + 1 + HASH_LENGTH <= MAX_LENGTH;
      return {
        key: fitsHashed && !HASH_LIKE.test(name) ? `${namespace}${NUL}${name}` : null,
        outcome: { wireName, fate: sentOrRenamed(tool, wireName), group: ALONE },
      };
    },
  },
};

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
