import { describe, expect, it } from 'vitest';
import { replay, replayWith, stateHash, type GameId } from '../../engine';
import { gotopoly, nmrAction, type GotopolyState } from '../../engine/gotopoly';
import { ManualClock } from '../../server/host';
import type { CreateGameRequest } from '../../server/protocol';
import { drive, refusal, useTestServer } from './helpers';
import { bot, humans } from './requests';

const clock = new ManualClock();
const server = useTestServer({ clock, snapshotEvery: 20 });

describe('GameHost: bots', () => {
  it.each<[GameId, number]>([
    ['pole', 3],
    ['gotopoly', 3],
    ['ten', 3],
    ['ten', 1],
  ])('plays a bot-only game of %s (%i seats) to the end on the server', async (game, players) => {
    const created = await server.host.create({
      game,
      seats: Array.from({ length: players }, (_, i) => ({ kind: i % 2 ? 'random' : 'heuristic', name: `Bot ${i}` })),
      seed: `bots-${game}`,
      botPaceMs: 0,
    });
    const watching = await server.host.views.subscribe(created.id);
    await drive(server.host, clock);
    const end = await server.host.views.snapshot(created.id);
    expect(end.outcome).not.toBeNull();
    expect(end.pending).toEqual([]);
    const record = await server.host.records.record(created.id);
    expect(record.actions.length).toBe(end.seq);
    expect(stateHash(replay(record).state)).toBe((await server.host.records.stateHash(created.id)).hash);
    expect((await server.store.games.get(created.id))?.finished).toBe(true);
    expect(await server.store.actions.list(created.id)).toHaveLength(end.seq);
    // The spectator saw every action once, in order.
    const seqs: number[] = [];
    for await (const update of watching) {
      seqs.push(update.seq);
      if (update.seq === end.seq) break;
    }
    expect(seqs).toEqual(Array.from({ length: end.seq }, (_, i) => i + 1));
    expect(clock.pending).toBe(0);
  });

  it('replays the same bot game from the same seed (bot randomness is seeded)', async () => {
    const request: CreateGameRequest = {
      game: 'pole',
      seats: [bot('easy', 'A'), bot('normal', 'B')],
      seed: 'same-seed',
      botPaceMs: 0,
    };
    const a = await server.host.create(request);
    const b = await server.host.create(request);
    await drive(server.host, clock);
    expect((await server.host.records.record(a.id)).actions).toEqual((await server.host.records.record(b.id)).actions);
  });

  it('waits the bot pace between bot moves', async () => {
    const created = await server.host.create({
      game: 'ten',
      seats: [bot('easy', 'A'), bot('easy', 'B')],
      seed: 'paced',
      botPaceMs: 400,
    });
    await drive(server.host, clock);
    expect((await server.host.views.snapshot(created.id)).seq).toBe(0);
    clock.advance(399);
    await server.host.idle();
    expect((await server.host.views.snapshot(created.id)).seq).toBe(0);
    clock.advance(1);
    await server.host.idle();
    expect((await server.host.views.snapshot(created.id)).seq).toBe(1);
    clock.advance(400);
    await server.host.idle();
    expect((await server.host.views.snapshot(created.id)).seq).toBe(2);
    await server.host.seats.leave(created.id, created.hostToken, 0).catch(() => undefined); // bots cannot leave: nothing changes
    // Finish it so no timer is left behind.
    for (let guard = 0; !(await server.host.views.snapshot(created.id)).outcome && guard < 10_000; guard++) {
      clock.advance(400);
      await server.host.idle();
    }
    expect((await server.host.views.snapshot(created.id)).outcome).not.toBeNull();
  });
});

describe('GameHost: turn timers', () => {
  it("plays Gotopoly's NMR action for a human seat at its deadline, not before", async () => {
    const created = await server.host.create({
      game: 'gotopoly',
      seats: [...humans('Ann'), bot('easy', 'Bot 1'), bot('normal', 'Bot 2')],
      seed: 'timer',
      turnSeconds: 30,
      botPaceMs: 0,
    });
    const start = clock.now();
    const first = await server.host.views.snapshot(created.id, created.hostToken);
    expect(first.deadline).toBe(start + 30_000);
    const updates = await server.host.views.subscribe(created.id, created.hostToken, 0);
    await drive(server.host, clock); // the bots bid; the human's deadline is kept while it stays pending
    for (const seq of [1, 2]) expect((await updates.next()).value).toMatchObject({ seq, deadline: start + 30_000 });
    updates.close();
    const waiting = await server.host.views.snapshot(created.id, created.hostToken);
    expect(waiting.seq).toBe(2);
    expect(waiting.pending.map((d) => d.seat)).toEqual([0]);
    expect(waiting.deadline).toBe(start + 30_000);

    clock.advance(29_999);
    await server.host.idle();
    expect((await server.host.views.snapshot(created.id)).seq).toBe(2);
    clock.advance(1);
    await server.host.idle();

    const record = await server.host.records.record(created.id);
    const before = replayWith(gotopoly, { ...record, actions: record.actions.slice(0, 2) }).state as GotopolyState;
    expect(record.actions[2]).toEqual({ seat: 0, action: nmrAction(before, 0) });
    expect(record.actions[2]!.action).toEqual({ type: 'bid', bids: [0, 0, 0, 0, 0, 0] });
    await server.host.seats.leave(created.id, created.hostToken, 0);
    await drive(server.host, clock);
    expect((await server.host.views.snapshot(created.id)).outcome).not.toBeNull();
  });

  it('plays the cheapest choice for a timed-out Tezos Pole seat (roll, then pass on a buy)', async () => {
    const created = await server.host.create({
      game: 'pole',
      seats: humans('Ada', 'Bea'),
      seed: 'pole-timer',
      turnSeconds: 10,
      botPaceMs: 0,
    });
    for (let i = 0; i < 12; i++) {
      clock.advance(10_000);
      await server.host.idle();
    }
    const record = await server.host.records.record(created.id);
    expect(record.actions.length).toBeGreaterThanOrEqual(12);
    for (const { action } of record.actions)
      expect(['roll', 'pass', 'flip']).toContain((action as { type: string }).type);
    expect(record.actions.some(({ action }) => (action as { type: string }).type === 'roll')).toBe(true);
    const snap = await server.host.views.snapshot(created.id, created.hostToken);
    expect(snap.deadline).toBe(clock.now() + 10_000);
    const [update] = await (async () => {
      const sub = await server.host.views.subscribe(created.id, created.hostToken, snap.seat!, snap.seq - 1);
      const next = await sub.next();
      sub.close();
      return [next.value];
    })();
    expect(update).toMatchObject({ seq: snap.seq, deadline: clock.now() + 10_000 });
    for (const seat of [0, 1]) await server.host.seats.leave(created.id, created.hostToken, seat);
    await drive(server.host, clock);
    expect((await server.host.views.snapshot(created.id)).outcome).not.toBeNull();
  });
});

describe('GameHost: leaving', () => {
  it('hands a seat that leaves to its bot, which finishes the game', async () => {
    const created = await server.host.create({
      game: 'ten',
      seats: humans('Ann', 'Ben'),
      seed: 'leaving',
      mode: 'online',
      botPaceMs: 0,
    });
    const [t0, t1] = created.invites.map((i) => i.token);
    await drive(server.host, clock);
    expect((await server.host.views.snapshot(created.id)).seq).toBe(0); // nobody plays for people who are there
    await server.host.seats.leave(created.id, t0!);
    await server.host.seats.leave(created.id, t0!); // leaving twice is harmless
    expect((await server.host.views.snapshot(created.id)).seats[0]!.botTakeover).toBe(true);
    expect((await server.store.games.get(created.id))?.seats[0]!.botTakeover).toBe(true);
    expect(
      await refusal(server.host.moves.act(created.id, { token: t0!, seat: 0, seq: 0, action: { type: 'draw' } })),
    ).toEqual({
      status: 403,
      code: 'SEAT_LEFT',
    });
    // Online, the host token holds no seat.
    expect(await refusal(server.host.seats.leave(created.id, created.hostToken))).toEqual({
      status: 403,
      code: 'NOT_YOUR_SEAT',
    });
    await server.host.seats.leave(created.id, t1!);
    await drive(server.host, clock);
    const end = await server.host.views.snapshot(created.id);
    expect(end.outcome).not.toBeNull();
    expect(end.seq).toBeGreaterThan(0);
  });
});
