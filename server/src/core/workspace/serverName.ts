/**
 * The MCP server a tool file belongs to, when `.toolwire.json` `servers` does not say and the file
 * records none itself (see `ExtractedRequest.serverName`): the folder of a `tools.json` (Docker's
 * `servers/<name>/tools.json`), else the file name without its extension.
 */
export function serverNameFromPath(path: string): string {
  const parts = path.split('/').filter((p) => p.length > 0);
  const file = parts[parts.length - 1] ?? 'server';
  if (/^tools\.jsonc?$/i.test(file) && parts.length >= 2) return parts[parts.length - 2]!;
  return file.replace(/\.(jsonc?|jsonl|ndjson)$/i, '') || 'server';
}
