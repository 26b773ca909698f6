/**
 * An online game's chat in the in-process host over PGlite: messages and emotes reach every stream of
 * the game (spectators too) as `chat` events, are stored with the game (a refresh, a rebuilt game and another
 * instance on the same database show them), stay out of the record and the state, and the SSE stream resumes
 * actions and chat without a gap. Every refusal has its code and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { stateHash } from '../../engine';
import { ManualClock, resumeAfter, resumeChatAfter, sseStream, type Subscription } from '../../server/host';
import {
  CHAT_MAX_LENGTH,
  type ChatEntry,
  type CreateGameRequest,
  type CreateGameResponse,
  type GameSnapshot,
  type GameUpdate,
} from '../../server/protocol';
import { createTestServer, drive, refusal, useTestServer } from './helpers';
import { readSseEvents } from './sse';
import { onlineWithBot } from './requests';

const clock = new ManualClock();
/** Posts per seat in the host's window: low, so a flood is quick to reach. */
const RATE = 4;
const server = useTestServer({ clock, chatRate: { points: RATE, seconds: 60, global: null } });

const online = onlineWithBot({ seed: 'chat-test' });

/** Two people and no bot: nothing keeps such a game in memory, so a test can evict it. */
const people: CreateGameRequest = { ...online, seats: online.seats.slice(0, 2) };

async function newGame(
  request: CreateGameRequest = online,
): Promise<{ created: CreateGameResponse; ada: string; bea: string }> {
  const created = await server.host.create(request);
  return { created, ada: created.invites[0]!.token, bea: created.invites[1]!.token };
}

/** Reads `n` chat and update events of a subscription's SSE body, then cancels it. */
const readSse = (sub: Subscription, n: number) => readSseEvents(sseStream(sub), n);

/** The first legal action of whoever (human) must decide now, played with its token. */
async function playOne(id: string, tokens: readonly string[]): Promise<void> {
  await drive(server.host, clock);
  const spectator = await server.host.views.snapshot(id);
  const seat = spectator.pending.map((d) => d.seat).find((s) => s < tokens.length);
  if (seat === undefined) return;
  const snap = await server.host.views.snapshot(id, tokens[seat]);
  await server.host.moves.act(id, { token: tokens[seat], seat, seq: snap.seq, action: snap.legal[0] });
  await drive(server.host, clock);
}

const say = (id: string, token: string, text: string) => server.host.chat.post(id, { token, text });
const chatOf = async (id: string, token?: string) => (await server.host.views.snapshot(id, token)).chat!;

describe('chat delivery', () => {
  it('brings a message and an emote to the other seat and to a spectator, live, in order, and in their snapshots', async () => {
    const { created, ada, bea } = await newGame();
    const forBea = await server.host.views.subscribe(created.id, bea);
    const forSpectator = await server.host.views.subscribe(created.id);
    const message = await say(created.id, ada, '  hello <b>table</b> 👋 ');
    const emote = await server.host.chat.post(created.id, { token: ada, emote: 'gg' });
    expect(message).toMatchObject({ n: 1, seat: 0, kind: 'text', text: 'hello <b>table</b> 👋' });
    expect(emote).toMatchObject({ n: 2, seat: 0, kind: 'emote', emote: 'gg' });

    for (const sub of [forBea, forSpectator]) {
      const events = await readSse(sub, 2);
      expect(events.map((e) => e.event)).toEqual(['chat', 'chat']);
      expect(events.map((e) => e.data)).toEqual([message, emote]);
      // The id is the stream's cursor: no action yet, chat entries 1 and 2.
      expect(events.map((e) => e.id)).toEqual(['0.1', '0.2']);
    }

    const seen = await chatOf(created.id, bea);
    expect(seen.entries).toEqual([message, emote]);
    expect(seen).toMatchObject({ last: 2, muted: [], mayPost: true, mayMute: false });
    expect(await chatOf(created.id)).toMatchObject({ entries: [message, emote], mayPost: false, mayMute: false });
    expect(await chatOf(created.id, created.hostToken)).toMatchObject({ mayPost: false, mayMute: true });
  });

  it('is stored with the game: a rebuilt game and a second host on the same database show it, and the second delivers new posts live', async () => {
    const { created, ada, bea } = await newGame(people);
    const first = await say(created.id, ada, 'kept');
    expect(server.host.evictIdle(0)).toBeGreaterThan(0);
    expect((await chatOf(created.id, bea)).entries).toEqual([first]);

    const { host: other } = await createTestServer({ store: server.store, clock, resume: false });
    try {
      expect((await other.views.snapshot(created.id, bea)).chat!.entries).toEqual([first]);
      const watching = await other.views.subscribe(created.id, bea);
      const second = await server.host.chat.post(created.id, { token: ada, emote: 'wow' });
      const [event] = await readSse(watching, 1);
      expect(event).toMatchObject({ event: 'chat', data: second });
    } finally {
      await other.close();
    }
  });

  it('is no part of the game: the seq, the state and the record are as without it', async () => {
    const { created, ada } = await newGame();
    await playOne(created.id, [ada, created.invites[1]!.token]);
    const before = await server.host.records.stateHash(created.id);
    const record = await server.host.records.record(created.id);
    await say(created.id, ada, 'not in the record');
    await server.host.chat.post(created.id, { token: ada, emote: 'think' });
    expect(await server.host.records.stateHash(created.id)).toEqual(before);
    expect(await server.host.records.record(created.id)).toEqual(record);
    expect(JSON.stringify(await server.host.records.record(created.id))).not.toContain('not in the record');
    expect(stateHash((await server.host.views.snapshot(created.id)).view)).toBeTypeOf('string');
  });
});

describe('the event stream resumes with chat in it', () => {
  it('gives a reader reconnecting after any event, from its Last-Event-ID, exactly the updates and chat entries it missed', async () => {
    const { created, ada, bea } = await newGame();
    const tokens = [ada, bea];
    const start = await server.host.views.snapshot(created.id, bea);
    const live = await server.host.views.subscribe(created.id, bea, undefined, start.seq, {}, start.chat!.last);
    await playOne(created.id, tokens);
    await say(created.id, ada, 'one');
    await playOne(created.id, tokens);
    await say(created.id, bea, 'two');
    await server.host.chat.post(created.id, { token: ada, emote: 'laugh' });
    await playOne(created.id, tokens);
    const end = await server.host.views.snapshot(created.id, bea);
    const all = await readSse(live, end.seq - start.seq + 3);
    expect(all.filter((e) => e.event === 'update').map((e) => (e.data as GameUpdate).seq)).toEqual(
      Array.from({ length: end.seq - start.seq }, (_, i) => start.seq + i + 1),
    );
    expect(all.filter((e) => e.event === 'chat').map((e) => (e.data as ChatEntry).n)).toEqual([1, 2, 3]);
    // Plain seq ids until the first chat entry, then seq.n: every event's id says where the stream stands.
    expect(all[0]!.id).toBe(String(start.seq + 1));
    expect(all.at(-1)!.id).toBe(`${end.seq}.3`);

    for (let cut = 0; cut < all.length - 1; cut++) {
      const lastEventId = all[cut]!.id;
      const resumed = await server.host.views.subscribe(
        created.id,
        bea,
        undefined,
        resumeAfter(lastEventId, null),
        {},
        resumeChatAfter(lastEventId, null),
      );
      const rest = await readSse(resumed, all.length - cut - 1);
      // The backlog sends the missed updates, then the missed chat: each in order, none twice, none left out.
      const missed = all.slice(cut + 1);
      for (const kind of ['update', 'chat']) {
        expect(
          rest.filter((e) => e.event === kind).map((e) => e.data),
          `${kind}s resumed after ${lastEventId}`,
        ).toEqual(missed.filter((e) => e.event === kind).map((e) => e.data));
      }
      expect(rest.at(-1)!.id).toBe(all.at(-1)!.id);
    }
  });

  it('opens a fresh stream at now: no chat from before it unless asked for with chatAfter', async () => {
    const { created, ada, bea } = await newGame();
    await say(created.id, ada, 'old');
    const fresh = await server.host.views.subscribe(created.id, bea);
    const next = await say(created.id, ada, 'new');
    expect(await readSse(fresh, 1)).toEqual([{ id: '0.2', event: 'chat', data: next }]);
    const asked = await server.host.views.subscribe(created.id, bea, undefined, undefined, {}, 0);
    expect((await readSse(asked, 2)).map((e) => (e.data as ChatEntry).n)).toEqual([1, 2]);
  });
});

describe('chat refusals: each coded, nothing stored or sent', () => {
  /** Refused with `code` and `status`, and the chat, as every reader sees it, is as before. */
  async function refused(id: string, attempt: Promise<unknown>, status: number, code: string): Promise<void> {
    const before: GameSnapshot['chat'] = await chatOf(id);
    expect(await refusal(attempt)).toEqual({ status, code });
    expect(await chatOf(id)).toEqual(before);
  }

  it('refuses bad messages: empty, oversized, control characters, an unknown emote, a malformed post', async () => {
    const { created, ada } = await newGame();
    const id = created.id;
    await refused(id, say(id, ada, '   '), 400, 'MESSAGE_EMPTY');
    await refused(id, say(id, ada, 'x'.repeat(CHAT_MAX_LENGTH + 1)), 400, 'MESSAGE_TOO_LONG');
    await refused(id, say(id, ada, 'two\nlines'), 400, 'CONTROL_CHARACTERS');
    await refused(id, say(id, ada, 'nul\u0000'), 400, 'CONTROL_CHARACTERS');
    await refused(id, say(id, ada, 'bell\u0007'), 400, 'CONTROL_CHARACTERS');
    await refused(id, say(id, ada, 'lone \ud800 surrogate'), 400, 'CONTROL_CHARACTERS');
    await refused(id, server.host.chat.post(id, { token: ada, emote: 'rickroll' }), 400, 'UNKNOWN_EMOTE');
    await refused(id, server.host.chat.post(id, { token: ada, text: 'hi', emote: 'gg' }), 400, 'MALFORMED_REQUEST');
    await refused(id, server.host.chat.post(id, { token: ada }), 400, 'MALFORMED_REQUEST');
    // The limit is in characters as people count them: 280 emoji (560 UTF-16 units) is a message.
    expect(await say(id, ada, '🎲'.repeat(CHAT_MAX_LENGTH))).toMatchObject({ n: 1 });
  });

  it('lets spectators read but not post, and nobody post for a bot, a seat that left, or with a foreign token', async () => {
    const { created, ada, bea } = await newGame();
    const id = created.id;
    await refused(
      id,
      server.host.chat.post(id, { token: created.hostToken, text: 'I made this game' }),
      403,
      'SPECTATOR_CANNOT_CHAT',
    );
    await refused(id, server.host.chat.post(id, { token: 'not-a-token-of-this-game', text: 'hi' }), 403, 'BAD_TOKEN');
    await server.host.seats.leave(id, bea);
    await refused(id, say(id, bea, 'still here?'), 403, 'SEAT_LEFT');
    expect((await chatOf(id, ada)).mayPost).toBe(true);
  });

  it('limits each seat to its rate of posts (429 RATE_LIMITED), the other seat keeping its own', async () => {
    const { created, ada, bea } = await newGame();
    const id = created.id;
    for (let i = 0; i < RATE; i++) await say(id, ada, `message ${i}`);
    const flood = say(id, ada, 'one too many');
    const before = await chatOf(id);
    const e = await refusal(flood);
    expect(e).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(await chatOf(id)).toEqual(before);
    expect(await say(id, bea, 'my turn to talk')).toMatchObject({ n: RATE + 1, seat: 1 });
  });

  it("lets the game's host mute a seat (everyone sees it), refuses the muted seat's posts, and unmute", async () => {
    const { created, ada, bea } = await newGame();
    const id = created.id;
    const watching = await server.host.views.subscribe(id, bea, undefined, undefined, { client: 'test' });
    await refused(id, server.host.chat.mute(id, { token: bea, seat: 0, muted: true }), 403, 'NOT_GAME_HOST');
    await refused(id, server.host.chat.mute(id, { token: created.hostToken, seat: 2, muted: true }), 403, 'BOT_SEAT');
    await refused(
      id,
      server.host.chat.mute(id, { token: created.hostToken, seat: 5, muted: true }),
      403,
      'UNKNOWN_SEAT',
    );
    const muted = await server.host.chat.mute(id, { token: created.hostToken, seat: 0, muted: true });
    expect(muted).toMatchObject({ n: 1, seat: 0, kind: 'mute', muted: true });
    expect(await server.host.chat.mute(id, { token: created.hostToken, seat: 0, muted: true })).toBeNull(); // so already
    expect(await readSse(watching, 1)).toEqual([{ id: '0.1', event: 'chat', data: muted }]);
    expect(await chatOf(id, ada)).toMatchObject({ muted: [0], mayPost: false });
    await refused(id, say(id, ada, 'let me speak'), 403, 'SEAT_MUTED');
    await refused(id, server.host.chat.post(id, { token: ada, emote: 'oops' }), 403, 'SEAT_MUTED');
    // Stored: a rebuilt game still knows who is muted.
    watching.close();
    await drive(server.host, clock);
    expect(server.host.evictIdle(0)).toBeGreaterThan(0);
    await refused(id, say(id, ada, 'after a restart?'), 403, 'SEAT_MUTED');
    await server.host.chat.mute(id, { token: created.hostToken, seat: 0, muted: false });
    expect(await say(id, ada, 'thanks')).toMatchObject({ n: 3, kind: 'text' });
  });

  it('has no chat in a hot-seat game (one device) and closes it once the game is over', async () => {
    const hot = await server.host.create({ ...online, mode: 'hotseat' });
    expect((await server.host.views.snapshot(hot.id, hot.hostToken)).chat).toBeNull();
    expect(await refusal(server.host.chat.post(hot.id, { token: hot.hostToken, text: 'hi' }))).toEqual({
      status: 400,
      code: 'CHAT_ONLINE_ONLY',
    });

    const { created, ada, bea } = await newGame({ ...online, seed: 'chat-finish' });
    for (let i = 0; i < 2000 && !(await server.host.views.snapshot(created.id)).outcome; i++)
      await playOne(created.id, [ada, bea]);
    expect((await server.host.views.snapshot(created.id)).outcome).not.toBeNull();
    await refused(created.id, say(created.id, ada, 'gg'), 409, 'CHAT_CLOSED');
    await refused(
      created.id,
      server.host.chat.mute(created.id, { token: created.hostToken, seat: 1, muted: true }),
      409,
      'CHAT_CLOSED',
    );
    expect(await chatOf(created.id, ada)).toMatchObject({ mayPost: false });
  });
});
