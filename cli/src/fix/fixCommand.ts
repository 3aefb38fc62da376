import { resolve } from 'node:path';
import {
  computeFixAll,
  createToolwireService,
  isSchemaFix,
  visible,
  type Analysis,
  type Finding,
  type FixData,
  type OffsetEdit,
} from '../../../server/src/core';
import { analyzeFiles, displayPath, documentInput, type AnalysedFile } from '../analyzeFiles';
import { buildReport } from '../buildReport';
import { reportConfigProblems, summary, type CommandIO } from '../checkCommand';
import { toSlashes } from '../configs';
import type { FileReport } from '../model';
import { formatText } from '../report/text';
import type { FixArgs } from '../argTypes';
import { encodeText, readEncoding, type FileEncoding } from './encoding';
import { OverlayWorkspace } from './overlayWorkspace';
import { replaceFile, writeRoots } from './safeWrite';
import { unifiedDiff } from './unifiedDiff';

/** Rounds of re-checking files sent together; each refuses at least one more file, or stops. */
const MAX_ROUNDS = 8;

interface UnsafeFix {
  readonly kind: FixData['kind'];
  readonly edits: readonly OffsetEdit[];
}

interface FileFix {
  readonly edits: readonly OffsetEdit[];
  readonly text: string;
  readonly fixed: number;
  /** How many of `fixed` are schema fixes; the rest fix names. */
  readonly schemaFixed: number;
  /** The unsafe fixes among them (only with --unsafe): named in the notes, so a dry run marks them. */
  readonly unsafe: readonly UnsafeFix[];
  readonly encoding: FileEncoding;
  /** The bytes the fix was computed from: the write refuses a file that no longer holds them. */
  readonly original: Buffer;
}

/**
 * `toolwire fix [--dry-run] [--unsafe] PATH...`: the editor's Fix All (`computeFixAll`,
 * proven by `fixes/proof.ts`) over each file, through the same pipeline as `check`. Only safe
 * fixes unless `--unsafe`: a rename callers must follow is never applied unasked, and the summary
 * says how many were left. A file whose fixes cannot be proven is left whole, with the reason.
 * Files sent together (a cross-file
 * census) are fixed in order, each proven against the others as already fixed, then all are
 * re-checked together: a file where a new error appears has its fixes and its partners' fixes
 * withdrawn. Nothing is written before that. Exit 0 when no error or warning remains, 1 when
 * some remain (no automatic fix, or a fix refused), 2 on bad input as `check`.
 */
export async function runFix(args: FixArgs, io: CommandIO): Promise<number> {
  const run = await analyzeFiles({
    paths: args.paths,
    config: args.config,
    clients: args.clients,
    cwd: io.cwd,
    stderr: io.stderr,
    verbose: args.verbose,
    maxFileBytes: args.maxFileBytes,
    hints: args.hints,
  });
  if (reportConfigProblems(run.configProblems, run.hasConfigErrors, io)) return 2;
  const configPath = args.config === undefined ? undefined : toSlashes(resolve(io.cwd, args.config));
  const overlay = new OverlayWorkspace(run.workspace);
  const service = createToolwireService({ workspace: overlay });
  const analyse = (file: AnalysedFile, text: string): Reanalysis | undefined => {
    const result = service.analyzeDocument(
      documentInput(file.absolute, text, configPath, args.clients, args.hints, file.options.code),
    );
    return result.kind === 'analysis' ? result : undefined;
  };
  const rounds: FixRounds = {
    files: run.files,
    overlay,
    analyse,
    unsafe: args.unsafe,
    refused: new Map(),
    unsafeLeft: new Map(),
  };
  let fixes = new Map<AnalysedFile, FileFix>();
  let after = new Map<AnalysedFile, Analysis>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    fixes = proposeFixes(rounds);
    const rechecked = recheckTogether(rounds, fixes);
    after = rechecked.after;
    if (rechecked.withdrawn === 0) break;
    if (round === MAX_ROUNDS - 1) {
      // Never settled: write nothing rather than something unproven.
      fixes = new Map();
      after = new Map();
    }
  }
  const left = [...rounds.unsafeLeft.values()].reduce((n, count) => n + count, 0);
  return finish(
    args,
    io,
    run.files,
    fixes,
    rounds.refused,
    after,
    left,
    run.ioError,
    run.workspace.readFile.bind(run.workspace),
  );
}

type Reanalysis = Pick<AnalysedFile, 'analysis' | 'options' | 'reads'>;

/** What the rounds of fixing share, and what they learn round after round. */
interface FixRounds {
  readonly files: readonly AnalysedFile[];
  /** The disk as it will be: the fixed texts of this round. */
  readonly overlay: OverlayWorkspace;
  /** The file analysed again over the overlay, as `text`. */
  readonly analyse: (file: AnalysedFile, text: string) => Reanalysis | undefined;
  readonly unsafe: boolean;
  /** Files left as they are, with the reason; a file refused stays refused in later rounds. */
  readonly refused: Map<AnalysedFile, string>;
  /** Per file, from its last fix-all: places whose only fix is unsafe, left without --unsafe. */
  readonly unsafeLeft: Map<AnalysedFile, number>;
}

/** One round's fixes, each file in order over the files fixed before it (in the overlay). */
function proposeFixes(rounds: FixRounds): Map<AnalysedFile, FileFix> {
  const { overlay, refused } = rounds;
  overlay.clear();
  const fixes = new Map<AnalysedFile, FileFix>();
  for (const file of rounds.files) {
    if (refused.has(file)) continue;
    // Analysed again over the files fixed so far when its census reads one of them (it then
    // sees their new names); else the check's own analysis stands.
    const current = readsFixedFile(file, overlay) ? rounds.analyse(file, file.text) : file;
    if (!current) continue;
    const result = computeFixAll(file.text, current.options, current.analysis, { unsafe: rounds.unsafe });
    rounds.unsafeLeft.set(file, result.unsafeLeft);
    if (result.kind === 'refused') refused.set(file, result.reason);
    if (result.kind !== 'edits') continue;
    const encoding = readEncoding(file.absolute, file.text);
    if (typeof encoding === 'string') {
      refused.set(file, `the fixes were not applied: ${encoding}`);
      continue;
    }
    fixes.set(file, {
      edits: result.edits,
      text: result.text,
      fixed: result.fixed,
      schemaFixed: result.schemaFixed,
      unsafe: result.unsafe,
      encoding,
      original: encoding.bytes,
    });
    overlay.set(file.absolute, result.text);
  }
  return fixes;
}

/**
 * Every file again, with every fix in place: a fix proven before a later file was fixed can meet
 * that file's new names. A file neither fixed nor reading a fixed one is as it was. A file with a
 * new error has its fixes and its partners' withdrawn (refused); `withdrawn` counts them.
 */
function recheckTogether(
  rounds: FixRounds,
  fixes: ReadonlyMap<AnalysedFile, FileFix>,
): { after: Map<AnalysedFile, Analysis>; withdrawn: number } {
  const { overlay, refused } = rounds;
  const after = new Map<AnalysedFile, Analysis>();
  let withdrawn = 0;
  for (const file of rounds.files) {
    const fixedText = overlay.get(file.absolute);
    if (fixedText === undefined && !readsFixedFile(file, overlay)) continue;
    const result = rounds.analyse(file, fixedText ?? file.text);
    if (!result) continue;
    after.set(file, result.analysis);
    const fresh = newErrors(file.analysis, result.analysis);
    if (fresh.length === 0) continue;
    const partners = rounds.files.filter((f) => f === file || result.reads.includes(f.absolute));
    for (const partner of partners) {
      if (!fixes.has(partner) || refused.has(partner)) continue;
      refused.set(
        partner,
        `the fixes were not applied: with the files sent together fixed, ${file.display} would get a new error: ${fresh[0]!.message}`,
      );
      withdrawn += 1;
    }
  }
  return { after, withdrawn };
}

/** Whether the file's census reads a file this round has fixed. */
function readsFixedFile(file: AnalysedFile, overlay: OverlayWorkspace): boolean {
  return file.reads.some((path) => overlay.get(path) !== undefined);
}

/** One unsafe fix in a note: `renames tool "a.b" to "a_b" for its callers` (tokens as written). */
function unsafeChange(fix: UnsafeFix): string {
  const first = fix.edits[0];
  if (isSchemaFix(fix)) return `changes what the model may send (${changes(fix.edits)})`;
  const what = fix.kind === 'rename-parameter' ? 'parameter' : fix.kind === 'rename' ? 'tool' : 'invocationName';
  if (!first) return `changes a ${what} for its callers`;
  // A name written where there was none (`name="x"` in a decorator, a Ruby `tool_name "x"` line).
  if (first.oldText === '')
    return `renames ${what} by adding ${visible(first.newText.replace(/^[\s,]+/, '').replace(/\s+/g, ' '))} for its callers`;
  return `renames ${what} ${visible(first.oldText)} to ${visible(first.newText)} for its callers`;
}

/** What the edits do, in a few words: `"a.b" → "a_b"`, an added `"invocationName": "x"`, a removed keyword; the first few. */
function changes(edits: readonly OffsetEdit[]): string {
  const seen = new Set<string>();
  for (const edit of edits) {
    // A removal (a schema keyword) is told by what it removes; the separator it takes along is not told.
    const removed = edit.newText === '' ? edit.oldText.replace(/^[\s,]+|[\s,]+$/g, '').replace(/\s+/g, ' ') : undefined;
    if (removed === '') continue;
    seen.add(
      edit.oldText === ''
        ? `added ${edit.newText.replace(/^[\s,]+/, '').replace(/\s+/g, ' ')}`
        : removed !== undefined
          ? `removed ${removed}`
          : `${edit.oldText} → ${edit.newText}`,
    );
  }
  const shown = [...seen].slice(0, MAX_CHANGES_SHOWN);
  // Tokens as written (a YAML plain scalar can hold control or bidi characters): shown, not obeyed.
  const text = shown.map(visible).join(', ');
  return seen.size > shown.length ? `${text} and ${seen.size - shown.length} more` : text;
}

const MAX_CHANGES_SHOWN = 5;

/** Errors in `after` that `before` did not have: by code, name site and tool name (the proof's identity). */
function newErrors(before: Analysis, after: Analysis): Finding[] {
  const key = (analysis: Analysis, f: Finding) =>
    `${f.code}\u0000${f.pointer}\u0000${f.tool === undefined ? '' : (analysis.tools[f.tool]?.name ?? '')}`;
  const known = new Set(before.findings.filter((f) => f.severity === 'error').map((f) => key(before, f)));
  return after.findings.filter((f) => f.severity === 'error' && !known.has(key(after, f)));
}

/** `2 names`, `1 name and 1 schema problem`: schema fixes are named only when there are some. */
function counted(names: number, schemas: number): string {
  const named = `${names} ${names === 1 ? 'name' : 'names'}`;
  if (schemas === 0) return named;
  const schema = `${schemas} schema ${schemas === 1 ? 'problem' : 'problems'}`;
  return names === 0 ? schema : `${named} and ${schema}`;
}

function finish(
  args: FixArgs,
  io: CommandIO,
  files: readonly AnalysedFile[],
  fixes: ReadonlyMap<AnalysedFile, FileFix>,
  refused: ReadonlyMap<AnalysedFile, string>,
  after: ReadonlyMap<AnalysedFile, Analysis>,
  unsafeLeft: number,
  ioError: boolean,
  readFile: (path: string) => string | undefined,
): number {
  // In a dry run stdout is the diff alone, so it can be piped into git apply.
  const notes = args.dryRun ? io.stderr : io.stdout;
  let written = 0;
  let fixedNames = 0;
  let fixedSchemas = 0;
  let failed = false;
  const unwritten = new Set<AnalysedFile>();
  // Only files under the paths given are written: a file reached through a linked folder is not.
  const roots = writeRoots(args.paths.map((path) => resolve(io.cwd, path)));
  for (const file of files) {
    const fix = fixes.get(file);
    const reason = refused.get(file);
    if (reason !== undefined && !fix) notes.write(`${file.display}: not fixed: ${reason}\n`);
    if (!fix) continue;
    if (args.dryRun) {
      if (fix.encoding.encoding !== 'utf-8')
        io.stderr.write(`${file.display}: ${fix.encoding.encoding} file: its diff is shown as UTF-8 text\n`);
      io.stdout.write(
        unifiedDiff(file.display, file.text, fix.edits, fix.encoding.bom && fix.encoding.encoding === 'utf-8'),
      );
    } else {
      const problem = replaceFile(file.absolute, encodeText(fix.text, fix.encoding), fix.original, roots);
      if (problem !== undefined) {
        io.stderr.write(`toolwire: ${file.display}: not fixed: ${problem}\n`);
        failed = true;
        unwritten.add(file);
        continue;
      }
    }
    written++;
    fixedNames += fix.fixed - fix.schemaFixed;
    fixedSchemas += fix.schemaFixed;
    notes.write(
      `${file.display}: ${args.dryRun ? 'would fix' : 'fixed'} ${counted(fix.fixed - fix.schemaFixed, fix.schemaFixed)} (${changes(fix.edits)})\n`,
    );
    for (const unsafe of fix.unsafe) notes.write(`${file.display}: unsafe: ${unsafeChange(unsafe)}\n`);
  }
  // What is left: the re-check with every fix in place (a refused file as it is).
  // A file that could not be written is reported as it still is on disk.
  const fixedText = (file: AnalysedFile) => (unwritten.has(file) ? undefined : fixes.get(file)?.text);
  const otherFile = (path: string) => {
    const file = files.find((f) => f.absolute === path);
    const text = file ? (fixedText(file) ?? file.text) : readFile(path);
    return text === undefined ? undefined : { path: displayPath(path, io.cwd), text };
  };
  const reports: FileReport[] = files.flatMap((file) => {
    const text = fixedText(file);
    const analysis = unwritten.has(file) ? file.analysis : (after.get(file) ?? file.analysis);
    const invalidUtf8 = text === undefined ? file.invalidUtf8 : undefined;
    return [buildReport(file.display, text ?? file.text, analysis, otherFile, invalidUtf8)];
  });
  notes.write(formatText(reports, { verbose: args.verbose, hints: args.hints }));
  const left = reports.reduce(
    (n, r) => n + r.diagnostics.filter((d) => d.severity === 'error' || d.severity === 'warning').length,
    0,
  );
  io.stderr.write(
    `toolwire: ${args.dryRun ? 'would fix' : 'fixed'} ${counted(fixedNames, fixedSchemas)} in ${written} ${written === 1 ? 'file' : 'files'}; ${summary(reports, args.hints).replace(/^toolwire: /, 'left: ')}`,
  );
  if (unsafeLeft > 0)
    io.stderr.write(
      `toolwire: ${unsafeLeft} unsafe ${unsafeLeft === 1 ? 'fix' : 'fixes'} not applied (${unsafeLeft === 1 ? 'it changes' : 'they change'} what callers or the model send); add --unsafe to apply ${unsafeLeft === 1 ? 'it' : 'them'}\n`,
    );
  if (ioError || failed) return 2;
  return left > 0 ? 1 : 0;
}
