/**
 * Requests the VS Code client sends besides standard LSP, shared by server and client. Any other
 * LSP client can use them too; none is required for the standard features.
 */
export const STATUS_REQUEST = 'toolwire/status';
export const CENSUS_REQUEST = 'toolwire/census';
/**
 * Server → client, where the server cannot read files itself (VS Code for the Web): the client
 * answers through `vscode.workspace.fs`, which also reads virtual file systems such as github.dev's.
 */
export const READ_FILE_REQUEST = 'toolwire/readFile';
export const FIND_FILES_REQUEST = 'toolwire/findFiles';
/**
 * Server → client, in the web worker: one of the extension's own WebAssembly files (tree-sitter's
 * runtime and grammars, `WASM_FILES`), base64 encoded. The worker may run from a Blob URL and a
 * remote extension's URI is not fetchable from it; the client reads its own `dist/` through
 * `workspace.fs`. Base64 because the answer travels as JSON like every other message.
 */
export const READ_EXTENSION_WASM_REQUEST = 'toolwire/readExtensionWasm';

export interface ReadExtensionWasmParams {
  /** A file name from `WASM_FILES` (anything else is refused). */
  readonly name: string;
}

/** The bound on one file the client reads for the server, as the Node runtime's (50 MB). */
export const MAX_CLIENT_READ_BYTES = 50 * 1024 * 1024;
/** At most this many files listed under one folder, as the Node runtime's walk. */
export const MAX_CLIENT_LISTED_FILES = 20000;
/**
 * The files whose change on disk the server must hear of (a `.toolwire.json`, an MCP client
 * configuration, or a tool file another document's census read): every syntax toolwire reads.
 * The client watches them in VS Code; other editors get the same pattern by dynamic registration.
 */
export { WATCHED_FILES } from './core';

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

/** `toolwire/readFile`: one file by URI. */
export interface ReadFileParams {
  readonly uri: string;
}

/**
 * What the client read: the text (a UTF-8 or UTF-16 byte order mark dropped, as VS Code does),
 * `missing` when there is no such file, or why a file that is there cannot be used (a folder, too
 * large, not valid UTF-8: then `text` holds it decoded with U+FFFD and `offset` the first one).
 */
export type ReadFileResult =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'missing' }
  | { readonly kind: 'unreadable'; readonly error: string; readonly text?: string; readonly offset?: number };

/** `toolwire/findFiles`: the files under a folder, as paths relative to it (`/` separators). */
export interface FindFilesParams {
  readonly folderUri: string;
}
