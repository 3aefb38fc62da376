import { stringify } from 'yaml';
import { analyze } from '../server/src/core/analyze';
import { generate } from './generate';
import { compare } from './measure';

/**
 * Suppressions: analysing a tool file in which every 20th tool (each dotted name) has a
 * `toolwire-disable-next-line` comment above its name, against the same file without them. Files
 * without the keyword skip the pass entirely; this is what a file that uses them pays. Ratios,
 * same run.
 */
export function benchSuppress(quick: boolean): void {
  console.log('\nsuppressions: analyze(file with a directive above every 20th name) vs analyze(same file without)');
  for (const size of quick ? [1_000] : [1_000, 10_000]) {
    const json = generate('mcp-tools-list', size);
    const withComments = json.replace(
      /^( *)("name": "service\d+\.resource\d+\.get")/gm,
      '$1// toolwire-disable-next-line renamed-on-wire -- bench\n$1$2',
    );
    const yaml = stringify(JSON.parse(json));
    const yamlWith = yaml.replace(
      /^( *)(- )?(name: service\d+\.resource\d+\.get)$/gm,
      (_, indent: string, dash: string | undefined, rest: string) =>
        dash
          ? `${indent}# toolwire-disable-next-line renamed-on-wire\n${indent}- ${rest}`
          : `${indent}# toolwire-disable-next-line renamed-on-wire\n${indent}${rest}`,
    );
    const runs = quick ? 3 : size <= 1_000 ? 21 : 7;
    const jsonRatio = compare(
      () => void analyze(json),
      () => void analyze(withComments),
      runs,
    );
    const yamlRatio = compare(
      () => void analyze(yaml, { language: 'yaml' }),
      () => void analyze(yamlWith, { language: 'yaml' }),
      runs,
    );
    console.log(
      `mcp-tools-list ${String(size).padStart(6)} tools  jsonc ${jsonRatio.ratio.toFixed(2)}x  yaml ${yamlRatio.ratio.toFixed(2)}x`,
    );
  }
}
