// `npm run demo`: build, then check the bundled examples with the CLI. The examples are meant to
// have errors, so exit status 1 (errors found) is the expected outcome and the demo succeeds.
import { spawnSync } from 'node:child_process';

const step = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status;
if (step(['scripts/build.mjs']) !== 0) process.exit(1);
const status = step(['dist/cli.js', 'check', 'examples/']);
console.log(
  `\n(toolwire exited ${status}: 0 = clean, 1 = errors found, as these examples intend, 2 = usage or I/O error)`,
);
process.exit(status === 0 || status === 1 ? 0 : (status ?? 2));
