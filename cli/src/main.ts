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

/**
 * A reader that stops early (`toolwire fix --dry-run | head`) closes the pipe: writing on is
 * pointless, not an internal error. The command runs on to its usual exit status (a fix in the
 * middle of writing files finishes them), its further output dropped; anything else is a real
 * failure and still surfaces.
 */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') return;
    throw error;
  });
}

/** The `toolwire` command: a thin adapter over the core (see ARCHITECTURE.md). */
function main(): number | Promise<number> {
  quietOnClosedPipe(process.stdout);
  quietOnClosedPipe(process.stderr);
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
      // One line that says what is wrong, as linters do; the whole usage would scroll it away.
      process.stderr.write(`toolwire: ${args.message}\nRun \`toolwire --help\` for the commands and options.\n`);
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
