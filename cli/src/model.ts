import type { ClientFate, FormatId, Modelled, PositionRange, Severity } from '../../server/src/core';

/** The CLI's per-file result: exactly the `--format json` shape, 0-based UTF-16 ranges. */
export interface FileReport {
  readonly path: string;
  readonly format: FormatId | null;
  readonly tools: ReadonlyArray<{
    readonly name: string;
    readonly wireName: string | null;
    readonly offered: boolean;
    readonly range: PositionRange;
    /** A live server's tool: its index in what `tools/list` served, when no snapshot file holds it. */
    readonly index?: number;
    /** Per enabled MCP client: the name it sends and the tool's fate there. */
    readonly clients?: Readonly<Record<string, { readonly wireName: string | null; readonly fate: ClientFate }>>;
  }>;
  readonly diagnostics: ReadonlyArray<{
    readonly code: string;
    readonly severity: Severity;
    /** One sentence: what happens, naming the wire name (what a CI log line shows). */
    readonly message: string;
    /** The why and the fix (`--verbose`, JSON, SARIF); absent when the message says it all. */
    readonly detail?: string;
    /** The same tool's other name problems, told in `detail` rather than as findings of their own. */
    readonly also?: readonly string[];
    readonly range: PositionRange;
    readonly related: ReadonlyArray<{
      readonly range: PositionRange;
      readonly message: string;
      readonly path?: string;
    }>;
    /** A live server's finding on a tool's name: that tool's index in `tools/list`. */
    readonly tool?: number;
  }>;
  /** The providers and clients the file was checked against, and who chose them, so a reader knows what "clean" was measured against. */
  readonly modelled?: Modelled;
}

export type OutputFormat = 'text' | 'json' | 'sarif' | 'github';
