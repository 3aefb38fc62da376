import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { WASM_FILES } from '../../../server/src/code/wasmFiles';
import {
  FIND_FILES_REQUEST,
  MAX_CLIENT_LISTED_FILES,
  MAX_CLIENT_READ_BYTES,
  READ_EXTENSION_WASM_REQUEST,
  READ_FILE_REQUEST,
  type FindFilesParams,
  type ReadExtensionWasmParams,
  type ReadFileParams,
  type ReadFileResult,
} from '../../../server/src/protocol';
import { SKIPPED_FOLDERS_GLOB } from '../../../server/src/core';
import { decodeFile } from './decode';

/**
 * Serves a server that cannot read files itself (the web worker): `.toolwire.json`, the MCP
 * client configurations and the tool files a census reads, through `vscode.workspace.fs` and
 * `vscode.workspace.findFiles`, so virtual file systems (github.dev) work as a disk does.
 */
export function serveFiles(client: BaseLanguageClient, extensionUri: vscode.Uri): vscode.Disposable {
  const read = client.onRequest(READ_FILE_REQUEST, (params: ReadFileParams) => readFile(vscode.Uri.parse(params.uri)));
  const find = client.onRequest(FIND_FILES_REQUEST, (params: FindFilesParams, token: vscode.CancellationToken) =>
    findFiles(vscode.Uri.parse(params.folderUri), token),
  );
  const wasm = client.onRequest(READ_EXTENSION_WASM_REQUEST, (params: ReadExtensionWasmParams) =>
    readExtensionWasm(extensionUri, params.name),
  );
  return vscode.Disposable.from(read, find, wasm);
}

/** tree-sitter's files from the extension's own `dist/`, base64; only those files, by name. */
async function readExtensionWasm(extensionUri: vscode.Uri, name: string): Promise<string> {
  if (!WASM_FILES.includes(name)) throw new Error(`not one of the extension's WebAssembly files: ${name}`);
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', name));
  let binary = '';
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

async function readFile(uri: vscode.Uri): Promise<ReadFileResult> {
  try {
    const stat = await vscode.workspace.fs.stat(uri);
    if (stat.type & vscode.FileType.Directory) return { kind: 'unreadable', error: 'it is a folder' };
    if (stat.size > MAX_CLIENT_READ_BYTES)
      return { kind: 'unreadable', error: `it is larger than ${MAX_CLIENT_READ_BYTES / 1048576} MB` };
    return decodeFile(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    const code = errorCode(error);
    if (code === 'FileNotFound' || code === 'FileNotADirectory') return { kind: 'missing' };
    if (code === 'NoPermissions') return { kind: 'unreadable', error: 'permission denied' };
    return { kind: 'unreadable', error: error instanceof Error ? error.message : String(error) };
  }
}

/** The files under a folder, relative to it, `SKIPPED_FOLDERS` left out, bounded as the Node walk is. */
async function findFiles(folder: vscode.Uri, token: vscode.CancellationToken): Promise<string[]> {
  const found = await vscode.workspace.findFiles(
    new vscode.RelativePattern(folder, '**/*'),
    SKIPPED_FOLDERS_GLOB,
    MAX_CLIENT_LISTED_FILES,
    token,
  );
  const prefix = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  return found.flatMap((file) => (file.path.startsWith(prefix) ? [file.path.slice(prefix.length)] : []));
}

/** A `FileSystemError`'s code; also for errors a file system provider raised with only the code set. */
function errorCode(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}
