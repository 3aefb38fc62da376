import type { UnreadableFile } from '../core';
import type { FindFilesParams, ReadFileParams, ReadFileResult } from '../protocol';

/** How the browser server asks the client (`toolwire/readFile`, `toolwire/findFiles`). */
export interface FileRequests {
  readFile(params: ReadFileParams): Promise<ReadFileResult>;
  findFiles(params: FindFilesParams): Promise<readonly string[]>;
}

type Entry<T> =
  | { readonly state: 'pending'; readonly done: Promise<void> }
  | { readonly state: 'known'; readonly value: T };

/**
 * The browser server's files: the core reads synchronously, the client answers asynchronously.
 * A read answered before is answered from here; any other read answers "no such file" for now
 * and asks the client, and `settle()` tells the server when the answers are in, so it analyses
 * again (RuntimeEnvironment.settle). Answers are kept until `forget` (a watched-file change):
 * an answer to a request sent before the change is dropped, never stored as current.
 */
export class ClientFiles {
  private readonly files = new Map<string, Entry<ReadFileResult>>();
  private readonly listings = new Map<string, Entry<readonly string[]>>();
  /** Paths (and listed folders) asked for since the last `settle`. */
  private readonly asked = new Map<string, Promise<void>>();
  /** What each `track` in progress has asked for (innermost last; usually one). */
  private readonly tracking: Array<Map<string, Promise<void>>> = [];
  /** Told when a read that timed out is answered after all (see `onLateAnswer`). */
  private lateAnswer: ((path: string) => void) | undefined;

  constructor(
    private readonly requests: FileRequests,
    private readonly pathToUri: (path: string) => string,
    private readonly log: (message: string) => void,
    /** A client that never answers (a network file system gone away) must not hold analyses forever. */
    private readonly timeoutMs = 15_000,
  ) {}

  readFile(path: string): string | undefined {
    const read = this.known(path);
    return read && read.kind !== 'missing' ? read.text : undefined;
  }

  readConfigFile(path: string): string | undefined | UnreadableFile {
    const read = this.known(path);
    if (!read || read.kind === 'missing') return undefined;
    if (read.kind === 'text') return read.text;
    return {
      error: read.error,
      ...(read.text !== undefined ? { text: read.text } : {}),
      ...(read.offset !== undefined ? { offset: read.offset } : {}),
    };
  }

  listFiles(folder: string): readonly string[] {
    return (
      this.lookup(
        this.listings,
        `list:${folder}`,
        folder,
        () => this.requests.findFiles({ folderUri: this.pathToUri(folder) }),
        [],
      ) ?? []
    );
  }

  /** Every read asked for since the last call, answered: their paths (undefined: none in flight). */
  settle(): Promise<readonly string[]> | undefined {
    const settled = settledPaths(this.asked);
    this.asked.clear();
    return settled;
  }

  /**
   * `read` (synchronous reads), and the reads it could not answer at once, answered: their paths
   * (undefined: it read only known files). The caller's own, whoever else settles meanwhile: with
   * one `settle` for all, a second analysis running at the same time could take these and wait
   * for them, and this one would never see its config arrive.
   */
  track<T>(read: () => T): { readonly value: T; readonly settled: Promise<readonly string[]> | undefined } {
    const asked = new Map<string, Promise<void>>();
    this.tracking.push(asked);
    try {
      const value = read();
      return { value, settled: settledPaths(asked) };
    } finally {
      this.tracking.pop();
    }
  }

  /**
   * `listener` is told the path of a read that timed out (and was taken as "no such file") when
   * the client answers it after all: for the reader the file has then changed. A client slowed
   * down (a busy machine at start-up) must not leave a `.toolwire.json` unread for the session.
   */
  onLateAnswer(listener: (path: string) => void): void {
    this.lateAnswer = listener;
  }

  forget(paths?: readonly string[]): void {
    if (!paths) {
      this.files.clear();
    } else {
      for (const path of paths) this.files.delete(path);
    }
    // A created or deleted file changes folder listings.
    this.listings.clear();
  }

  private known(path: string): ReadFileResult | undefined {
    return this.lookup(this.files, `file:${path}`, path, () => this.requests.readFile({ uri: this.pathToUri(path) }), {
      kind: 'missing',
    });
  }

  private withTimeout<T>(answer: Promise<T>, path: string): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`no answer for ${path} within ${this.timeoutMs} ms`));
        // Taken as unreadable for now; an answer that still comes is a change of the file.
        answer.then(
          () => this.lateAnswer?.(path),
          () => undefined,
        );
      }, this.timeoutMs);
    });
    return Promise.race([answer, expired]).finally(() => clearTimeout(timer));
  }

  /** The known answer, or undefined while the client is asked (`failed` is stored if it fails). */
  private lookup<T>(
    cache: Map<string, Entry<T>>,
    key: string,
    path: string,
    ask: () => Promise<T>,
    failed: T,
  ): T | undefined {
    const entry = cache.get(path);
    if (entry?.state === 'known') return entry.value;
    if (entry?.state === 'pending') {
      this.ask(key, entry.done);
      return undefined;
    }
    const store = (value: T) => {
      // Forgotten meanwhile: this answer may predate the change.
      if (cache.get(path) === pending) cache.set(path, { state: 'known', value });
    };
    const pending: Entry<T> = {
      state: 'pending',
      done: this.withTimeout(ask(), path).then(store, (error: unknown) => {
        this.log(
          `toolwire: the client could not read ${path}: ${error instanceof Error ? error.message : String(error)}`,
        );
        store(failed);
      }),
    };
    cache.set(path, pending);
    this.ask(key, pending.done);
    return undefined;
  }

  private ask(key: string, done: Promise<void>): void {
    this.asked.set(key, done);
    for (const asked of this.tracking) asked.set(key, done);
  }
}

function settledPaths(asked: ReadonlyMap<string, Promise<void>>): Promise<readonly string[]> | undefined {
  if (asked.size === 0) return undefined;
  const paths = [...asked.keys()].map((key) => key.slice(key.indexOf(':') + 1));
  return Promise.all(asked.values()).then(() => paths);
}
