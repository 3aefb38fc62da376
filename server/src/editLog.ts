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
    // Offsets must be read before each change is applied. Positions of a later change refer to
    // the text the earlier ones left: from the second change on (rare: multi-cursor edits), a copy
    // of the document follows along (it shares the text's pieces; only line starts are copied).
    const changes: TextChange[] = [];
    let size = 0;
    let current = document;
    events.forEach((event, i) => {
      if (i === 1) {
        current = document.copy();
        current.update([events[0]!], version);
      }
      if ('range' in event) {
        // A reversed range is applied forwards, as the documents do.
        const from = current.offsetAt(event.range.start);
        const to = current.offsetAt(event.range.end);
        const [start, end] = from <= to ? [from, to] : [to, from];
        changes.push({ start, end, text: event.text });
      } else {
        changes.push({ start: 0, end: current.text.length, text: event.text });
      }
      if (i > 0) current.update([event], version);
      size += event.text.length;
    });
    const list = this.steps.get(document.uri) ?? [];
    const total = list.reduce((sum, s) => sum + s.size, 0) + size;
    if (total > MAX_LOGGED_CHARACTERS || list.length >= MAX_LOGGED_STEPS) list.length = 0;
    list.push({ from: document.version, to: version, changes, size });
    this.steps.set(document.uri, list);
  }
}
