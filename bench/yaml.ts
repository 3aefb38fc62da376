import { parseAllDocuments, stringify } from 'yaml';
import { analyze } from '../server/src/core/analyze';
import { generate } from './generate';
import { compare } from './measure';

/**
 * YAML: the same tools as block-style YAML, analysed with `language: 'yaml'`,
 * against the `yaml` parser alone on that text (what reading YAML costs at the least) and against
 * analysing the JSON original. Ratios, same run.
 */
export function benchYaml(quick: boolean): void {
  console.log('\nyaml: analyze(yaml) vs yaml.parseAllDocuments(yaml) alone, and vs analyze(json) of the same tools');
  for (const size of quick ? [1_000] : [1_000, 10_000]) {
    const json = generate('mcp-tools-list', size);
    const yaml = stringify(JSON.parse(json));
    const runs = quick ? 3 : size <= 1_000 ? 21 : 7;
    const parse = compare(
      () => void parseAllDocuments(yaml),
      () => void analyze(yaml, { language: 'yaml' }),
      runs,
    );
    const vsJson = compare(
      () => void analyze(json),
      () => void analyze(yaml, { language: 'yaml' }),
      runs,
    );
    console.log(
      `mcp-tools-list ${String(size).padStart(6)} tools  yaml parse ${parse.baseline.toFixed(1).padStart(8)} ms  analyze ${parse.subject.toFixed(1).padStart(8)} ms  ${parse.ratio.toFixed(2)}x parse, ${vsJson.ratio.toFixed(2)}x json`,
    );
  }
}
