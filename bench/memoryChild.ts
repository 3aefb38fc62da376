/**
 * Child process of `bench/memory.ts`: reads one file, then analyses it once between two markers
 * on stdout. Run with `--expose-gc --trace-gc`, so V8 prints every collection with the heap's
 * size before it: the heap is largest just before a collection (or at the end), so the largest
 * "before" between the markers is the analysis's peak. (Sampling `process.memoryUsage()` cannot
 * see inside one synchronous call, and RSS keeps pages V8 has freed, hiding the peak.)
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
writeSync(1, `@@start ${baseline}\n`);
const analysis = analyze(text, options);
const end = process.memoryUsage().heapUsed;
writeSync(1, `@@end ${end} ${analysis.tools.length}\n`);
