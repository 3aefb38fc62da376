import type { TextDocumentContentChangeEvent, TextDocumentsConfiguration } from 'vscode-languageserver';
import type { TextChange } from './core';
import { PieceDocument } from './pieceDocument';

interface Step {
  readonly from: number;
  readonly to: number;
  readonly changes: readonly TextChange[];
  readonly size: number;
}

/** Past this much inserted text per document the log is dropped: the next analysis is a full one. */
const MAX_LOGGED_CHARACTERS = 4 * 1024 * 1024;
const MAX_LOGGED_STEPS = 512;

/**
 * The changes of each `didChange`, as offsets into the text they applied to, recorded where
 * TextDocuments applies them (its `update` hook), so the analyzer can re-analyse only what an
 * edit touched. Entries older than the document's last analysed version are dropped.
 */
export class EditLog {
  private readonly steps = new Map<string, Step[]>();

  /** Use as `new TextDocuments(log.documents)`; documents keep their text in pieces (see `PieceDocument`). */
  readonly documents: TextDocumentsConfiguration<PieceDocument> = {
    create: (uri, languageId, version, content) => {
      this.steps.delete(uri);
      return PieceDocument.create(uri, languageId, version, content);
    },
    update: (document, changes, version) => {
      this.record(document, changes, version);
      document.update(changes, version);
      return document;
    },
  };

  /** The changes that turned version `from` into version `to`, in order; undefined when not all are known. */
  since(uri: string, from: number, to: number): readonly TextChange[] | undefined {
    if (from === to) return [];
    const steps = this.steps.get(uri);
    if (!steps) return undefined;
    const start = steps.findIndex((s) => s.from === from);
    if (start < 0) return undefined;
    const out: TextChange[] = [];
    let version = from;
    for (let i = start; i < steps.length && version !== to; i += 1) {
      const step = steps[i]!;
      if (step.from !== version) return undefined;
      for (const change of step.changes) out.push(change);
      version = step.to;
    }
    return version === to ? out : undefined;
  }

  /** Version `version` is now the base of the next re-analysis: older steps are not needed. */
  trim(uri: string, version: number): void {
    const steps = this.steps.get(uri);
    if (!steps) return;
    const keep = steps.findIndex((s) => s.from === version);
    if (keep < 0) steps.length = 0;
    else steps.splice(0, keep);
  }

  forget(uri: string): void {
    this.steps.delete(uri);
  }

  private record(document: PieceDocument, events: readonly TextDocumentContentChangeEvent[], version: number): void {
    // Offsets must be read before each change is applied: replay on a copy of the length only.
    const changes: TextChange[] = [];
    let length = document.text.length;
    let size = 0;
    let scratch: PieceDocument | undefined;
    for (const event of events) {
      if (!('range' in event)) {
        changes.push({ start: 0, end: length, text: event.text });
        scratch = undefined;
        length = event.text.length;
        size += event.text.length;
        continue;
      }
      // Positions of a later change refer to the text after the earlier ones: a scratch copy
      // follows along only when a didChange carries several changes (rare: multi-cursor edits).
      const current = scratch ?? (changes.length === 0 ? document : (scratch = replayed(document, changes)));
      // A reversed range is applied forwards, as the documents do.
      const from = current.offsetAt(event.range.start);
      const to = current.offsetAt(event.range.end);
      const [start, end] = from <= to ? [from, to] : [to, from];
      changes.push({ start, end, text: event.text });
      if (current === scratch) scratch.update([event], version);
      length += event.text.length - (end - start);
      size += event.text.length;
    }
    const list = this.steps.get(document.uri) ?? [];
    const total = list.reduce((sum, s) => sum + s.size, 0) + size;
    if (total > MAX_LOGGED_CHARACTERS || list.length >= MAX_LOGGED_STEPS) list.length = 0;
    list.push({ from: document.version, to: version, changes, size });
    this.steps.set(document.uri, list);
  }
}

/** A copy of `document` with `changes` applied (offsets, as recorded). */
function replayed(document: PieceDocument, changes: readonly TextChange[]): PieceDocument {
  let text = document.text;
  for (const change of changes) text = text.replace(change.start, change.end, change.text);
  return PieceDocument.create(document.uri, document.languageId, document.version, text.toString());
}
