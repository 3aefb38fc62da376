import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic, DocumentDiagnosticReport, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { generate } from '../../bench/generate';
import { TestClient } from './client';
import { carriesFix } from './fixtures';

/** Diagnostics without the document's own URI and the version fix data carries (a fresh open is another URI, version 1). */
function comparable(diagnostics: readonly Diagnostic[], uri: string): unknown[] {
  return diagnostics.map((d) => {
    const data = d.data as { version?: number } | undefined;
    return JSON.parse(
      JSON.stringify({ ...d, data: data ? { ...data, version: 0 } : data }).replaceAll(
        JSON.stringify(uri).slice(1, -1),
        'URI',
      ),
    ) as unknown;
  });
}

function full(report: DocumentDiagnosticReport): Diagnostic[] {
  assert.equal(report.kind, 'full');
  return report.kind === 'full' ? report.items : [];
}

/** One edit as the client sends it: `count` characters at the n-th `needle` (plus `delta`) replaced by `text`. */
function editAt(
  text: string,
  needle: string,
  occurrence: number,
  delta: number,
  count: number,
  replacement: string,
): TextEdit {
  let index = -1;
  for (let i = 0; i <= occurrence; i++) index = text.indexOf(needle, index + 1);
  assert.ok(index >= 0, `${needle} #${occurrence} not found`);
  const document = TextDocument.create('x:', 'json', 0, text);
  return {
    range: { start: document.positionAt(index + delta), end: document.positionAt(index + delta + count) },
    newText: replacement,
  };
}

/** Descriptions, names, a multi-cursor change, and edits that break and repair the structure. */
const STEPS: ReadonlyArray<{ readonly what: string; readonly edits: (text: string) => TextEdit[] }> = [
  { what: 'a character in a description', edits: (t) => [editAt(t, 'Performs operation 1500 ', 0, 3, 0, 'x')] },
  { what: 'a deletion in another description', edits: (t) => [editAt(t, 'Performs operation 10 ', 0, 0, 9, '')] },
  {
    what: 'two descriptions in one change',
    edits: (t) => [
      editAt(t, 'Performs operation 1700 ', 0, 5, 1, 'É'),
      editAt(t, 'Performs operation 20 ', 0, 5, 0, '😀'),
    ],
  },
  { what: 'a name (now colliding)', edits: (t) => [editAt(t, '"tool_41_get"', 0, 1, 11, 'service.collide501')] },
  { what: 'a quote inside a description', edits: (t) => [editAt(t, 'Performs operation 30 ', 0, 4, 0, '"')] },
  { what: 'the quote removed', edits: (t) => [editAt(t, 'Perf"orms operation 30 ', 0, 4, 1, '')] },
  { what: 'a closing brace removed', edits: (t) => [editAt(t, '}', 40, 0, 1, '')] },
  { what: 'the brace restored', edits: (t) => [editAt(t, '"description": "Performs operation 4 ', 0, 0, 0, '}')] },
  { what: 'an escape in a description', edits: (t) => [editAt(t, 'Performs operation 1900 ', 0, 2, 0, '\\n\\u00e9')] },
  { what: 'a description after the restore', edits: (t) => [editAt(t, 'Performs operation 1999 ', 0, 1, 2, 'ZZ')] },
];

for (const pull of [true, false]) {
  describe(`incremental edits reach the same diagnostics as a fresh open (${pull ? 'pull' : 'push'})`, () => {
    let client: TestClient;
    before(async () => {
      client = await TestClient.start({ pull });
    });
    after(async () => {
      await client.stop();
    });

    const diagnosticsOf = async (uri: string): Promise<Diagnostic[]> =>
      pull ? full(await client.pull(uri)) : client.diagnostics(uri);

    for (const shape of ['mcp-tools-list', 'openai-chat'] as const) {
      test(`${shape}: ${STEPS.length} edits on 2,000 tools`, async () => {
        const uri = `file:///ws/${shape}-edited.json`;
        await client.open(uri, generate(shape, 2000));
        await diagnosticsOf(uri);
        let olderChecked = 0;
        let carriedChecked = 0;
        for (const [i, step] of STEPS.entries()) {
          const edits = step.edits(client.text(uri));
          await client.edit(uri, edits);
          const edited = await diagnosticsOf(uri);
          const fresh = `file:///ws/${shape}-fresh-${i}.json`;
          await client.open(fresh, client.text(uri));
          const expected = await diagnosticsOf(fresh);
          assert.ok(expected.length > 0, `${step.what}: the document has findings`);
          assert.deepStrictEqual(comparable(edited, uri), comparable(expected, fresh), `after ${step.what}`);
          // Fix data names the version it was made for: this one, or an older one for a finding
          // a reused analysis kept (its diagnostic is reused too). An older one still fixes: its
          // quick fixes are those of the same diagnostic made fresh.
          const current = client.version(uri);
          const versionOf = (d: Diagnostic) => (d.data as { version?: number } | undefined)?.version;
          assert.ok(
            edited.every((d) => versionOf(d) === undefined || versionOf(d)! <= current),
            `after ${step.what}: no version from the future`,
          );
          const older = edited.find((d) => versionOf(d) !== undefined && versionOf(d)! < current && carriesFix(d));
          if (older) {
            const twin = expected[edited.indexOf(older)]!;
            const titles = async (at: string, d: Diagnostic) =>
              ((await client.codeActions(at, d.range, [d], ['quickfix'])) ?? []).map((a) => a.title);
            assert.deepEqual(
              await titles(uri, older),
              await titles(fresh, twin),
              `after ${step.what}: an older diagnostic keeps its quick fixes`,
            );
            olderChecked += 1;
          }
          // A finding after a one-line edit moved (its offsets did) yet sits where it sat: its
          // diagnostic is carried over from the version before, and equals a fresh one (above).
          const editedLine = edits[0]!.range.start.line;
          if (edits.length === 1)
            carriedChecked += edited.filter(
              (d) => d.range.start.line > editedLine && versionOf(d) !== undefined && versionOf(d)! < current,
            ).length;
          await client.close(fresh);
        }
        assert.ok(olderChecked > 0, 'some edit reused diagnostics with fixes (else the check above never ran)');
        assert.ok(
          carriedChecked > 0,
          'some diagnostic after an edit was carried over (else the comparison above never saw one)',
        );
        await client.close(uri);
      });
    }
  });
}
