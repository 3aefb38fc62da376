import type { DocumentState, Logger } from '../documentState';
import { documentLine, folderLine, startLines, type FolderFacts, type StartFacts } from './lines';

/**
 * The server's log of what it is doing and why, through the LSP connection (`window/logMessage`),
 * so every editor shows it: VS Code in its **toolwire** output channel, Neovim in `:LspLog`.
 * Each subject (a folder, a document) is told once, and again only when what it says changes:
 * an edit that leaves the providers and clients as they were adds nothing.
 */
export class ServerLog {
  /** The last line told per subject (a document's URI, `folder:` and a folder's path). */
  private readonly told = new Map<string, string>();
  /** Bumped by each description of the folders, so one still reading when a newer began stays quiet. */
  private folderRound = 0;

  constructor(private readonly logger: Logger) {}

  started(facts: StartFacts): void {
    for (const line of startLines(facts)) this.logger.info(line);
  }

  /** A document's newly computed state: what it was checked against, or why it was skipped. */
  document(state: DocumentState, shown: string): void {
    this.tell(state.uri, documentLine(state, shown));
  }

  /** A description of the folders begins (settings or configurations changed): its round. */
  beginFolders(): number {
    this.folderRound += 1;
    return this.folderRound;
  }

  /** One folder's facts, read in `round`: told unless a newer round began meanwhile (it knows better). */
  folder(facts: FolderFacts, round: number): void {
    if (round !== this.folderRound) return;
    this.tell(`folder:${facts.folder}`, folderLine(facts));
  }

  /** A closed document: told again in full when it is opened again. */
  forget(uri: string): void {
    this.told.delete(uri);
  }

  private tell(subject: string, line: string | undefined): void {
    if (line === undefined) {
      // Nothing to say now (a file without tools): whatever it says later is news.
      this.told.delete(subject);
      return;
    }
    if (this.told.get(subject) === line) return;
    this.told.set(subject, line);
    this.logger.info(line);
  }
}
