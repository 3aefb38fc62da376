import { LineIndex, NESTING_LIMIT, unrecognisedToolShape, type Analysis } from '../../server/src/core';
import { readFileBounded, type FileRead, type InvalidUtf8 } from '../../server/src/node/files';
import type { SkippedPath } from './files';

/**
 * One run's account of its input (bad input is always said, never swallowed). It reads
 * each file within the size bound, says on stderr what could not be read, and keeps every path
 * that was skipped or held no tools, with the reason, for `--verbose`.
 */
export class InputLog {
  private readonly skipped: SkippedPath[] = [];
  private readonly withoutTools: SkippedPath[] = [];
  private readonly invalid = new Map<string, InvalidUtf8>();
  private unrecognised = 0;
  /** Broken files a walk met that do not look like tool definitions (the summary counts them). */
  brokenSkipped = 0;
  /** Source files read, and how many of them were parsed (imported a known library). */
  private sources = 0;
  private parsedSources = 0;
  /** Declarations read whose names are computed, as `path:line`. */
  private readonly computed: string[] = [];

  constructor(
    private readonly stderr: NodeJS.WritableStream,
    private readonly maxFileBytes: number,
    private readonly verbose: boolean,
    private readonly display: (path: string) => string,
  ) {}

  /** A path not checked; a notice is said at once, the rest in the --verbose list at the end. */
  skip(entry: SkippedPath): void {
    this.skipped.push(entry);
    if (entry.notice && !this.verbose) this.stderr.write(`toolwire: ${this.display(entry.path)}: ${entry.reason}\n`);
  }

  /** The file's text, or undefined after saying why it cannot be checked (the run exits 2). */
  read(path: string): string | undefined {
    return this.accept(path, readFileBounded(path, this.maxFileBytes));
  }

  /** A read already made (standard input for `-`), said and kept as `read` does. */
  accept(path: string, read: FileRead): string | undefined {
    switch (read.kind) {
      case 'text':
        if (read.invalidUtf8) this.invalid.set(path, read.invalidUtf8);
        return read.text;
      case 'special':
        return this.unreadable(path, `${read.what}, not a file; skipped, never opened`);
      case 'too-large':
        return this.unreadable(
          path,
          `${megabytes(read.bytes)} is over the ${megabytes(read.limit)} limit; not checked (raise it with --max-file-size MB, or ignore the file in .toolwire.json)`,
        );
      case 'error':
        return this.unreadable(path, read.reason);
    }
  }

  /** Where the file stopped being UTF-8, when it did. */
  invalidUtf8(path: string): InvalidUtf8 | undefined {
    return this.invalid.get(path);
  }

  /** Notes a checked file that yielded no tools, with the reason --verbose gives. */
  analysed(path: string, text: string, analysis: Analysis): void {
    const code = analysis.documentKind === 'code' ? analysis.code : undefined;
    if (code) {
      this.sources += 1;
      // A file refused for its nesting names a known library: its own error says why it was not read.
      if (code.parsed || analysis.syntaxProblems.some((p) => p.code === NESTING_LIMIT)) this.parsedSources += 1;
      const lines = code.computedNames.length > 0 ? new LineIndex(text) : undefined;
      for (const range of code.computedNames)
        this.computed.push(
          `${this.display(path)}:${(lines?.lineOf(range.start) ?? 0) + 1}${range.why === undefined ? '' : ` (${range.why})`}`,
        );
    }
    if (analysis.format !== null) return;
    if (analysis.documentKind === 'code') {
      this.withoutTools.push({
        path,
        reason: code?.parsed
          ? 'no tool declarations with a literal name found (a known library is imported)'
          : 'not parsed: none of the known libraries is imported',
        notice: false,
      });
      return;
    }
    const shape =
      analysis.syntaxProblems.length > 0 || this.invalid.has(path)
        ? undefined
        : unrecognisedToolShape(text, analysis.documentKind === 'yaml' ? 'yaml' : 'json');
    if (shape) this.unrecognised += 1;
    const reason = shape
      ? `looks like tool definitions, but the shape is not recognised: ${shape}`
      : analysis.syntaxProblems.length > 0 || this.invalid.has(path)
        ? `not valid ${analysis.documentKind === 'yaml' ? 'YAML' : 'JSON'} (see its invalid-json error)`
        : text.trim().length === 0
          ? 'the file is empty'
          : 'no tool definitions recognised (formats are recognised by content)';
    this.withoutTools.push({ path, reason, notice: false });
  }

  /**
   * A file a folder walk met that is not valid JSON or YAML and does not look like tool
   * definitions: no invalid-json error, a line in the --verbose list, a count in the summary.
   */
  brokenNotTools(path: string, analysis: Analysis): void {
    this.brokenSkipped += 1;
    const syntax = analysis.documentKind === 'yaml' ? 'YAML' : 'JSON';
    const utf8 = this.invalid.has(path) && analysis.syntaxProblems.length === 0;
    this.withoutTools.push({
      path,
      reason: `not valid ${utf8 ? 'UTF-8' : syntax}, and what can be read of it does not look like tool definitions (a template?); not reported (name it on the command line to see its error)`,
      notice: false,
    });
  }

  /** Config said to leave the file alone. */
  ignored(path: string): void {
    this.skipped.push({ path, reason: 'ignored by .toolwire.json', notice: false });
  }

  /**
   * The --verbose list, or else a hint when some file looked like tools in an unknown shape; and
   * always what source code was not checked, so "0 tools" never stands for "not looked".
   */
  finish(): void {
    if (this.sources > 0 && this.parsedSources === 0) {
      const files = this.sources === 1 ? '1 source file was' : `${this.sources} source files were`;
      this.stderr.write(`toolwire: ${files} read, but none imports a known tool library: none was parsed.\n`);
    }
    if (this.computed.length > 0) {
      const count = this.computed.length === 1 ? '1 declaration' : `${this.computed.length} declarations`;
      this.stderr.write(
        `toolwire: ${count} with computed names not checked${this.verbose ? ':' : ' (--verbose lists them)'}\n`,
      );
      if (this.verbose)
        for (const where of this.computed) this.stderr.write(`toolwire: declared, name not static: ${where}\n`);
    }
    if (this.verbose) {
      for (const entry of this.skipped)
        this.stderr.write(`toolwire: skipped ${this.display(entry.path)}: ${entry.reason}\n`);
      for (const entry of this.withoutTools)
        this.stderr.write(`toolwire: no tools in ${this.display(entry.path)}: ${entry.reason}\n`);
    } else if (this.unrecognised > 0) {
      const files = this.unrecognised === 1 ? '1 file looks' : `${this.unrecognised} files look`;
      this.stderr.write(
        `toolwire: ${files} like tool definitions in a shape toolwire does not recognise; --verbose says where.\n`,
      );
    }
  }

  private unreadable(path: string, reason: string): undefined {
    this.stderr.write(`toolwire: ${this.display(path)}: ${reason}\n`);
    return undefined;
  }
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 1) return `${bytes} bytes`;
  return `${mb >= 10 ? Math.round(mb) : Number(mb.toPrecision(2))} MB`;
}
