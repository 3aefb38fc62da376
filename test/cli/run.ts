import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');
export const CLI = join(ROOT, 'dist/cli.js');

export interface CliResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built CLI bundle (dist/cli.js), exactly as a user or CI would. */
export function runCli(args: readonly string[], cwd = ROOT): CliResult {
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A scratch folder holding the given files (path -> content). */
export function scratch(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'toolwire-cli-'));
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return root;
}

/** One file of `check --format json`'s report, as the tests read it. */
export interface JsonFile {
  readonly path: string;
  readonly tools?: readonly { readonly name: string; readonly range: { readonly start: { readonly line: number } } }[];
  readonly diagnostics?: readonly { readonly code: string }[];
}

/**
 * A `check --format json` report read for assertions: each file's tools as `name:line`
 * (1-based), and whether a file has a finding of a code.
 */
export function jsonReport(stdout: string) {
  const files = (JSON.parse(stdout) as { files: JsonFile[] }).files;
  const file = (path: string) => files.find((f) => f.path === path);
  return {
    toolsOf: (path: string) => (file(path)?.tools ?? []).map((t) => `${t.name}:${t.range.start.line + 1}`),
    has: (path: string, code: string) => file(path)?.diagnostics?.some((d) => d.code === code) ?? false,
  };
}
