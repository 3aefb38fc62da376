import type { CancellationToken } from 'vscode-languageserver';
import { ResponseError } from 'vscode-languageserver';
import type { Logger } from './documentState';

/**
 * Wraps a request handler so that a failure is logged and answered with an empty result, never
 * crashing the server or leaving the client waiting. Refusals meant for the user (ResponseError,
 * e.g. a rename that would collide) pass through.
 */
export function safe<P, R>(
  logger: Logger,
  name: string,
  fallback: R,
  handler: (params: P, token: CancellationToken) => Promise<R> | R,
) {
  return async (params: P, token: CancellationToken): Promise<R | ResponseError<void>> => {
    if (token.isCancellationRequested) return fallback;
    try {
      return await handler(params, token);
    } catch (error) {
      if (error instanceof ResponseError) return error as ResponseError<void>;
      logger.error(
        `toolwire: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return fallback;
    }
  };
}
