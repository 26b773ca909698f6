/**
 * Provably fair games in the in-process host over PGlite: online games whose seed the server drew mix
 * every action's roll from that committed seed and the acting seat's hash-chain link. Full games of all three games
 * end in records `verifyRecord` proves; a forged roll, a changed reveal and an altered action are each named with
 * their action; a seat that never registers a chain, and a timed-out seat, play on with host-only rolls (FAIRNESS.md,
 * "A player who stops answering"); a link that does not follow is refused and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  applyRolled,
  games,
  parseRecord,
  recordedRoll,
  rngStateOfRoll,
  seedCommitment,
  verifyRecord,
  type GameId,
  type GameRecord,
} from '../../engine';
import { ABANDONED_AFTER_DAYS, ManualClock } from '../../server/host';
import type { GameSnapshot } from '../../server/protocol';
import { fairRequest, personToMove, playFairGame, playFirstLegal, seatPeople } from './fair-play';
import { createTestServer, drive, refusal, useTestServer } from './helpers';
import { humans } from './requests';

const clock = new ManualClock();
const server = useTestServer({ clock });

const finishedRecord = (game: GameId, withChain?: (seat: number) => boolean) =>
  playFairGame(server.host, clock, game, withChain);
const request = fairRequest;
const seated = (
  id: string,
  invites: readonly { seat: number; token: string }[],
  withChain: (seat: number) => boolean,
) => seatPeople(server.host, id, invites, withChain);

describe('a provably fair game', () => {
  for (const game of ['pole', 'gotopoly', 'ten'] as const) {
    it(
      `${game}: the commitment is public from the start, the seed only at the end, and the record proves every roll`,
      { timeout: 120_000 },
      async () => {
        const { id, record, opening, people } = await finishedRecord(game);
        expect(opening.fair).toMatchObject({ scheme: 'tp-fair/1', commitment: opening.seedCommitment });
        expect(opening.seed).toBeNull();
        expect(record.fair).toMatchObject({ gameId: id, commitment: seedCommitment(record.seed) });
        const verdict = verifyRecord(games[game], record);
        expect(verdict).toMatchObject({ ok: true, mode: 'fair', actions: record.actions.length });
        // Every link a person gave is in the record, with the action it came with.
        const given = people.reduce((n, p) => n + p.used, 0);
        expect(given).toBeGreaterThan(0);
        expect(verdict.ok && verdict.contributed).toBe(given);
        expect((await server.host.records.stateHash(id)).hash).toBe(record.finalHash);
      },
    );
  }

  it(
    'a forged roll, a changed reveal and an altered action are each caught with their action',
    { timeout: 120_000 },
    async () => {
      const { record } = await finishedRecord('ten');
      const definition = games.ten;
      const k = Math.floor(record.actions.length / 2);

      const forged: GameRecord = {
        ...record,
        actions: record.actions.map((a, i) => (i === k ? { ...a, roll: 'ab'.repeat(32) } : a)),
      };
      expect(verifyRecord(definition, forged)).toMatchObject({ ok: false, code: 'ROLL_MISMATCH', action: k });

      const revealed: GameRecord = { ...record, seed: `${record.seed}x` };
      const wrongSeed = verifyRecord(definition, revealed);
      expect(wrongSeed).toMatchObject({ ok: false, code: 'SEED_MISMATCH', action: null });
      expect(!wrongSeed.ok && wrongSeed.message).toContain(record.fair!.commitment);

      // Another legal action in place of the one taken at the first position that had a choice.
      let state = definition.setup(record.config, record.seed);
      let altered: GameRecord | null = null;
      for (const [i, entry] of record.actions.entries()) {
        const roll = recordedRoll(record, i);
        const options =
          typeof entry.seat === 'number'
            ? definition.legal(definition.reseed(state, rngStateOfRoll(roll!)), entry.seat)
            : [];
        const other = options.find((o) => JSON.stringify(o) !== JSON.stringify(entry.action));
        if (other !== undefined) {
          altered = { ...record, actions: record.actions.map((a, j) => (j === i ? { ...a, action: other } : a)) };
          const verdict = verifyRecord(definition, altered);
          expect(verdict).toMatchObject({ ok: false, code: 'STATE_MISMATCH', action: i });
          break;
        }
        state = applyRolled(definition, state, entry.seat, entry.action, roll).state;
      }
      expect(altered).not.toBeNull();

      // A link that is not the seat's next one.
      const linked = record.actions.findIndex((a) => a.contribution);
      const badLink: GameRecord = {
        ...record,
        actions: record.actions.map((a, i) => (i === linked ? { ...a, contribution: 'cd'.repeat(32) } : a)),
      };
      expect(verifyRecord(definition, badLink)).toMatchObject({ ok: false, code: 'BAD_CONTRIBUTION', action: linked });
    },
  );

  it(
    'a seat that never registers a chain plays on: its rolls are the host’s alone, and the record still proves them',
    { timeout: 120_000 },
    async () => {
      const { record, people } = await finishedRecord('pole', (seat) => seat === 0);
      expect(record.fair!.chains.map((c) => c.seat)).toEqual([0]);
      const bea = people.find((p) => p.seat === 1)!;
      expect(record.actions.some((a) => a.seat === bea.seat)).toBe(true);
      expect(record.actions.filter((a) => a.seat === bea.seat).every((a) => a.contribution === null)).toBe(true);
      expect(verifyRecord(games.pole, record)).toMatchObject({ ok: true, contributed: people[0]!.used });
    },
  );

  it(
    'a seat with a chain that stops answering: its turn timer plays the default move with no link, and the record still proves it',
    { timeout: 60_000 },
    async () => {
      const created = await server.host.create(request('ten', { turnSeconds: 30 }));
      const people = await seated(created.id, created.invites, () => true);
      // Each person acts once with a link; then nobody answers, and the timers move for them.
      while (!people.every((p) => p.used > 0)) {
        const next = await personToMove(server.host, clock, created.id, people);
        if (!next) break;
        await playFirstLegal(server.host, created.id, next.person, next.snap);
      }
      const before = (await server.host.views.snapshot(created.id)).seq;
      for (let i = 0; i < 5_000 && !(await server.host.views.snapshot(created.id)).outcome; i++) {
        clock.advance(30_000);
        await drive(server.host, clock);
      }
      const record = parseRecord(JSON.parse(JSON.stringify(await server.host.records.record(created.id))));
      const timedOut = record.actions
        .slice(before)
        .filter((a) => typeof a.seat === 'number' && people.some((p) => p.seat === a.seat));
      expect(timedOut.length).toBeGreaterThan(0);
      expect(timedOut.every((a) => a.contribution === null)).toBe(true);
      expect(verifyRecord(games.ten, record)).toMatchObject({
        ok: true,
        mode: 'fair',
        contributed: people.reduce((n, p) => n + p.used, 0),
      });
    },
  );

  it(
    `a game nobody moves in for ${ABANDONED_AFTER_DAYS} days is abandoned: it ends where it stands, its seed is revealed and its record proves the rolls made`,
    { timeout: 60_000 },
    async () => {
      // People only, no turn timer: once they stop, nothing moves.
      const created = await server.host.create(
        request('gotopoly', {
          seats: humans('Ada', 'Bea'),
        }),
      );
      const people = await seated(created.id, created.invites, () => true);
      for (let i = 0; i < 5; i++) {
        const next = await personToMove(server.host, clock, created.id, people);
        await playFirstLegal(server.host, created.id, next!.person, next!.snap);
      }
      clock.advance((ABANDONED_AFTER_DAYS * 24 - 1) * 3_600_000);
      expect(await refusal(server.host.records.publishedRecord(created.id))).toEqual({
        status: 409,
        code: 'GAME_NOT_OVER',
      });
      expect((await server.host.views.snapshot(created.id)).seed).toBeNull();
      clock.advance(3_600_000);
      const snap = await server.host.views.snapshot(created.id);
      expect(snap.outcome).toBeNull();
      expect(snap.seed).not.toBeNull();
      const record = parseRecord(JSON.parse(JSON.stringify(await server.host.records.publishedRecord(created.id))));
      expect(record.actions).toHaveLength(snap.seq);
      expect(verifyRecord(games.gotopoly, record)).toMatchObject({ ok: true, mode: 'fair', contributed: 5 });
      // Its rolls are known now: no further move is taken.
      const mover = people.find((p) => snap.pending.some((d) => d.seat === p.seat))!;
      const mine = await server.host.views.snapshot(created.id, mover.token, mover.seat);
      expect(
        await refusal(
          server.host.moves.act(created.id, {
            token: mover.token,
            seat: mover.seat,
            seq: mine.seq,
            action: mine.legal[0],
            contribution: mover.chain!.link(mover.used + 1),
          }),
        ),
      ).toEqual({
        status: 409,
        code: 'GAME_OVER',
      });
      expect((await server.host.views.snapshot(created.id)).seq).toBe(snap.seq);
    },
  );

  it('a link that does not follow, a second chain and a link in a plain game are refused, and change nothing', async () => {
    const created = await server.host.create(
      request('pole', {
        seats: humans('Ada', 'Bea'),
      }),
    );
    // Ada: whoever moves first; Bea: the other one.
    const first = (await server.host.views.snapshot(created.id)).pending[0]!.seat;
    const [ada] = await seated(
      created.id,
      created.invites.filter((i) => i.seat === first),
      () => true,
    );
    const snap: GameSnapshot = await server.host.views.snapshot(created.id, ada!.token, first);
    const act = (contribution: string) =>
      server.host.moves.act(created.id, {
        token: ada!.token,
        seat: first,
        seq: snap.seq,
        action: snap.legal[0],
        contribution,
      });
    // Skipping ahead would let a seat choose among rolls.
    expect(await refusal(act(ada!.chain!.link(2)))).toEqual({ status: 400, code: 'BAD_CONTRIBUTION' });
    expect(await refusal(act(ada!.chain!.head))).toEqual({ status: 400, code: 'BAD_CONTRIBUTION' });
    expect((await server.host.views.snapshot(created.id)).seq).toBe(snap.seq);
    expect(
      await refusal(
        server.host.seats.registerChain(created.id, { token: ada!.token, seat: first, head: 'ef'.repeat(32) }),
      ),
    ).toEqual({ status: 409, code: 'CHAIN_REGISTERED' });
    // Bea cannot register a chain for Ada's seat.
    const bea = created.invites.find((i) => i.seat !== first)!;
    expect(
      await refusal(
        server.host.seats.registerChain(created.id, { token: bea.token, seat: first, head: 'ef'.repeat(32) }),
      ),
    ).toMatchObject({ status: 403 });
    await server.host.moves.act(created.id, {
      token: ada!.token,
      seat: first,
      seq: snap.seq,
      action: snap.legal[0],
      contribution: ada!.chain!.link(1),
    });
    expect((await server.host.views.snapshot(created.id)).fair!.chains).toEqual([
      { seat: first, head: ada!.chain!.head, at: 0, used: 1 },
    ]);

    // A typed seed is known to whoever typed it: that game keeps a plain seed, and says so.
    const plain = await server.host.create(request('pole', { seed: 'typed' }));
    expect((await server.host.views.snapshot(plain.id)).fair).toBeNull();
    const p = plain.invites[0]!;
    expect(
      await refusal(server.host.seats.registerChain(plain.id, { token: p.token, seat: 0, head: 'ef'.repeat(32) })),
    ).toEqual({
      status: 409,
      code: 'NOT_FAIR',
    });
    const ps = await server.host.views.snapshot(plain.id, p.token, 0);
    expect(
      await refusal(
        server.host.moves.act(plain.id, {
          token: p.token,
          seat: 0,
          seq: ps.seq,
          action: ps.legal[0],
          contribution: 'ab'.repeat(32),
        }),
      ),
    ).toEqual({ status: 400, code: 'BAD_CONTRIBUTION' });
    // A hot-seat game too: one device holds every seat.
    const hotseat = await server.host.create(request('ten', { mode: 'hotseat' }));
    expect((await server.host.views.snapshot(hotseat.id, hotseat.hostToken)).fair).toBeNull();
  });

  it('a host restarted from its store goes on with the same chains and rolls', { timeout: 60_000 }, async () => {
    const created = await server.host.create(request('ten'));
    const people = await seated(created.id, created.invites, () => true);
    for (let i = 0; i < 6; i++) {
      const next = await personToMove(server.host, clock, created.id, people);
      if (!next) break;
      await playFirstLegal(server.host, created.id, next.person, next.snap);
    }
    const before = await server.host.records.stateHash(created.id);
    const { host: again } = await createTestServer({ store: server.store });
    try {
      expect(await again.records.stateHash(created.id)).toEqual(before);
      expect((await again.views.snapshot(created.id)).fair!.chains.map((c) => c.used)).toEqual(
        people.map((p) => p.used),
      );
    } finally {
      await again.close();
    }
  });
});
