import { ALL_CLIENT_IDS, analyze } from '../server/src/core';
import { TestClient } from '../test/lsp/client';
import { generate } from './generate';
import { median, timeOnce } from './measure';

/**
 * didChange -> diagnostics on a 10k-tool file through the real bundled server over stdio, as a
 * ratio to the core analysis alone on the same text, measured in the same run. Pull mode is
 * what VS Code uses: didChange, then textDocument/diagnostic, until the full report arrives.
 * Push mode adds the server's debounce (150 ms), reported separately.
 */
export async function benchLsp(quick: boolean): Promise<void> {
  const runs = quick ? 3 : 11;
  const text = generate('mcp-tools-list', 10_000);
  const needle = '"tool_3_get"';
  const at = text.indexOf(needle);
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const line = text.slice(0, at).split('\n').length - 1;
  const character = at - lineStart + 1;

  console.log('\nlsp: didChange -> diagnostics, 10k tools, ratio to analyze() alone on the same text');
  for (const pull of [true, false]) {
    const client = await TestClient.start({ pull });
    const uri = `file:///bench/${pull ? 'pull' : 'push'}.json`;
    await client.open(uri, text);
    if (pull) await client.pull(uri);
    else await client.diagnostics(uri, () => true, 60_000);
    const lsp: number[] = [];
    const core: number[] = [];
    for (let i = 0; i < runs; i++) {
      // Toggle one character of a name: "tool_3_get" <-> "tool.3_get" (a real change in findings).
      const next = i % 2 === 0 ? '.' : '_';
      const start = process.hrtime.bigint();
      await client.edit(uri, [{ range: { start: { line, character: character + 4 }, end: { line, character: character + 5 } }, newText: next }]);
      if (pull) await client.pull(uri);
      else await client.diagnostics(uri, () => true, 60_000);
      lsp.push(Number(process.hrtime.bigint() - start) / 1e6);
      const current = client.text(uri);
      // What the server runs on a folder with no config: every modelled client, no server name.
      core.push(timeOnce(() => void analyze(current, { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } })));
    }
    await client.stop();
    const l = median(lsp);
    const c = median(core);
    console.log(`${pull ? 'pull' : 'push (150 ms debounce)'}`.padEnd(26) + ` lsp ${l.toFixed(1)} ms, analyze ${c.toFixed(1)} ms, ratio ${(l / c).toFixed(2)}x`);
  }
}
