/**
 * Presence, the grace period and taking a seat back, in the in-process host over PGlite with a hand-driven
 * clock. A seat is connected while one of its streams is open (tabs count once) and everyone's stream is told of a
 * change; when its last stream closes its bot plays only after the game's grace period, which a reconnect cancels;
 * its person takes it back from their invite link, and the log (not the record) says so. A restarted host gives every
 * seat someone sat at the grace to come back. Every refusal has its code and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock, sseStream, type Subscription } from '../../server/host';
import { GRACE_MAX, type CreateGameRequest, type SeatMarkEvent, type SeatsUpdate } from '../../server/protocol';
import { createTestServer, drive, refusal, useTestServer } from './helpers';
import { sseFrames } from './sse';
import { onlineWithBot } from './requests';

const clock = new ManualClock();
const GRACE = 30;
const server = useTestServer({ clock });

const online = onlineWithBot({ seed: 'presence-test', graceSeconds: GRACE });

async function newGame(request: CreateGameRequest = online) {
  const created = await server.host.create(request);
  return { id: created.id, created, ada: created.invites[0]!.token, bea: created.invites[1]!.token };
}

const seatsOf = async (id: string) => (await server.host.views.snapshot(id)).seats;
const marksOf = async (id: string) =>
  (await server.host.views.snapshot(id)).events.filter((e): e is SeatMarkEvent => e.type === 'seatMark');

/** The `seats` events a subscription holds now (the updates and chat between them passed over); it ends then. */
async function seatsEvents(sub: Subscription): Promise<SeatsUpdate[]> {
  sub.end(); // the stream closes once it has sent what it holds: no waiting for more
  return sseFrames(await new Response(sseStream(sub)).text())
    .filter((frame) => frame.event === 'seats')
    .map((frame) => JSON.parse(frame.data) as SeatsUpdate);
}

describe('presence', () => {
  it('shows a seat connected while one of its streams is open, tabs counting once, and tells every stream at once', async () => {
    const { id, ada } = await newGame();
    expect((await seatsOf(id)).map((s) => s.presence)).toEqual(['away', 'away', null]);
    // Nobody has come yet: no grace runs for a seat that never connected.
    expect((await seatsOf(id)).map((s) => s.graceUntil)).toEqual([null, null, null]);

    const spectator = await server.host.views.subscribe(id);
    const tab1 = await server.host.views.subscribe(id, ada);
    const tab2 = await server.host.views.subscribe(id, ada);
    expect((await seatsOf(id))[0]).toMatchObject({ presence: 'connected', graceUntil: null });
    tab1.close();
    expect((await seatsOf(id))[0]!.presence).toBe('connected');
    tab2.close();
    expect((await seatsOf(id))[0]).toMatchObject({ presence: 'away', graceUntil: clock.now() + GRACE * 1000 });

    // The spectator got the seats when it subscribed, then the connect and the disconnect, not the second tab.
    const told = await seatsEvents(spectator);
    expect(told.map((u) => u.seats[0]!.presence)).toEqual(['away', 'connected', 'away']);
  });

  it('has none in hot-seat: one device holds every seat', async () => {
    const hot = await server.host.create({ ...online, mode: 'hotseat', graceSeconds: undefined });
    const sub = await server.host.views.subscribe(hot.id, hot.hostToken, 0);
    expect((await server.host.views.snapshot(hot.id, hot.hostToken)).seats.map((s) => s.presence)).toEqual([
      null,
      null,
      null,
    ]);
    sub.close();
  });

  it('gives a new subscriber the seats at once, so a resumed stream misses no change', async () => {
    const { id, ada } = await newGame();
    const adaTab = await server.host.views.subscribe(id, ada);
    const late = await server.host.views.subscribe(id);
    const [first] = await seatsEvents(late);
    expect(first!.seats[0]!.presence).toBe('connected');
    adaTab.close();
  });
});

describe('grace period', () => {
  it('hands an away seat to its bot only when the grace ends, and the log (not the record) says so', async () => {
    const { id, ada } = await newGame();
    (await server.host.views.subscribe(id, ada)).close();
    clock.advance(GRACE * 1000 - 1);
    await server.host.idle();
    expect((await seatsOf(id))[0]!.botTakeover).toBe(false);
    expect(await marksOf(id)).toEqual([]);

    clock.advance(1);
    await server.host.idle();
    expect((await seatsOf(id))[0]).toMatchObject({ botTakeover: true, presence: 'away', graceUntil: null });
    expect(await marksOf(id)).toEqual([{ type: 'seatMark', n: 1, seat: 0, mark: 'away' }]);
    expect(JSON.stringify((await server.host.records.record(id)).actions)).not.toContain('seatMark');
  });

  it('is cancelled by a reconnect within it', async () => {
    const { id, ada } = await newGame();
    (await server.host.views.subscribe(id, ada)).close();
    clock.advance((GRACE * 1000) / 2);
    const back = await server.host.views.subscribe(id, ada);
    expect((await seatsOf(id))[0]).toMatchObject({ presence: 'connected', graceUntil: null });
    clock.advance(GRACE * 1000);
    await server.host.idle();
    expect((await seatsOf(id))[0]!.botTakeover).toBe(false);
    back.close();
  });

  it('hands over at once with graceSeconds 0; "Leave seat" is at once whatever the grace', async () => {
    const { id, ada, bea } = await newGame({ ...online, graceSeconds: 0 });
    (await server.host.views.subscribe(id, ada)).close();
    await drive(server.host, clock);
    expect((await seatsOf(id))[0]!.botTakeover).toBe(true);

    await server.host.seats.leave(id, bea);
    expect((await seatsOf(id))[1]!.botTakeover).toBe(true);
    expect((await marksOf(id)).map((m) => [m.seat, m.mark])).toEqual([
      [0, 'away'],
      [1, 'left'],
    ]);
  });

  it('starts, on a restarted server, for every seat someone sat at, and hands nothing over at once; a seat nobody opened keeps waiting', async () => {
    const { id, ada } = await newGame();
    // Ada opened her seat; Bea never opened her invite.
    const held = await server.host.views.subscribe(id, ada);
    const { host: restarted } = await createTestServer({ store: server.store, clock });
    try {
      await restarted.idle();
      const seats = (await restarted.views.snapshot(id)).seats;
      expect(seats.slice(0, 2).map((s) => [s.botTakeover, s.graceUntil])).toEqual([
        [false, clock.now() + GRACE * 1000],
        [false, null],
      ]);
      clock.advance(GRACE * 1000);
      await restarted.idle();
      // Ada did not come back: her bot plays. Bea's seat waits for her, as it did before the restart.
      expect((await restarted.views.snapshot(id)).seats.slice(0, 2).map((s) => s.botTakeover)).toEqual([true, false]);
    } finally {
      held.close();
      await restarted.close();
    }
  });

  it('is an online option, from 0 to its maximum: anything else is refused with its code', async () => {
    expect(await refusal(server.host.create({ ...online, graceSeconds: GRACE_MAX + 1 }))).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(await refusal(server.host.create({ ...online, graceSeconds: -1 }))).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(await refusal(server.host.create({ ...online, graceSeconds: 1.5 }))).toEqual({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(await refusal(server.host.create({ ...online, mode: 'hotseat' }))).toEqual({
      status: 400,
      code: 'GRACE_ONLINE_ONLY',
    });
    const byDefault = await server.host.create({ ...online, graceSeconds: undefined });
    const sub = await server.host.views.subscribe(byDefault.id, byDefault.invites[0]!.token);
    sub.close();
    expect((await seatsOf(byDefault.id))[0]!.graceUntil).toBe(clock.now() + 60_000);
  });
});

describe('taking a seat back', () => {
  it("gives the seat back to its person, who plays it again; everyone's log says so", async () => {
    const { id, ada } = await newGame();
    await server.host.seats.leave(id, ada);
    const watching = await server.host.views.subscribe(id);
    const adaTab = await server.host.views.subscribe(id, ada);
    await server.host.seats.rejoin(id, ada);
    expect((await seatsOf(id))[0]).toMatchObject({ botTakeover: false, presence: 'connected' });
    expect((await marksOf(id)).map((m) => m.mark)).toEqual(['left', 'back']);
    const told = await seatsEvents(watching);
    expect(told.at(-1)!.marks.map((m) => m.mark)).toEqual(['left', 'back']);

    // Ada plays again: her turn is no longer the bot's.
    await drive(server.host, clock);
    const snap = await server.host.views.snapshot(id, ada);
    if (snap.pending.some((d) => d.seat === 0))
      await server.host.moves.act(id, { token: ada, seat: 0, seq: snap.seq, action: snap.legal[0] });
    adaTab.close();
  });

  it('starts the grace when taken back with no stream open', async () => {
    const { id, ada } = await newGame();
    await server.host.seats.leave(id, ada);
    await server.host.seats.rejoin(id, ada);
    expect((await seatsOf(id))[0]).toMatchObject({
      botTakeover: false,
      presence: 'away',
      graceUntil: clock.now() + GRACE * 1000,
    });
  });

  it('refuses a seat the token does not hold, a seat its bot does not play, and a game over, changing nothing', async () => {
    const { id, created, ada, bea } = await newGame();
    await server.host.seats.leave(id, ada);
    expect(await refusal(server.host.seats.rejoin(id, bea, 0))).toEqual({ status: 403, code: 'NOT_YOUR_SEAT' });
    expect(await refusal(server.host.seats.rejoin(id, created.hostToken, 0))).toEqual({
      status: 403,
      code: 'NOT_YOUR_SEAT',
    });
    expect(await refusal(server.host.seats.rejoin(id, bea))).toEqual({ status: 409, code: 'SEAT_NOT_TAKEN_OVER' });
    expect((await seatsOf(id)).map((s) => s.botTakeover)).toEqual([true, false, false]);
    expect((await marksOf(id)).length).toBe(1);

    const over = await server.host.create({
      ...online,
      seats: [online.seats[0]!, online.seats[2]!],
      seed: 'presence-over',
    });
    const alone = over.invites[0]!.token;
    await server.host.seats.leave(over.id, alone);
    await drive(server.host, clock);
    expect((await server.host.views.snapshot(over.id)).outcome).not.toBeNull();
    expect(await refusal(server.host.seats.rejoin(over.id, alone))).toEqual({ status: 409, code: 'GAME_OVER' });
    expect((await seatsOf(over.id))[0]!.botTakeover).toBe(true);
  });
});
