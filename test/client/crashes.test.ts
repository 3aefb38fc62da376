import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  gaveUpMessage,
  MAX_CONNECTION_ERRORS,
  MAX_STOPS,
  RESTART,
  SHOW_OUTPUT,
  ServerStops,
  STOP_WINDOW_MS,
  type CrashHost,
} from '../../client/src/crashes';

/**
 * An editor that records what it was asked and answers with `choice`; its clock moves by hand.
 * `settled` resolves once the answer has been acted on.
 */
function editor(choice?: string) {
  let at = 1_000_000;
  const asked: Array<{ message: string; choices: string[] }> = [];
  const did: string[] = [];
  let acted: () => void = () => undefined;
  const settled = new Promise<void>((resolve) => {
    acted = resolve;
  });
  const host: CrashHost = {
    ask: async (message, ...choices) => {
      asked.push({ message, choices });
      if (choice === undefined) acted();
      return choice;
    },
    restart: async () => {
      did.push('restart');
      acted();
    },
    showOutput: () => {
      did.push('show output');
      acted();
    },
    now: () => at,
  };
  return { host, asked, did, settled, advance: (ms: number) => void (at += ms) };
}

describe('server stops: restart, then give up and offer Restart', () => {
  test('four stops are restarted without a word; the fifth within three minutes gives up and asks', async () => {
    const e = editor();
    const stops = new ServerStops(e.host);
    const seen = Array.from({ length: MAX_STOPS }, () => {
      e.advance(1000);
      return stops.stopped();
    });
    assert.deepEqual(seen, ['restart', 'restart', 'restart', 'restart', 'give-up']);
    await e.settled;
    assert.deepEqual(e.asked, [{ message: gaveUpMessage('stopped'), choices: [RESTART, SHOW_OUTPUT] }]);
    assert.deepEqual(e.did, [], 'nothing chosen, nothing done');
  });

  test('choosing Restart restarts the server', async () => {
    const e = editor(RESTART);
    const stops = new ServerStops(e.host);
    for (let i = 0; i < MAX_STOPS; i++) stops.stopped();
    await e.settled;
    assert.deepEqual(e.did, ['restart']);
  });

  test('choosing Show Output opens it', async () => {
    const e = editor(SHOW_OUTPUT);
    const stops = new ServerStops(e.host);
    for (let i = 0; i < MAX_STOPS; i++) stops.stopped();
    await e.settled;
    assert.deepEqual(e.did, ['show output']);
  });

  test('stops spread over more than the window keep being restarted, and nothing is asked', () => {
    const e = editor();
    const stops = new ServerStops(e.host);
    for (let i = 0; i < 3 * MAX_STOPS; i++) {
      assert.equal(stops.stopped(), 'restart', `stop ${i + 1}`);
      e.advance(STOP_WINDOW_MS / (MAX_STOPS - 1) + 1);
    }
    assert.deepEqual(e.asked, []);
  });

  test('a restart by hand starts the count over: the server gets its five stops again', () => {
    const e = editor();
    const stops = new ServerStops(e.host);
    for (let i = 0; i < MAX_STOPS - 1; i++) stops.stopped();
    assert.equal(stops.stopped(), 'give-up');
    stops.reset();
    for (let i = 0; i < MAX_STOPS - 1; i++) assert.equal(stops.stopped(), 'restart');
    assert.equal(stops.stopped(), 'give-up');
  });

  test('connection errors: tolerated three times, then the server is shut down and a restart offered', async () => {
    const e = editor(RESTART);
    const stops = new ServerStops(e.host);
    for (let count = 1; count <= MAX_CONNECTION_ERRORS; count++) assert.equal(stops.connectionError(count), 'continue');
    assert.equal(stops.connectionError(MAX_CONNECTION_ERRORS + 1), 'shut-down');
    await e.settled;
    assert.equal(e.asked[0]?.message, gaveUpMessage('errors'));
    assert.deepEqual(e.did, ['restart']);
  });

  test('the message says what is lost and where to look', () => {
    assert.match(
      gaveUpMessage('stopped'),
      /stopped 5 times in 3 minutes, so it is not running and its diagnostics are gone/,
    );
    assert.match(gaveUpMessage('errors'), /kept failing/);
    for (const reason of ['stopped', 'errors'] as const) assert.match(gaveUpMessage(reason), /output channel/);
  });
});
