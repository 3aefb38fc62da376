/**
 * Requests the VS Code client sends besides standard LSP, shared by server and client. Any other
 * LSP client can use them too; none is required for the standard features.
 */
export const STATUS_REQUEST = 'toolwire/status';
export const CENSUS_REQUEST = 'toolwire/census';
/** The VS Code command the census webview's page links run (`command:` URIs, no scripts). */
export const CENSUS_PAGE_COMMAND = 'toolwire.censusPage';

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

/** `toolwire/census`: which page of rows (from 0; default 0) and how many a page (default 200). */
export interface CensusParams extends DocumentParams {
  readonly page?: number;
  readonly pageSize?: number;
}

/**
 * The census view, one page of rows: a self-contained HTML page, and the same as Markdown for
 * other editors. `page` is the page answered (the request's, clamped), of `pages`.
 */
export interface CensusReport {
  readonly title: string;
  readonly markdown: string;
  readonly html: string;
  readonly page: number;
  readonly pages: number;
}
