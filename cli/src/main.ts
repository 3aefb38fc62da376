import { version } from '../../package.json';
import { parseArgs, USAGE } from './args';
import { runCensus } from './censusCommand';
import { runCheck } from './checkCommand';
import { runExplain } from './explain';
import { DIAGNOSTICS_MARKDOWN } from './explainText';
import { runBaseline } from './baseline/baselineCommand';
import { runFix } from './fix/fixCommand';
import { FIX_BASELINE_USAGE } from './fixBaselineArgs';
import { runLiveCheck } from './live/liveCommand';
import { runMcpConfigCheck } from './live/mcpConfigCommand';

/** The `toolwire` command: a thin adapter over the core (see ARCHITECTURE.md). */
function main(): number | Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  switch (args.command) {
    case 'help':
      process.stdout.write(`${USAGE}\n\n${FIX_BASELINE_USAGE}\n`);
      return 0;
    case 'version':
      process.stdout.write(`${version}\n`);
      return 0;
    case 'explain':
      return runExplain(args.code, DIAGNOSTICS_MARKDOWN, { stdout: process.stdout, stderr: process.stderr });
    case 'usage-error':
      process.stderr.write(`toolwire: ${args.message}\n\n${USAGE}\n`);
      return 2;
    case 'check':
    case 'census':
      try {
        const io = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), version };
        // Live servers and tree-sitter's grammars (source files) load asynchronously.
        if (args.command === 'check' && args.mcpConfig !== undefined)
          return runMcpConfigCheck(args, args.mcpConfig, io).catch(internalError);
        if (args.command === 'check' && args.live)
          return runLiveCheck({ ...args, live: args.live }, io).catch(internalError);
        return (args.command === 'check' ? runCheck(args, io) : runCensus(args, io)).catch(internalError);
      } catch (error) {
        return internalError(error);
      }
    case 'fix':
    case 'baseline':
      try {
        const io = { stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(), version };
        return (args.command === 'fix' ? runFix(args, io) : runBaseline(args, io)).catch(internalError);
      } catch (error) {
        return internalError(error);
      }
  }
}

function internalError(error: unknown): number {
  process.stderr.write(
    `toolwire: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return 2;
}

const status = main();
if (typeof status === 'number') process.exitCode = status;
else void status.then((code) => (process.exitCode = code));
