// Waiting with deadlines instead of fixed sleeps: every wait in the harness names what it waits
// for and, when the deadline passes, says what it saw last, so a CI failure is diagnosable from
// the log alone.

export interface WaitOptions {
  /** Give up after this many milliseconds. */
  timeoutMs: number;
  /** How often to re-check the condition (a poll interval, not a sleep before acting). */
  intervalMs?: number;
  /** Describes the current state for the failure message (e.g. the visible text, a log tail). */
  seen?: () => string | Promise<string>;
}

export class DeadlineError extends Error {
  override name = 'DeadlineError';
}

/** Thrown by a probe to stop waiting at once (e.g. the process being waited on has died). */
export class GiveUp extends Error {
  override name = 'GiveUp';
}

/**
 * Re-evaluates `probe` until it returns something other than `undefined`/`false`, and returns
 * that. A probe that throws counts as "not yet" (its last error is reported if time runs out),
 * except for GiveUp, which ends the wait at once.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  options: WaitOptions,
): Promise<T> {
  const start = Date.now();
  const interval = options.intervalMs ?? 100;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      if (error instanceof GiveUp) throw error;
      lastError = error;
    }
    if (Date.now() - start >= options.timeoutMs) break;
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
  throw new DeadlineError(await describeTimeout(what, options.timeoutMs, options.seen, lastError));
}

/** Resolves like `promise`, or rejects with a DeadlineError after `timeoutMs`. */
export async function withDeadline<T>(
  what: string,
  promise: Promise<T>,
  timeoutMs: number,
  seen?: () => string | Promise<string>,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void describeTimeout(what, timeoutMs, seen, undefined).then((message) => reject(new DeadlineError(message)));
    }, timeoutMs);
  });
  try {
    return await Promise.race([promise, expired]);
  } finally {
    clearTimeout(timer);
  }
}

async function describeTimeout(
  what: string,
  timeoutMs: number,
  seen: (() => string | Promise<string>) | undefined,
  lastError: unknown,
): Promise<string> {
  const lines = [`timed out after ${timeoutMs} ms waiting for ${what}`];
  if (lastError !== undefined) lines.push(`last error: ${errorText(lastError)}`);
  if (seen) {
    try {
      lines.push(`last seen:\n${await seen()}`);
    } catch (error) {
      lines.push(`(could not describe what was seen: ${errorText(error)})`);
    }
  }
  return lines.join('\n');
}

export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The last `maxLines` lines of `text`, for failure messages that must stay readable. */
export function tail(text: string, maxLines = 60): string {
  const lines = text.split('\n');
  return lines.length <= maxLines ? text : ['…', ...lines.slice(-maxLines)].join('\n');
}
