// `npm run fuzz -- [--minutes N | --edits N] [--seed S] [--surface S[,S…]] [--max-steps N] [--bound-ms N] [--keep-going]`
// Surfaces: json, yaml, typescript, javascript, python, go, java, rust, csharp, kotlin, swift, ruby, php (default: all).
// `npm run fuzz -- --replay .artefacts/fuzz/seed-….json`
// Drives dist/server.js (npm run fuzz builds it first). Exit status 1 when an invariant broke.
import { parseArgs } from 'node:util';
import { fuzz, replay } from './fuzz';
import { isSurface, SURFACES, type Surface } from './surfaces';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string' },
      edits: { type: 'string' },
      seed: { type: 'string', default: String(Date.now() % 1_000_000) },
      'max-steps': { type: 'string' },
      'bound-ms': { type: 'string' },
      'keep-going': { type: 'boolean', default: false },
      surface: { type: 'string' },
      replay: { type: 'string' },
    },
  });
  const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
  if (values.replay) {
    const failure = await replay(values.replay, number(values['bound-ms']));
    console.log(failure === undefined ? `${values.replay}: passes now` : `${values.replay}: still fails:\n${failure}`);
    return failure === undefined ? 0 : 1;
  }
  const seed = Number(values.seed);
  const asked = values.surface?.split(',').map((s) => s.trim()) ?? [...SURFACES];
  const unknown = asked.filter((s) => !isSurface(s));
  if (unknown.length > 0) {
    console.error(`unknown surface(s) ${unknown.join(', ')}: one of ${SURFACES.join(', ')}`);
    return 2;
  }
  const surfaces = asked.filter(isSurface) satisfies Surface[];
  console.log(
    `toolwire fuzz: seed ${seed}, ${surfaces.join(', ')}${values.minutes ? `, ${values.minutes} min` : ''}${values.edits ? `, ${values.edits} edits` : ''}`,
  );
  const result = await fuzz({
    seed,
    minutes: number(values.minutes),
    edits: number(values.edits),
    maxSteps: number(values['max-steps']),
    boundMs: number(values['bound-ms']),
    keepGoing: values['keep-going'],
    surfaces,
    log: (line) => console.log(line),
  });
  console.log(
    `${result.cases} cases, ${result.edits} edits, ${result.requests} requests (${result.fixesChecked} code actions and renames checked) in ${(result.durationMs / 1000).toFixed(0)} s: ${result.failures.length} failure(s)`,
  );
  for (const failure of result.failures) console.log(`- ${failure.replayFile}`);
  return result.failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
