import { describe, expect, it } from 'vitest';
import { playToEnd, replay, stateHash } from '../../engine';
import { gotopoly, gotopolyBots } from '../../engine/gotopoly';
import { pole, poleBots } from '../../engine/pole';
import { ten, tenBots } from '../../engine/ten';
import { describeGameLog } from '../../ui/play/any-game-log';
import { describeEvents } from '../../ui/pole/pole-log';
import { buildTimeline, eventsUntil, loadRecord, readRecord, recordFileName, stateAt, viewOf } from '../../ui/replay/record-file';

const poleGame = playToEnd(pole, { players: 3 }, 'replay-test', [poleBots.heuristic, poleBots.random, poleBots.heuristic], { collectEvents: true });

describe('record-file', () => {
  it('replays a record into a timeline whose every position matches the engine', () => {
    const { record } = poleGame;
    const timeline = buildTimeline(record, 16);
    expect(timeline.length).toBe(record.actions.length);
    expect(stateHash(stateAt(timeline, timeline.length))).toBe(stateHash(poleGame.state));
    for (const k of [0, 1, 15, 16, 17, 40, timeline.length]) {
      const expected = replay({ ...record, actions: record.actions.slice(0, k) }).state;
      expect(stateHash(stateAt(timeline, k))).toBe(stateHash(expected));
    }
    expect(eventsUntil(timeline, timeline.length)).toEqual(poleGame.events);
  });

  it('replays Gotopoly and Ten too', () => {
    const g = playToEnd(gotopoly, { players: 3 }, 'replay-g', [gotopolyBots.heuristic, gotopolyBots.random, gotopolyBots.heuristic]);
    expect(stateHash(stateAt(buildTimeline(g.record), g.record.actions.length))).toBe(stateHash(g.state));
    const t = playToEnd(ten, { players: 2 }, 'replay-t', [tenBots.heuristic, tenBots.random]);
    const tl = buildTimeline(t.record);
    expect(stateHash(stateAt(tl, tl.length))).toBe(stateHash(t.state));
    expect(viewOf('ten', stateAt(tl, 0), null)).not.toHaveProperty('rng');
    expect(viewOf('gotopoly', stateAt(buildTimeline(g.record), 0), null)).not.toHaveProperty('rng');
  });

  it('reads record files and says what is wrong with a bad one', () => {
    const text = JSON.stringify({ ...poleGame.record, seats: [{ name: 'Ada', kind: 'human' }, { name: 'Bao', kind: 'random' }] });
    const loaded = readRecord(text);
    expect(loaded.seats.map((s) => s.name)).toEqual(['Ada', 'Bao', 'Player 3']);
    expect(loaded.seats[1]!.kind).toBe('random');
    expect(loadRecord({ ...poleGame.record, names: ['X', 'Y', 'Z'] }).seats.map((s) => s.name)).toEqual(['X', 'Y', 'Z']);
    expect(() => readRecord('not json')).toThrow(/not JSON/);
    expect(() => readRecord('{"game":"chess"}')).toThrow(/not a game record/);
    const broken = { ...poleGame.record, actions: [{ seat: 1, action: { type: 'buy' } }] };
    expect(() => buildTimeline(loadRecord(broken).record)).toThrow(/action 0/);
    expect(() => buildTimeline(loadRecord({ ...poleGame.record, version: 99 }).record)).toThrow(/version/);
    expect(recordFileName(poleGame.record)).toBe('pole-replay-test.json');
  });

  it('a Pole view is the state without its PRNG state', () => {
    const view = viewOf('pole', poleGame.state, null) as Record<string, unknown>;
    expect(view).not.toHaveProperty('rng');
    expect(view.players).toEqual(poleGame.state.players);
  });

  it('logs a Pole game turn by turn with the Pole log sentences', () => {
    const names = ['Ada', 'Bao', 'Cleo'];
    const board = poleGame.state.config.board;
    const entries = describeGameLog('pole', poleGame.events, names, board);
    expect(entries[0]!.meta).toMatch(/^Turn 1 · /);
    expect(entries.flatMap((e) => e.lines.map((l) => l.text))).toEqual(
      // Splitting at turns changes no sentence: every line the whole game tells, in order.
      entries.flatMap((e, i) => {
        const end = entries[i + 1]?.key ?? poleGame.events.length;
        return describeEvents(poleGame.events.slice(e.key, end), { names, board }).map((l) => l.text);
      }),
    );
    expect(entries[entries.length - 1]!.lines.some((l) => l.tone === 'end')).toBe(true);
  });
});
