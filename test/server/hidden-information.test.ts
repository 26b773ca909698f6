/**
 * Hidden information over the route handlers as a browser (or anyone with a game's id) calls them: while a game
 * runs, nobody — a spectator, the host, any seat — learns from `GET /api/games/:id/record` what a seat's own view
 * hides (the seed predicts every roll and draw; the PRNG state, the deck order, another uncle's sealed bid), and the
 * host token of an online game reads no seat's private view and plays no seat. Once the game is over its record,
 * seed and bids included, is everyone's and replays to the served state.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { parseRecord, replay, stateHash, type GameId, type GameRecord, type SeatId } from '../../engine';
import {
  getHost,
  gameKits,
  type CreateGameRequest,
  type CreateGameResponse,
  type ErrorBody,
  type GameSnapshot,
} from '../../server';
import { POST as createGame } from '../../app/api/games/route';
import { GET as getSnapshot } from '../../app/api/games/[id]/route';
import { POST as postAction } from '../../app/api/games/[id]/actions/route';
import { GET as getEvents } from '../../app/api/games/[id]/events/route';
import { GET as getRecord } from '../../app/api/games/[id]/record/route';
import { POST as postLeave } from '../../app/api/games/[id]/leave/route';
import { ctx, query, request, statusAndBody as answer, useMemoryHost } from '../api/helpers';
import { sseFrames, type SseFrame } from './sse';
import { humans } from './requests';

useMemoryHost();

const post = (url: string, body: unknown) => request(url, { body });

async function create(game: CreateGameRequest): Promise<CreateGameResponse> {
  const res = await answer<CreateGameResponse>(createGame(post('/api/games', game)));
  expect(res.status).toBe(201);
  return res.body;
}
const snapshot = (id: string, token?: string, seat?: number) =>
  answer<GameSnapshot & Partial<ErrorBody>>(getSnapshot(request(`/api/games/${id}${query({ token, seat })}`), ctx(id)));
const act = (id: string, body: unknown) =>
  answer<{ seq?: number } & Partial<ErrorBody>>(postAction(post(`/api/games/${id}/actions`, body), ctx(id)));
const leave = (id: string, body: unknown) =>
  answer<Partial<ErrorBody>>(postLeave(post(`/api/games/${id}/leave`, body), ctx(id)));
const record = (id: string) => answer<unknown>(getRecord(request(`/api/games/${id}/record`), ctx(id)));

/** A Gotopoly game of three people, Ann, Ben and Cat, who all bid at once on its opening lot. */
const threeUncles = (seed: string, mode: 'online' | 'hotseat' = 'online') =>
  create({ game: 'gotopoly', seats: humans('Ann', 'Ben', 'Cat'), seed, mode, botPaceMs: 0 });

/** What an answer lets its reader work out: its text and, when it is a replayable record, the whole state it replays to. */
function knowledge(body: unknown): string {
  const text = JSON.stringify(body);
  try {
    return `${text}\n${JSON.stringify(replay(parseRecord(body)).state)}`;
  } catch {
    return text;
  }
}

/**
 * What `seat`'s view (null: a spectator's) hides of the game's current state — the engines' view functions through
 * server/host/game-kits.ts, as server/host/views.ts serves them — each as the JSON a reader would have to find: every
 * top-level field the view removes or changes (the PRNG state, the draw piles, others' sealed bids), and the seed.
 */
function hiddenFrom(state: Record<string, unknown>, game: GameId, seed: string, seat: SeatId | null): string[] {
  const view = gameKits[game].view(state, seat) as Record<string, unknown>;
  const keys = Object.keys(state).filter((key) => JSON.stringify(view[key]) !== JSON.stringify(state[key]));
  expect(keys, 'the PRNG state is hidden').toContain('rng');
  return [seed, ...keys.map((key) => JSON.stringify(state[key]))];
}

/** A running game: no reader (spectator, host, any seat) learns from the record route what any view hides. */
async function expectNothingHidden(created: CreateGameResponse, game: GameId, seed: string): Promise<void> {
  const state = replay(await (await getHost()).records.record(created.id)).state as Record<string, unknown>;
  const readers = [
    { token: undefined, seat: null },
    { token: created.hostToken, seat: null }, // online: the host token only watches
    ...created.invites.map(({ token, seat }) => ({ token, seat })),
  ];
  // Each reader's snapshot hides what its view hides (so the check below can tell).
  for (const { token, seat } of readers) {
    const seen = await snapshot(created.id, token);
    expect(seen.status).toBe(200);
    for (const secret of hiddenFrom(state, game, seed, seat)) expect(JSON.stringify(seen.body)).not.toContain(secret);
  }
  const res = await record(created.id);
  const known = knowledge(res.body);
  for (const { seat } of readers)
    for (const secret of hiddenFrom(state, game, seed, seat)) expect(known).not.toContain(secret);
  expect(res).toEqual({ status: 409, body: { error: 'GAME_NOT_OVER', message: expect.any(String) } });
}

/** Everyone leaves and the bots finish; the record is then public, holds `seed` and replays to the served state. */
async function expectPublishedOnceOver(created: CreateGameResponse, seed: string): Promise<GameRecord> {
  for (const { token } of created.invites) expect((await leave(created.id, { token })).status).toBe(204);
  // The bots play on in real time: wait for the outcome, bounded.
  await expect
    .poll(async () => (await snapshot(created.id)).body.outcome, { timeout: 30_000, interval: 20 })
    .not.toBeNull();
  const snap = (await snapshot(created.id)).body;
  const res = await record(created.id);
  expect(res.status).toBe(200);
  const published = parseRecord(res.body);
  expect(published.seed).toBe(seed);
  expect(published.actions).toHaveLength(snap.seq);
  expect(stateHash(replay(published).state)).toBe((await (await getHost()).records.stateHash(created.id)).hash);
  return published;
}

/** The first legal action of the first seat to decide, played with that seat's own token. */
async function playOne(created: CreateGameResponse): Promise<void> {
  const seat = (await snapshot(created.id)).body.pending[0]!.seat;
  const token = created.invites.find((i) => i.seat === seat)!.token;
  const own = (await snapshot(created.id, token)).body;
  expect((await act(created.id, { token, seat, seq: own.seq, action: own.legal[0] })).status).toBe(200);
}

const lotBid = (view: unknown, amount: number) => ({
  type: 'bid',
  bids: (view as { stage: { lot: unknown[] } }).stage.lot.map((_, i) => (i === 0 ? amount : 0)),
});

describe('a running game’s record reveals nothing a seat’s own view hides', { timeout: 120_000 }, () => {
  it('Tezos Pole: not the seed, so not the next rolls', async () => {
    const seed = 'hidden-pole';
    const created = await create({
      game: 'pole',
      options: { laps: 2 },
      seats: humans('Ada', 'Bea'),
      seed,
      mode: 'online',
      botPaceMs: 0,
    });
    await playOne(created);
    await expectNothingHidden(created, 'pole', seed);
    await expectPublishedOnceOver(created, seed);
  });

  it('Gotopoly: not the seed, the chance and chest piles, nor a sealed bid before the reveal (G4)', async () => {
    const seed = 'hidden-gotopoly';
    const created = await threeUncles(seed);
    const ann = created.invites[0]!.token;
    const start = (await snapshot(created.id, ann)).body;
    expect(start.pending.map((d) => d.kind)).toEqual(['bid', 'bid', 'bid']);
    const sealed = lotBid(start.view, 1987);
    expect((await act(created.id, { token: ann, seat: 0, seq: 0, action: sealed })).status).toBe(200);
    await expectNothingHidden(created, 'gotopoly', seed);
    expect(knowledge((await record(created.id)).body)).not.toContain('1987');
    const published = await expectPublishedOnceOver(created, seed);
    expect(published.actions[0]).toEqual({ seat: 0, action: sealed });
  });

  it('Ten: not the seed, so not the draw pile’s order', async () => {
    const seed = 'hidden-ten';
    const created = await create({ game: 'ten', seats: humans('Ann', 'Ben'), seed, mode: 'online', botPaceMs: 0 });
    await playOne(created);
    await expectNothingHidden(created, 'ten', seed);
    await expectPublishedOnceOver(created, seed);
  });
});

describe('the host token of an online game only watches', () => {
  it('reads no seat’s view (so not a sealed bid) and plays, nor leaves, no seat', async () => {
    const created = await threeUncles('host-watches');
    const [ann, ben] = created.invites.map((i) => i.token);
    const start = (await snapshot(created.id, ann)).body;
    expect((await act(created.id, { token: ann, seat: 0, seq: 0, action: lotBid(start.view, 1987) })).status).toBe(200);

    const asHost = await snapshot(created.id, created.hostToken);
    expect(asHost.status).toBe(200);
    expect(asHost.body).toMatchObject({ seat: null, access: 'spectator', legal: [] });
    expect(asHost.body.view).toEqual((await snapshot(created.id)).body.view);
    expect(JSON.stringify(asHost.body)).not.toContain('1987');
    for (const seat of [0, 1, 2]) {
      expect(await snapshot(created.id, created.hostToken, seat)).toEqual({
        status: 403,
        body: { error: 'NOT_YOUR_SEAT', message: expect.any(String) },
      });
      const events = await getEvents(
        request(`/api/games/${created.id}/events${query({ token: created.hostToken, seat })}`),
        ctx(created.id),
      );
      expect(events.status).toBe(403);
      expect(((await events.json()) as ErrorBody).error).toBe('NOT_YOUR_SEAT');
    }

    expect(await act(created.id, { token: created.hostToken, seat: 1, seq: 1, action: lotBid(start.view, 5) })).toEqual(
      {
        status: 403,
        body: { error: 'NOT_YOUR_SEAT', message: expect.any(String) },
      },
    );
    expect((await leave(created.id, { token: created.hostToken, seat: 1 })).body?.error).toBe('NOT_YOUR_SEAT');
    expect((await leave(created.id, { token: created.hostToken })).body?.error).toBe('NOT_YOUR_SEAT');
    const after = (await snapshot(created.id, ben)).body;
    expect(after.seq).toBe(1);
    expect(after.seats.every((s) => !s.botTakeover)).toBe(true);
  });

  it('in a hot-seat game it holds every human seat: each one’s view and moves, never another’s bid', async () => {
    const created = await threeUncles('host-plays', 'hotseat');
    const ben = await snapshot(created.id, created.hostToken, 1);
    expect(ben.body).toMatchObject({ seat: 1, access: 'host' });
    const bid = lotBid(ben.body.view, 1789);
    expect(await act(created.id, { token: created.hostToken, seat: 1, seq: 0, action: bid })).toEqual({
      status: 200,
      body: { seq: 1 },
    });
    expect(JSON.stringify((await snapshot(created.id, created.hostToken, 1)).body.view)).toContain('1789');
    expect(JSON.stringify((await snapshot(created.id, created.hostToken, 2)).body.view)).not.toContain('1789');
  });
});

describe('the seed: its commitment while the game runs, the seed beside it once over', { timeout: 120_000 }, () => {
  /** Written out here, not taken from the engine: what a player checks with `sha256sum`. */
  const commitmentOf = (seed: string) => bytesToHex(sha256(utf8ToBytes(`tezos-pole seed commitment:${seed}`)));

  it('no answer holds the seed before the end, every one its commitment; the end reveals the seed, which matches it', async () => {
    // The server draws the seed: nobody at the table knows it.
    const created = await create({ game: 'ten', seats: humans('Ann', 'Ben'), mode: 'online', botPaceMs: 0 });
    const { seed } = await (await getHost()).records.record(created.id);
    const commitment = commitmentOf(seed);
    // Not the bare SHA-256 of the seed, whose first bytes seed the PRNG (engine seedToInt).
    expect(commitment.slice(0, 8)).not.toBe(bytesToHex(sha256(utf8ToBytes(seed))).slice(0, 8));
    expect(JSON.stringify(created)).not.toContain(seed);
    await playOne(created);

    const readers = [undefined, created.hostToken, ...created.invites.map((i) => i.token)];
    for (const token of readers) {
      const seen = await snapshot(created.id, token);
      expect(seen.body).toMatchObject({ seedCommitment: commitment, seed: null });
      expect(JSON.stringify(seen.body)).not.toContain(seed);
    }

    for (const { token } of created.invites) expect((await leave(created.id, { token })).status).toBe(204);
    await expect
      .poll(async () => (await snapshot(created.id)).body.outcome, { timeout: 30_000, interval: 20 })
      .not.toBeNull();
    const over = (await snapshot(created.id)).body;
    expect(over).toMatchObject({ seedCommitment: commitment, seed });
    expect(commitmentOf(over.seed!)).toBe(over.seedCommitment);

    // The whole game as a stream (a finished game's ends after its backlog): only the update that ends it has the seed.
    const stream = await (await getEvents(request(`/api/games/${created.id}/events?after=0`), ctx(created.id))).text();
    const frames = sseFrames(stream).filter((f) => f.event === 'update' || f.event === 'snapshot');
    expect(frames.length).toBeGreaterThan(1);
    const data = (frame: SseFrame) => JSON.parse(frame.data) as { seed: string | null; outcome: unknown };
    for (const frame of frames.slice(0, -1)) {
      expect(frame.data).not.toContain(seed);
      expect(data(frame)).toMatchObject({ seed: null, outcome: null });
    }
    expect(data(frames[frames.length - 1]!).seed).toBe(seed);
  });
});
