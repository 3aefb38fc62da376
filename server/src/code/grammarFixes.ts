import type { CodeGrammar } from '../core';

/**
 * Upstream fixes a shipped grammar lacks, applied to its WebAssembly before it is loaded.
 *
 * tree-sitter-swift 0.7.1 (the newest on npm, and what @repomix/tree-sitter-wasms 0.1.17 builds)
 * creates its external scanner's state with `calloc(0, sizeof(struct ScannerState))`: zero
 * bytes, so `ongoing_raw_str_hash_count` is whatever the allocator's free chunk held (a free-list
 * pointer, in WASM), and it differs from parse to parse. While it is not 0, every scanner call in
 * error recovery reads to the end of the file looking for the closing `#`s of a raw string the
 * text does not have: a stray `"""` typed into a file with long names made a 49,000-character
 * file take 11 s to parse, and the same text fast or slow depending on what was parsed before.
 * Upstream fixed it in alex-pinkus/tree-sitter-swift 8abb3e8 (PR #554, release 0.7.2:
 * `calloc(0,` → `calloc(1,`), never published to npm. The same one-byte change is made here, only
 * where the compiled function is exactly `calloc(0, size)`: a grammar built with the fix (or
 * changed in any other way) is loaded as it is, and test/core/grammarFixes.test.ts says so.
 */
export function fixedGrammar(grammar: CodeGrammar, bytes: Uint8Array): Uint8Array {
  if (grammar !== 'swift') return bytes;
  const at = zeroCountOfCalloc(bytes, 'tree_sitter_swift_external_scanner_create');
  if (at === undefined) return bytes;
  const fixed = bytes.slice();
  fixed[at] = 1;
  return fixed;
}

/**
 * Where the `0` of `calloc(0, size)` is in the body of the function `name` (named by the module's
 * `name` section: a grammar's scanner functions are reached through its table, not exported),
 * when that body is exactly `i32.const 0; i32.const size; call calloc; end` with `calloc`
 * imported from `env` (so the constant's one byte can become `1` without moving anything);
 * otherwise undefined. Reads only the import, code and name sections; never throws.
 */
export function zeroCountOfCalloc(bytes: Uint8Array, name: string): number | undefined {
  try {
    return findZeroCount(bytes, name);
  } catch {
    return undefined;
  }
}

const WASM_MAGIC = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
const SECTION = { custom: 0, import: 2, code: 10 } as const;
const FUNCTION_NAMES = 1;
const I32_CONST = 0x41;
const CALL = 0x10;
const END = 0x0b;

function findZeroCount(bytes: Uint8Array, name: string): number | undefined {
  if (!WASM_MAGIC.every((b, i) => bytes[i] === b)) return undefined;
  const reader = new Reader(bytes, WASM_MAGIC.length);
  let importedFunctions: string[] = [];
  let named: number | undefined;
  let code: { start: number; end: number } | undefined;
  while (reader.at < bytes.length) {
    const id = reader.byte();
    const size = reader.u32();
    const start = reader.at;
    const end = start + size;
    if (end > bytes.length) return undefined;
    if (id === SECTION.import) importedFunctions = readImports(new Reader(bytes, start));
    else if (id === SECTION.custom) named ??= functionNamed(new Reader(bytes, start), end, name);
    else if (id === SECTION.code) code = { start, end };
    reader.at = end;
  }
  if (named === undefined || code === undefined || named < importedFunctions.length) return undefined;
  const body = functionBody(new Reader(bytes, code.start), named - importedFunctions.length);
  if (!body) return undefined;
  // No locals, then the four instructions.
  const r = new Reader(bytes, body.start);
  if (r.u32() !== 0 || r.byte() !== I32_CONST) return undefined;
  const zeroAt = r.at;
  if (r.byte() !== 0 || r.byte() !== I32_CONST) return undefined;
  r.u32(); // the size: any
  if (r.byte() !== CALL) return undefined;
  const callee = r.u32();
  if (importedFunctions[callee] !== 'env.calloc') return undefined;
  return r.byte() === END && r.at === body.end ? zeroAt : undefined;
}

/** The imports' names, `module.field`, of the imported functions in index order. */
function readImports(r: Reader): string[] {
  const functions: string[] = [];
  const count = r.u32();
  for (let i = 0; i < count; i++) {
    const module = r.name();
    const field = r.name();
    const kind = r.byte();
    if (kind === 0) {
      r.u32();
      functions.push(`${module}.${field}`);
    } else if (kind === 1) {
      r.byte();
      r.limits();
    } else if (kind === 2) r.limits();
    else if (kind === 3) {
      r.byte();
      r.byte();
    } else if (kind === 4) {
      r.byte();
      r.u32();
    } else throw new Error(`unknown import kind ${kind}`);
  }
  return functions;
}

/** In a custom section ending at `end`: when it is the `name` section, the index of the function called `name`. */
function functionNamed(r: Reader, end: number, name: string): number | undefined {
  if (r.name() !== 'name') return undefined;
  while (r.at < end) {
    const id = r.byte();
    const size = r.u32();
    const next = r.at + size;
    if (id === FUNCTION_NAMES) {
      const count = r.u32();
      for (let i = 0; i < count; i++) {
        const index = r.u32();
        if (r.name() === name) return index;
      }
    }
    r.at = next;
  }
  return undefined;
}

/** The byte range of the `index`-th body in the code section. */
function functionBody(r: Reader, index: number): { start: number; end: number } | undefined {
  const count = r.u32();
  if (index >= count) return undefined;
  for (let i = 0; i < index; i++) {
    const size = r.u32();
    r.at += size;
  }
  const size = r.u32();
  return { start: r.at, end: r.at + size };
}

/** A cursor over the module's bytes; reading past the end throws (caught by `zeroCountOfCalloc`). */
class Reader {
  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
  ) {}

  byte(): number {
    const b = this.bytes[this.at];
    if (b === undefined) throw new Error('unexpected end of module');
    this.at += 1;
    return b;
  }

  /** An unsigned LEB128 of at most five bytes (WASM pads relocatable ones to five). */
  u32(): number {
    let value = 0;
    for (let shift = 0; shift < 35; shift += 7) {
      const b = this.byte();
      value += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return value;
    }
    throw new Error('LEB128 longer than five bytes');
  }

  name(): string {
    const length = this.u32();
    const start = this.at;
    this.at += length;
    if (this.at > this.bytes.length) throw new Error('unexpected end of module');
    return new TextDecoder().decode(this.bytes.subarray(start, this.at));
  }

  limits(): void {
    const flags = this.byte();
    this.u32();
    if (flags & 1) this.u32();
  }
}
