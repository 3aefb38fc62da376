import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ALL_CLIENT_IDS, type AnalysisOptions, type DocumentResult } from '../../server/src/core';
import { analyzeWithCarry } from '../../server/src/core/analyze';
import { CLIENTS } from '../../server/src/core/clients/profiles';
import { oneByOneOf } from '../../server/src/core/incremental/oneByOneOf';
import { DocumentAnalyzer } from '../../server/src/documentState';
import { EditLog } from '../../server/src/editLog';
import { IdleWork } from '../../server/src/idleWork';
import type { RuntimeEnvironment } from '../../server/src/runtime';
import { DEFAULT_SETTINGS } from '../../server/src/settings';
import { mcpList } from './fixtures';

/** A timer the test advances by hand: `tick` fires every callback due, in order of time. */
function manualTimer() {
  let now = 0;
  let queue: Array<{ at: number; seq: number; run: () => void; live: boolean }> = [];
  let seq = 0;
  const timer: RuntimeEnvironment['timer'] = {
    setTimeout(callback, ms) {
      const entry = { at: now + ms, seq: seq++, run: callback, live: true };
      queue.push(entry);
      return { dispose: () => void (entry.live = false) };
    },
    yieldToEventLoop: () => Promise.resolve(),
  };
  /** Moves the clock on by `ms`, then fires the earliest live callback due; false when none is. */
  const step = (ms = 0): boolean => {
    now += ms;
    queue = queue.filter((e) => e.live).sort((a, b) => a.at - b.at || a.seq - b.seq);
    const next = queue[0];
    if (!next || next.at > now) return false;
    queue.shift();
    next.run();
    return true;
  };
  return { timer, step, pending: () => queue.filter((e) => e.live).length };
}

describe('work ahead of the next edit, while the server is idle', () => {
  test('waits for a quiet spell, then runs one step per tick, in order', () => {
    const { timer, step } = manualTimer();
    const ran: number[] = [];
    const work = new IdleWork(timer, { error: () => assert.fail('no error'), info: () => undefined }, 50);
    work.schedule('a', [() => ran.push(1), () => ran.push(2), () => ran.push(3)]);
    assert.equal(step(49), false, 'nothing before the quiet spell');
    assert.equal(step(1), true);
    assert.deepEqual(ran, [1], 'one step per tick: a message that arrives meanwhile waits for one step at most');
    while (step()) {
      // the remaining steps, one by one
    }
    assert.deepEqual(ran, [1, 2, 3]);
  });

  test("a document's new work replaces what was left; other documents keep theirs; none cancels", () => {
    const { timer, step, pending } = manualTimer();
    const ran: string[] = [];
    const work = new IdleWork(timer, { error: () => assert.fail('no error'), info: () => undefined }, 0);
    work.schedule('a', [() => ran.push('a1'), () => ran.push('a2')]);
    work.schedule('b', [() => ran.push('b1')]);
    step();
    work.schedule('a', [() => ran.push('a3')]);
    while (step()) {
      // drain
    }
    assert.deepEqual(ran.sort(), ['a1', 'a3', 'b1']);
    work.schedule('a', [() => ran.push('never')]);
    work.schedule('a', []);
    assert.equal(pending(), 0);
  });

  test('a step that throws is logged and ends that work; nothing escapes to the event loop', () => {
    const { timer, step } = manualTimer();
    const errors: string[] = [];
    const ran: number[] = [];
    const work = new IdleWork(timer, { error: (m) => errors.push(m), info: () => undefined }, 0);
    work.schedule('file:///t.json', [
      () => {
        throw new Error('boom');
      },
      () => ran.push(2),
    ]);
    while (step()) {
      // drain
    }
    assert.deepEqual(ran, []);
    assert.match(errors.join('\n'), /file:\/\/\/t\.json failed: boom/);
  });

  test("the analyzer hands out each base's work (the clients' keys of an MCP file), and none once the document closes", async () => {
    const log = new EditLog();
    const options: AnalysisOptions = { clients: { enabled: ALL_CLIENT_IDS, byDefault: true } };
    const handed: Array<{ uri: string; steps: number }> = [];
    const pipeline = (_uri: string, text: string): DocumentResult => {
      const { analysis, carry } = analyzeWithCarry(text, options);
      return {
        kind: 'analysis',
        analysis,
        options,
        config: undefined,
        reads: [],
        text,
        modelled: { providers: [] },
        carry,
      };
    };
    const analyzer = new DocumentAnalyzer(
      { forDocument: () => Promise.resolve(DEFAULT_SETTINGS) },
      pipeline,
      { error: () => undefined, info: () => undefined },
      {
        edits: (uri, from, to) => log.since(uri, from, to),
        onBase: (uri, version) => log.trim(uri, version),
        workAhead: (uri, steps) => {
          handed.push({ uri, steps: steps.length });
          steps.forEach((work) => work());
        },
      },
    );
    let document = log.documents.create('file:///t.json', 'json', 1, mcpList('a.b', 'c', 'd'));
    await analyzer.stateFor(document);
    const stated = ALL_CLIENT_IDS.filter((id) => oneByOneOf(id, CLIENTS[id])).length;
    assert.deepEqual(handed[0], { uri: 'file:///t.json', steps: stated }, "every client's keys, a step each");
    // A name edit checked alone: the keys are already counted (run ahead above), so nothing is left.
    const at = document.getText().indexOf('"c"') + 1;
    document = log.documents.update(
      document,
      [{ range: { start: document.positionAt(at), end: document.positionAt(at + 1) }, text: 'e' }],
      2,
    );
    await analyzer.stateFor(document);
    assert.deepEqual(handed[1], { uri: 'file:///t.json', steps: 0 });
    analyzer.forget('file:///t.json');
    assert.deepEqual(
      handed.at(-1),
      { uri: 'file:///t.json', steps: 0 },
      'a closed document hands out none (its work is cancelled)',
    );
  });
});
