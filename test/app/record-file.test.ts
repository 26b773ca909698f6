import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import {
  CHAIN_LENGTH,
  chainStep,
  HashChain,
  playFairToEnd,
  playToEnd,
  replay,
  replayWith,
  stateHash,
  type Bot,
  type GameDefinition,
  type GameEvent,
  type GameRecord,
} from '../../engine';
import { gotopoly, gotopolyBots } from '../../engine/gotopoly';
import { pole, poleBots } from '../../engine/pole';
import { ten, tenBots } from '../../engine/ten';
import { describeGameLog } from '../../ui/play/any-game-log';
import { describeEvents } from '../../ui/pole/pole-log';
import {
  buildTimeline,
  checkRecord,
  eventsUntil,
  loadRecord,
  openRecord,
  readRecord,
  recordFileName,
  stateAt,
  viewOf,
} from '../../ui/replay/record-file';

const poleGame = playToEnd(
  pole,
  { players: 3 },
  'replay-test',
  [poleBots.heuristic, poleBots.random, poleBots.heuristic],
  { collectEvents: true },
);

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
    const g = playToEnd(gotopoly, { players: 3 }, 'replay-g', [
      gotopolyBots.heuristic,
      gotopolyBots.random,
      gotopolyBots.heuristic,
    ]);
    expect(stateHash(stateAt(buildTimeline(g.record), g.record.actions.length))).toBe(stateHash(g.state));
    const t = playToEnd(ten, { players: 2 }, 'replay-t', [tenBots.heuristic, tenBots.random]);
    const tl = buildTimeline(t.record);
    expect(stateHash(stateAt(tl, tl.length))).toBe(stateHash(t.state));
    expect(viewOf('ten', stateAt(tl, 0), null)).not.toHaveProperty('rng');
    expect(viewOf('gotopoly', stateAt(buildTimeline(g.record), 0), null)).not.toHaveProperty('rng');
  });

  it('reads record files and says what is wrong with a bad one', () => {
    const text = JSON.stringify({
      ...poleGame.record,
      seats: [
        { name: 'Ada', kind: 'human' },
        // A record exported before bots had levels: its random bot is an easy one.
        { name: 'Bao', kind: 'random' },
      ],
    });
    const loaded = readRecord(text);
    expect(loaded.seats.map((s) => s.name)).toEqual(['Ada', 'Bao', 'Player 3']);
    expect(loaded.seats[1]!.kind).toBe('easy');
    expect(loadRecord({ ...poleGame.record, names: ['X', 'Y', 'Z'] }).seats.map((s) => s.name)).toEqual([
      'X',
      'Y',
      'Z',
    ]);
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

/** A seat's chain for a test: every link at once (H^i of the secret), since HashChain.link walks the chain anew. */
function linksOf(secret: string): (k: number) => string {
  const walk = [secret];
  for (let i = 1; i <= CHAIN_LENGTH; i++) walk.push(chainStep(walk[i - 1]!));
  return (k) => walk[CHAIN_LENGTH - k]!;
}

/** A provably fair bot game whose seats' chains were registered when the game was at `at` (see playFairToEnd). */
function playFair<S, A, C, E extends GameEvent>(
  definition: GameDefinition<S, A, C, E>,
  config: C,
  seed: string,
  bots: readonly Bot<S, A>[],
  registered: readonly { seat: number; at: number }[],
): GameRecord<C, A> {
  const gameId = `fair-${seed}`;
  const chains = registered.map(({ seat, at }) => {
    const secret = bytesToHex(sha256(utf8ToBytes(`${gameId}/${seat}`)));
    return { seat, at, head: new HashChain(secret).head, link: linksOf(secret) };
  });
  return playFairToEnd(definition, config, seed, bots, { gameId, chains });
}

describe('provably fair records in the replay viewer', () => {
  // Seat 0 registered before the first action, seat 2 once the game was at seq 5; seat 1 (a bot) has no chain.
  const fairRecord = playFair(
    pole,
    { players: 3 },
    'fair-replay',
    [poleBots.heuristic, poleBots.random, poleBots.heuristic],
    [
      { seat: 0, at: 0 },
      { seat: 2, at: 5 },
    ],
  );
  const linked = fairRecord.actions.filter((a) => a.contribution).length;

  it('replays a fair record to the positions replayWith gives, each the state the host recorded', () => {
    const timeline = buildTimeline(loadRecord(fairRecord).record, 16);
    for (const k of [1, 2, 15, 16, 17, 40, timeline.length]) {
      const expected = replayWith(pole, { ...fairRecord, actions: fairRecord.actions.slice(0, k) }).state;
      expect(stateHash(stateAt(timeline, k))).toBe(stateHash(expected));
      expect(stateHash(stateAt(timeline, k))).toBe(fairRecord.actions[k - 1]!.hash);
    }
    expect(stateHash(stateAt(timeline, timeline.length))).toBe(fairRecord.finalHash);
  });

  it('says a fair record is verified, with its actions and how many carried a link', () => {
    expect(linked).toBeGreaterThan(0);
    expect(linked).toBeLessThan(fairRecord.actions.length);
    expect(checkRecord(loadRecord(fairRecord).record)).toEqual({
      tone: 'good',
      text: `Verified: every roll follows from the seed and the players’ links (${fairRecord.actions.length} actions, ${linked} with a link).`,
      position: null,
    });
  });

  it('says a plain record replays, but the host knew every roll', () => {
    expect(checkRecord(poleGame.record)).toEqual({
      tone: 'plain',
      text: 'Plain seed: replays, but the host knew every roll.',
      position: null,
    });
  });

  it('names the action whose roll was forged, and the position that shows it', () => {
    const at = 12;
    const forged = {
      ...fairRecord,
      actions: fairRecord.actions.map((a, i) => (i === at ? { ...a, roll: 'f'.repeat(64) } : a)),
    };
    const summary = checkRecord(loadRecord(forged).record);
    expect(summary.tone).toBe('bad');
    expect(summary.text).toMatch(new RegExp(`^action ${at} \\(seq ${at + 1}, .*this roll was forged$`));
    expect(summary.position).toBe(at + 1);
    // The forged roll does not change the replay: the viewer recomputes every roll from the seed and the links.
    expect(stateHash(stateAt(buildTimeline(forged), at + 1))).toBe(fairRecord.actions[at]!.hash);
  });

  it('names a link that is not the seat’s next one, and a seed that is not the committed one', () => {
    const at = fairRecord.actions.findIndex((a, i) => i > 20 && a.contribution);
    const swapped = {
      ...fairRecord,
      actions: fairRecord.actions.map((a, i) => (i === at ? { ...a, contribution: 'e'.repeat(64) } : a)),
    };
    const bad = checkRecord(swapped);
    expect(bad.text).toContain(`action ${at} `);
    expect(bad.text).toContain("is not the next one of the seat's chain");
    expect(bad.position).toBe(at + 1);
    const reseeded = checkRecord({ ...fairRecord, seed: 'another seed' });
    expect(reseeded.text).toMatch(/does not match the commitment/);
    expect(reseeded.position).toBeNull();
  });

  it('opens a record whose link or seed was changed as far as it replays, its verdict naming the fault, not the action the replay trips on', () => {
    const at = fairRecord.actions.findIndex((a, i) => i > 20 && a.contribution);
    const swapped = {
      ...fairRecord,
      actions: fairRecord.actions.map((a, i) => (i === at ? { ...a, contribution: 'e'.repeat(64) } : a)),
    };
    const reseeded = { ...fairRecord, seed: 'another seed' };
    for (const [tampered, fault] of [
      [swapped, `action ${at} `],
      [reseeded, 'does not match the commitment'],
    ] as const) {
      // The changed rolls send the game elsewhere: a later action of the record no longer applies.
      expect(() => buildTimeline(tampered)).toThrow(/does not apply/);
      const opened = openRecord(tampered);
      expect(opened.verdict.tone).toBe('bad');
      expect(opened.verdict.text).toContain(fault);
      expect(opened.stop).toMatch(/^action \d+ .* does not apply/);
      expect(opened.timeline.length).toBe(Number(/^action (\d+)/.exec(opened.stop!)![1]));
      expect(opened.timeline.length).toBeLessThan(fairRecord.actions.length);
    }
    const linkOpened = openRecord(swapped);
    expect(linkOpened.verdict.position).toBe(Math.min(at + 1, linkOpened.timeline.length));
    expect(stateHash(stateAt(linkOpened.timeline, at))).toBe(fairRecord.actions[at - 1]!.hash);
    expect(openRecord(reseeded).verdict.position).toBeNull();
    // A record that replays whole opens whole; one whose set-up does not replay is still refused.
    expect(openRecord(fairRecord)).toMatchObject({
      stop: null,
      verdict: { tone: 'good' },
      timeline: { length: fairRecord.actions.length },
    });
    expect(() => openRecord({ ...fairRecord, version: 99 })).toThrow(/version/);
  });
});
