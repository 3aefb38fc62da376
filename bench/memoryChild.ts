/**
 * Child process of `bench/memory.ts`: reads one file, then analyses it once between two markers
 * on stdout. Run with `--expose-gc --trace-gc`, so V8 prints every collection with the heap's
 * size before it: the heap is largest just before a collection (or at the end), so the largest
 * "before" between the markers is the analysis's peak. (Sampling `process.memoryUsage()` cannot
 * see inside one synchronous call, and RSS keeps pages V8 has freed, hiding the peak.) Peak RSS
 * is read too, from the kernel's high-water mark (`maxRSS`), against the resident size at the start
 * marker: what the process took from the machine, heap, WASM, buffers and code together.
 */
import { readFileSync, writeSync } from 'node:fs';
import type { AnalysisOptions } from '../server/src/core';
import { analyze } from '../server/src/core/analyze';

const gc = (globalThis as { gc?: () => void }).gc;
const [file, optionsJson] = process.argv.slice(2);
const text = readFileSync(file!, 'utf8');
const options = JSON.parse(optionsJson ?? '{}') as AnalysisOptions;
// Warm the code once on a small document, so compiled code is not counted as the file's.
analyze('{"tools":[{"name":"a.b","inputSchema":{"type":"object"}}]}', options);
gc?.();
gc?.();
const baseline = process.memoryUsage().heapUsed;
const rssBefore = process.memoryUsage().rss;
const highBefore = process.resourceUsage().maxRSS * 1024;
writeSync(1, `@@start ${baseline}\n`);
const analysis = analyze(text, options);
const end = process.memoryUsage().heapUsed;
const highAfter = process.resourceUsage().maxRSS * 1024;
writeSync(1, `@@end ${end} ${analysis.tools.length}\n`);
// The high-water mark says nothing of this analysis when it was set before the start marker.
writeSync(1, `@@rss ${rssBefore} ${highAfter > highBefore ? highAfter : -1}\n`);
