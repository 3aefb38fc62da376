/**
 * Requests the VS Code client sends besides standard LSP, shared by server and client. Any other
 * LSP client can use them too; none is required for the standard features.
 */
export const STATUS_REQUEST = 'toolwire/status';
export const CENSUS_REQUEST = 'toolwire/census';

export interface DocumentParams {
  readonly uri: string;
}

/** What the language-status item shows for one document. */
export interface DocumentStatus {
  readonly state: 'analysed' | 'not-a-tool-file' | 'disabled' | 'ignored' | 'too-large';
  readonly format: string | null;
  readonly tools: number;
  readonly offered: number;
  readonly errors: number;
  readonly warnings: number;
  /** Set for `too-large`, `ignored` and `disabled`: a sentence for the user. */
  readonly detail?: string;
}

/** The census view: a self-contained HTML page, and the same as Markdown for other editors. */
export interface CensusReport {
  readonly title: string;
  readonly markdown: string;
  readonly html: string;
}
