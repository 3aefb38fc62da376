/**
 * Paths for URIs of any scheme, for the browser server. The core walks paths (config discovery
 * goes up folder by folder; globs match paths), but in the browser a workspace is seldom `file:`:
 * github.dev serves `vscode-vfs://github/owner/repo/...`, code-server `vscode-remote://...`.
 * So the scheme and authority become the first path segment, `/<scheme>:<authority>/<path>`, and
 * `pathToUri` turns it back into a URI. A URI with a query or a fragment, or without an
 * authority part (`untitled:Untitled-1`), has no path: such a document has no folder around it.
 *
 * The URIs the client sent are remembered, so a path maps back to exactly the string the client
 * uses for that document (an open document is found by its URI string); other paths are encoded
 * as VS Code's `Uri.toString()` does.
 */
const HIERARCHICAL = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)(\/[^?#]*)?$/;

export class UriPaths {
  private readonly seen = new Map<string, string>();

  uriToPath(uri: string): string | undefined {
    const match = HIERARCHICAL.exec(uri);
    if (!match) return undefined;
    const [, scheme, authority, path] = match;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path || '/');
    } catch {
      return undefined;
    }
    const result = `/${scheme!.toLowerCase()}:${authority!.toLowerCase()}${decoded}`;
    this.seen.set(result, uri);
    return result;
  }

  pathToUri(path: string): string {
    const known = this.seen.get(path);
    if (known !== undefined) return known;
    const end = path.indexOf('/', 1);
    const head = end === -1 ? path.slice(1) : path.slice(1, end);
    const colon = head.indexOf(':');
    const rest = end === -1 ? '/' : path.slice(end);
    // Not one of ours: the core hands back only paths it was given and their folders.
    if (colon <= 0) return `file://${encodePath(path)}`;
    return `${head.slice(0, colon)}://${head.slice(colon + 1)}${encodePath(rest)}`;
  }
}

/** As VS Code's `Uri.toString()` encodes a path: each segment percent-encoded, `!'()*` too, `/` kept. */
function encodePath(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');
}
