import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { gaveUpMessage, MAX_STOPS, ServerStops, STOP_WINDOW_MS } from '../../client/src/crashes';

/** A clock the test moves by hand. */
function clock(): { now: () => number; advance: (ms: number) => void } {
  let at = 1_000_000;
  return { now: () => at, advance: (ms) => void (at += ms) };
}

describe('server stops: restart, then give up and offer Restart', () => {
  test('four stops are restarted; the fifth within three minutes gives up', () => {
    const time = clock();
    const stops = new ServerStops(time.now);
    const seen = Array.from({ length: MAX_STOPS }, () => {
      time.advance(1000);
      return stops.stopped();
    });
    assert.deepEqual(seen, ['restart', 'restart', 'restart', 'restart', 'give-up']);
  });

  test('stops spread over more than the window keep being restarted', () => {
    const time = clock();
    const stops = new ServerStops(time.now);
    for (let i = 0; i < 3 * MAX_STOPS; i++) {
      assert.equal(stops.stopped(), 'restart', `stop ${i + 1}`);
      time.advance(STOP_WINDOW_MS / (MAX_STOPS - 1) + 1);
    }
  });

  test('a restart by hand starts the count over: the server gets its five stops again', () => {
    const time = clock();
    const stops = new ServerStops(time.now);
    for (let i = 0; i < MAX_STOPS - 1; i++) stops.stopped();
    assert.equal(stops.stopped(), 'give-up');
    stops.reset();
    for (let i = 0; i < MAX_STOPS - 1; i++) assert.equal(stops.stopped(), 'restart');
    assert.equal(stops.stopped(), 'give-up');
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
