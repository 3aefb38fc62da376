import type { ClientRegistry, ForeignServer } from '../clients/census';
import type { ClientId } from '../clients/profiles';

/**
 * Where a document's MCP server name comes from. A name is known, or it is not
 * used: a file's name never stands in for it (`ListToolsResultResponse.json` is not a server).
 */
export type ServerNameSource = 'config' | 'client-config' | 'recorded' | 'given';

/**
 * Where the enabled clients come from (so reports can say what they modelled):
 * `.toolwire.json` `clients`, the editor setting or `--client`, the MCP client configurations in
 * the folder, or nobody chose (every modelled client).
 */
export type ClientSource = 'config' | 'requested' | 'client-config' | 'default';

/**
 * Who sends one document's MCP tools, under which server name, with which other servers: what
 * the workspace around a document says, before its text is read. `analyze` turns it into a client
 * census per request.
 */
export interface ClientContext {
  readonly enabled: readonly ClientId[];
  /**
   * True when nobody chose the clients (no `.toolwire.json` `clients`, no setting or `--client`,
   * no MCP client configuration in the folder): every modelled client is checked, and what they
   * do is reported as a warning, never an error.
   */
  readonly byDefault?: boolean;
  /** Who chose `enabled` (absent in a hand-built context: read `byDefault`). */
  readonly clientSource?: ClientSource;
  /** With `clientSource: 'client-config'`: the configurations that chose them (`/`-separated paths). */
  readonly clientConfigFiles?: readonly string[];
  /** The server name, when something says it; a name the file records (`serverInfo`) fills in otherwise. */
  readonly server?: string;
  readonly serverSource?: ServerNameSource;
  /** `.toolwire.json` maps this file to more servers than `server`: each sends these tools too. */
  readonly alsoServedAs?: ReadonlyArray<{ readonly server: string; readonly notLoadedBy: readonly ClientId[] }>;
  /** The document's own path, for the locations of its tools as another server's. */
  readonly path?: string;
  readonly others?: readonly ForeignServer[];
  /** Clients that do not load this document's server at all (their MCP config omits it). */
  readonly notLoadedBy?: readonly ClientId[];
  /**
   * The servers each enabled client's MCP configuration lists: a server name the file records
   * (`serverInfo`) that a configuration omits is not loaded by that client either.
   */
  readonly serverLists?: ReadonlyArray<{ readonly client: ClientId; readonly servers: readonly string[] }>;
  /** Server names in the order `.toolwire.json` `servers` lists them: clients register servers in that order. */
  readonly serverOrder?: readonly string[];
  /**
   * With no server name known: the length to assume (`.toolwire.json` `assumedServerNameLength`,
   * for CI). Without it, fates that depend on the name's length are not findings; each tool's
   * budget says how long the name may be.
   */
  readonly assumedServerNameLength?: number;
  /** The profiles the enabled ids name, when not only the built-in ones (see `createToolwireService`). */
  readonly profiles?: ClientRegistry;
}
