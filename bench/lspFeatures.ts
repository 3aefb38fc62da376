import type { Diagnostic } from 'vscode-languageserver-protocol';
import { positionOf, TestClient } from '../test/lsp/client';
import { generate, toolName } from './generate';
import { median } from './measure';

const SIZES = [1_000, 10_000] as const;

/**
 * Hover, inlay hints, a quick fix and a census page through the real bundled server, on 1k and
 * 10k tools. The figure that matters is the ratio 10k / 1k, measured in the
 * same run: about 1 means the answer no longer depends on the file's size. The first hover of a
 * version is shown apart: with no client enabled it runs the seven client profiles once.
 */
export async function benchLspFeatures(quick: boolean): Promise<void> {
  const runs = quick ? 5 : 31;
  const rows = new Map<string, number[]>();
  const add = (what: string, ms: number) => rows.set(what, [...(rows.get(what) ?? []), ms]);
  const notes: string[] = [];
  for (const size of SIZES) {
    const client = await TestClient.start({ pull: true, server: 'bundle' });
    try {
      const text = generate('mcp-tools-list', size);
      const uri = `file:///bench/features-${size}.json`;
      await client.open(uri, text);
      const report = await client.pull(uri);
      const diagnostics: Diagnostic[] = report.kind === 'full' ? report.items : [];
      const middle = Math.floor(size / 2) + 3; // a plain name, mid-file
      const at = positionOf(text, `"${toolName(middle)}"`, 0, 2);
      const fixable = diagnostics.filter((d) => {
        const data = d.data as { fix?: unknown; nameFix?: unknown } | undefined;
        return data?.fix !== undefined || data?.nameFix !== undefined;
      });
      const target = fixable[Math.floor(fixable.length / 2)];
      const visible = {
        start: { line: Math.max(0, at.line - 30), character: 0 },
        end: { line: at.line + 30, character: 0 },
      };
      add('first hover (all 7 clients, once per version)', await time(() => client.hover(uri, at)));
      const requests: Array<[string, () => Promise<unknown>]> = [
        ['hover', () => client.hover(uri, at)],
        ['inlay hints (60 lines)', () => client.inlayHints(uri, visible)],
        ...(target
          ? [
              ['code action (one quick fix)', () => client.codeActions(uri, target.range, [target], ['quickfix'])] as [
                string,
                () => Promise<unknown>,
              ],
            ]
          : []),
        ['census page (200 rows)', () => client.connection.sendRequest('toolwire/census', { uri, page: 1 })],
      ];
      for (const [what, request] of requests) {
        for (let i = 0; i < 3; i++) await request();
        const samples: number[] = [];
        for (let i = 0; i < runs; i++) samples.push(await time(request));
        add(what, median(samples));
      }
      // A keystroke in a description (its own line): the analysis is carried over, and with it
      // the all-clients tables, so the next version's first hover does not run them again.
      const description = positionOf(text, `Performs operation ${middle} `, 0, 4);
      await client.sendChange(
        client.applyLocally(uri, [{ range: { start: description, end: description }, newText: 'x' }]),
      );
      await client.pull(uri);
      add('first hover after a description edit', await time(() => client.hover(uri, at)));
      const census = (await client.connection.sendRequest('toolwire/census', { uri })) as {
        html: string;
        pages: number;
      };
      notes.push(
        `${size} tools: census page ${(census.html.length / 1024).toFixed(0)} KB of HTML, ${census.pages} pages`,
      );
    } finally {
      await client.stop();
    }
  }
  console.log('\nlsp features: median ms through the server (stdio), 1k vs 10k tools; ratio ~1 = independent of size');
  console.log('request                                          1k ms    10k ms   ratio');
  for (const [what, [small, large]] of rows) {
    console.log(
      `${what.padEnd(46)} ${small!.toFixed(2).padStart(8)} ${large!.toFixed(2).padStart(9)} ${(large! / small!).toFixed(2).padStart(6)}x`,
    );
  }
  for (const note of notes) console.log(note);
}

async function time(request: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await request();
  return Number(process.hrtime.bigint() - start) / 1e6;
}
