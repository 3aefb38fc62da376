/**
 * `npm run bench`: analysis time as a ratio to jsonc-parser's parseTree alone on the same text,
 * measured in the same run (machines here are shared and noisy: ratios, never absolute limits).
 * Aim (issue #2): at most 1.5x on 10k tools. The LSP part (issue #3) measures didChange ->
 * diagnostics against the core analysis alone.
 */
import { parseTree } from 'jsonc-parser';
import { ALL_CLIENT_IDS, analyze } from '../server/src/core';
import { generate, type BenchShape } from './generate';
import { compare } from './measure';
import { benchLsp } from './lsp';
import { benchFixAll } from './fixAll';
import { benchLspFeatures } from './lspFeatures';
import { benchYaml } from './yaml';
import { benchSource } from './source';

const SIZES = [1_000, 10_000, 50_000];
const SHAPES: BenchShape[] = ['mcp-tools-list', 'openai-chat', 'ads-manifest'];
const quick = process.argv.includes('--quick');

function runsFor(size: number): number {
  if (quick) return 3;
  return size <= 1_000 ? 41 : size <= 10_000 ? 15 : 7;
}

async function main(): Promise<void> {
  console.log('core: analyze(text) vs parseTree(text), same text, same run (median of paired ratios)');
  console.log('shape            tools    bytes   parseTree ms  analyze ms  ratio');
  for (const shape of SHAPES) {
    for (const size of SIZES) {
      const text = generate(shape, size);
      const result = compare(() => void parseTree(text, [], { allowTrailingComma: true }), () => void analyze(text), runsFor(size));
      console.log(
        `${shape.padEnd(16)} ${String(size).padStart(6)} ${String((text.length / 1e6).toFixed(1) + 'MB').padStart(8)} ${result.baseline.toFixed(1).padStart(12)} ${result.subject.toFixed(1).padStart(11)} ${result.ratio.toFixed(2).padStart(6)}x`,
      );
    }
  }
  console.log('\nworst cases (ratio to parseTree): one collision group of 10k tools; 2k tools through every MCP client');
  const oneGroup = JSON.stringify({ tools: Array.from({ length: 10_000 }, (_, i) => ({ name: `${'x'.repeat(64)}_${i}`, inputSchema: { type: 'object' } })) }, null, 2);
  const group = compare(() => void parseTree(oneGroup, [], { allowTrailingComma: true }), () => void analyze(oneGroup), runsFor(10_000));
  console.log(`one group of 10000          ${group.baseline.toFixed(1).padStart(8)} ms ${group.subject.toFixed(1).padStart(8)} ms ${group.ratio.toFixed(2).padStart(6)}x`);
  const dotted = generate('mcp-tools-list', 2_000);
  const clients = { clients: { enabled: ALL_CLIENT_IDS, server: 'a-server-with-a-long-name' } };
  const all = compare(() => void parseTree(dotted, [], { allowTrailingComma: true }), () => void analyze(dotted, clients), runsFor(2_000));
  console.log(`2000 tools, 7 clients       ${all.baseline.toFixed(1).padStart(8)} ms ${all.subject.toFixed(1).padStart(8)} ms ${all.ratio.toFixed(2).padStart(6)}x`);
  benchYaml(quick);
  await benchSource(quick);
  benchFixAll(quick);
  if (!process.argv.includes('--core-only')) await benchLsp(quick);
  if (!process.argv.includes('--core-only')) await benchLspFeatures(quick);
}

void main();
