import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { buildReport } from '../../cli/src/buildReport';
import { CLIENTS } from '../../server/src/core/clients/profiles';
import type { ClientResult } from '../../server/src/core';
import { analyze } from '../../server/src/core/analyze';

/**
 * A stream of many documents (JSON Lines, a YAML stream) has a client result per client and
 * document. The report reads each tool's outcomes: once per result in total, not per tool and
 * result. Reads are counted through getters (deterministic, unlike a clock).
 */
describe('cost: a report over many documents', () => {
  test('client results are read linearly in the number of documents', () => {
    const reads = (n: number) => {
      let count = 0;
      const text = Array.from({ length: n }, (_, i) => JSON.stringify({ tools: [{ name: `t${i}`, inputSchema: {} }] }));
      const analysis = analyze(`${text.join('\n')}\n`, { language: 'json' });
      assert.equal(analysis.tools.length, n);
      const clients: ClientResult[] = analysis.tools.map((_, i) => ({
        get client() {
          count += 1;
          return 'vscode' as const;
        },
        profile: CLIENTS.vscode,
        server: 's',
        get tools() {
          count += 1;
          return [{ tool: i, wireName: `t${i}`, fate: 'sent' as const, group: [] }];
        },
      }));
      // Every look at a result through the array counts too: a scan of all results per tool did.
      const counted = new Proxy(clients, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) count += 1;
          return Reflect.get(target, key, receiver);
        },
      });
      const report = buildReport('many.jsonl', text.join('\n'), { ...analysis, clients: counted });
      assert.deepEqual(report.tools[n - 1]?.clients, { vscode: { wireName: `t${n - 1}`, fate: 'sent' } });
      return count;
    };
    const small = reads(500);
    const large = reads(2000);
    assert.ok(large <= small * 5, `${small} reads at 500 documents, ${large} at 2000`);
  });
});
