import { ALL_CLIENT_IDS, isClientId, type ClientId } from '../../server/src/core';
import { DEFAULT_MAX_FILE_BYTES } from '../../server/src/node/files';
import { LIVE_VALUE_FLAGS, LiveFlags } from './liveFlags';
import type { OutputFormat } from './model';

const MEGABYTE = 1024 * 1024;

/** One option token from Node's parser: the flag as written, and its value if it has one. */
export interface OptionToken {
  readonly rawName: string;
  readonly value: string | undefined;
}

/** Check's and census's switches that only some commands take. */
interface Switches {
  hints?: true;
  onlyProblems?: true;
  quiet?: true;
  maxWarnings?: number;
  outputFile?: string;
}

/**
 * The flags of check and census as argv gives them, one token at a time; each mistake comes back
 * as the one-line message the usage error prints. Checks across flags (live servers against
 * paths, say) wait until every token is read (args.ts).
 */
export class CheckFlags {
  format: OutputFormat = 'text';
  config: string | undefined;
  /** `--stdin-filename NAME`: the path `-` (standard input) is checked as. */
  stdinFilename: string | undefined;
  verbose = false;
  maxFileBytes = DEFAULT_MAX_FILE_BYTES;
  readonly clients: ClientId[] = [];
  readonly paths: string[] = [];
  readonly live = new LiveFlags();
  readonly switches: Switches = {};

  constructor(private readonly command: 'check' | 'census') {}

  /** Takes one option; returns why it cannot, or 'help' for -h / --help. */
  take(token: OptionToken): string | undefined {
    const { rawName: flag, value } = token;
    if (flag === '--format') return this.takeFormat(value);
    if (flag === '--config' || flag === '--client') {
      if (value === undefined) return `${flag} needs a value.`;
      if (flag === '--client') return this.takeClients(value);
      this.config = value;
      return undefined;
    }
    if (flag === '--quiet' || flag === '--max-warnings' || flag === '-o' || flag === '--output-file')
      return reportFlag(flag, value, this.command, this.switches);
    if (flag === '--max-file-size') return this.takeMaxFileSize(value);
    if (flag === '--stdin-filename') {
      if (value === undefined || value === '') return '--stdin-filename needs the path `-` is checked as.';
      this.stdinFilename = value;
      return undefined;
    }
    if (LIVE_VALUE_FLAGS.has(flag)) return value === undefined ? `${flag} needs a value.` : this.live.set(flag, value);
    if (flag === '--server') {
      if (value !== undefined) return '--server takes no value: put the command after --.';
      this.live.stdio = true;
      return undefined;
    }
    if (flag === '--verbose') {
      if (value !== undefined) return '--verbose takes no value.';
      this.verbose = true;
      return undefined;
    }
    if (flag === '--hints' || flag === '--only-problems') return this.takeCommandSwitch(flag, value);
    if (flag === '-h' || flag === '--help') return 'help';
    return `Unknown option "${flag}".`;
  }

  private takeFormat(value: string | undefined): string | undefined {
    if (value === undefined) return '--format needs a value.';
    if (
      value === 'text' ||
      value === 'json' ||
      ((value === 'sarif' || value === 'github') && this.command === 'check')
    ) {
      this.format = value;
      return undefined;
    }
    return `--format must be ${this.command === 'check' ? 'text, json, sarif or github' : 'text or json'}, not "${value}".`;
  }

  private takeClients(value: string): string | undefined {
    for (const id of value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v.length > 0)) {
      if (!isClientId(id)) return `Unknown client "${id}". Known: ${ALL_CLIENT_IDS.join(', ')}.`;
      if (!this.clients.includes(id)) this.clients.push(id);
    }
    return undefined;
  }

  private takeMaxFileSize(value: string | undefined): string | undefined {
    const megabytes = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isFinite(megabytes) || megabytes <= 0)
      return `--max-file-size needs a positive number of megabytes, not ${value === undefined ? 'nothing' : `"${value}"`}.`;
    this.maxFileBytes = Math.max(1, Math.floor(megabytes * MEGABYTE));
    return undefined;
  }

  /** `--hints` is check's, `--only-problems` census's. */
  private takeCommandSwitch(flag: '--hints' | '--only-problems', value: string | undefined): string | undefined {
    if (value !== undefined) return `${flag} takes no value.`;
    if ((flag === '--hints') === (this.command === 'census'))
      return `${flag} works with ${this.command === 'census' ? 'check' : 'census'} alone.`;
    if (flag === '--hints') this.switches.hints = true;
    else this.switches.onlyProblems = true;
    return undefined;
  }
}

/**
 * `--quiet`, `--max-warnings N` and `-o FILE`: what check reports and where, as linters have them.
 * Records the flag in `into`; returns why it cannot, if so.
 */
function reportFlag(flag: string, value: string | undefined, command: string, into: Switches): string | undefined {
  if (command !== 'check') return `${flag} works with check alone.`;
  if (flag === '--quiet') {
    if (value !== undefined) return '--quiet takes no value.';
    into.quiet = true;
    return undefined;
  }
  if (flag === '--max-warnings') {
    const n = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
    if (!Number.isInteger(n) || n < 0)
      return `--max-warnings needs a whole number of warnings (0 or more), not ${value === undefined ? 'nothing' : `"${value}"`}.`;
    into.maxWarnings = n;
    return undefined;
  }
  if (value === undefined || value === '') return `${flag} needs a file.`;
  into.outputFile = value;
  return undefined;
}
