import { createScanner, parseTree } from 'jsonc-parser';
import { ALL_CLIENT_IDS, type AnalysisOptions } from '../server/src/core';
import { analyze } from '../server/src/core/analyze';
import { generate, generateOneGroup } from './generate';
import { timeJsonService, type ServiceSchema } from './jsonService';
import { median, timeOnce } from './measure';
import { peakMemory } from './memory';

/** What `bench/edits.ts` answers for the `edit ms` column, when it exists. */
export type EditTimer = (row: {
  shape: string;
  tools: number;
  text: string;
  options: AnalysisOptions;
}) => Promise<number | undefined> | number | undefined;

interface Row {
  readonly shape: string;
  readonly text: (tools: number) => string;
  readonly options: AnalysisOptions;
  readonly schema: ServiceSchema;
}

/**
 * The shapes that stress size and speed: the three generated formats, one collision group (every tool in one
 * wire-collision group), and an MCP list through every modelled client.
 */
const ROWS: readonly Row[] = [
  { shape: 'mcp-tools-list', text: (n) => generate('mcp-tools-list', n), options: {}, schema: 'mcp' },
  { shape: 'openai-chat', text: (n) => generate('openai-chat', n), options: {}, schema: 'openai' },
  { shape: 'ads-manifest', text: (n) => generate('ads-manifest', n), options: {}, schema: 'ads' },
  { shape: 'one-group', text: generateOneGroup, options: {}, schema: 'mcp' },
  {
    shape: 'mcp+all-clients',
    text: (n) => generate('mcp-tools-list', n),
    options: { clients: { enabled: ALL_CLIENT_IDS, server: 'a-server-with-a-long-name' } },
    schema: 'mcp',
  },
];

/** jsonc-parser's scanner alone: every token of the text, no tree (the floor for any JSON reader). */
function scanOnly(text: string): void {
  const scanner = createScanner(text, false);
  while (scanner.scan() !== 17 /* EOF */);
}

function runsFor(tools: number, quick: boolean): number {
  if (quick) return 3;
  return tools <= 1_000 ? 21 : tools <= 10_000 ? 7 : 3;
}

const HEADER = [
  'tools',
  'shape',
  'MB',
  'parseTree ms',
  'scan ms',
  'toolwire ms',
  'x parseTree',
  'json-service ms',
  'service / toolwire',
  'peak mem x file',
  'peak rss x file',
  '50k/10k',
  'edit ms',
];

/**
 * `npm run bench`'s one table. Times are medians of interleaved runs in this
 * process (parseTree, scanner, toolwire alternate, so machine noise hits all alike); `x parseTree`
 * is the median of the per-run ratios. The JSON service runs after them on the same text. Peak
 * memory comes from a child process per row (memory.ts): the JS heap, and the process's resident
 * set (the issue's measure, what the machine gives up). `50k/10k` is toolwire's growth.
 */
export async function benchTable(
  quick: boolean,
  edits: EditTimer | undefined,
  shapes: readonly string[] = [],
): Promise<void> {
  const rows = shapes.length > 0 ? ROWS.filter((row) => shapes.includes(row.shape)) : ROWS;
  const sizes = quick ? [1_000, 10_000] : [1_000, 10_000, 50_000];
  console.log(
    "analysis vs jsonc-parser parseTree, the scanner alone and VS Code's JSON language service (schema with a name pattern), same text, same run",
  );
  const print = (cells: readonly string[]) =>
    console.log(cells.map((c, i) => (i === 1 ? c.padEnd(16) : c.padStart(HEADER[i]!.length))).join('  '));
  print(HEADER);
  for (const row of rows) {
    const at10k = new Map<number, number>();
    for (const tools of sizes) {
      const text = row.text(tools);
      const runs = runsFor(tools, quick);
      const parse = () => void parseTree(text, [], { allowTrailingComma: true });
      const scan = () => scanOnly(text);
      const ours = () => void analyze(text, row.options);
      for (const warm of [parse, scan, ours]) warm();
      const times = { parse: [] as number[], scan: [] as number[], ours: [] as number[], ratio: [] as number[] };
      for (let i = 0; i < runs; i++) {
        const p = timeOnce(parse);
        times.scan.push(timeOnce(scan));
        const o = timeOnce(ours);
        times.parse.push(p);
        times.ours.push(o);
        times.ratio.push(o / p);
      }
      const toolwire = median(times.ours);
      at10k.set(tools, toolwire);
      const service = await timeJsonService(text, row.schema, Math.max(1, Math.min(runs, 5)));
      const memory = quick && tools > 1_000 ? undefined : peakMemory(text, row.options);
      const edit = edits ? await edits({ shape: row.shape, tools, text, options: row.options }) : undefined;
      const growth = tools === 50_000 && at10k.has(10_000) ? `${(toolwire / at10k.get(10_000)!).toFixed(1)}x` : '';
      const cells = [
        String(tools),
        row.shape,
        (Buffer.byteLength(text) / 1e6).toFixed(1),
        median(times.parse).toFixed(1),
        median(times.scan).toFixed(1),
        toolwire.toFixed(1),
        `${median(times.ratio).toFixed(2)}x`,
        service.ms.toFixed(1),
        `${(service.ms / toolwire).toFixed(1)}x`,
        memory === undefined ? '-' : `${memory.heap.toFixed(1)}x`,
        memory?.rss === undefined ? '-' : `${memory.rss.toFixed(1)}x`,
        growth,
        edit === undefined ? '-' : edit.toFixed(1),
      ];
      print(cells);
    }
  }
}
