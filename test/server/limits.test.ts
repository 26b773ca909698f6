/**
 * What one client may cost the server: the limits read from the environment, the rate limiter (through
 * its own API, never the clock), the client address a request counts against, the caps on live event streams, and
 * idle games leaving memory — rebuilt from snapshot + log when next asked for, their bots and turn timers going on —
 * under the host's ManualClock.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { Broker, GameHost, ManualClock } from '../../server/host';
import { SEAT_STREAMS } from '../../server/host/broker';
import {
  DEFAULT_LIMITS,
  LimitConfigError,
  PEER_HEADER,
  PEER_STAMP_VAR,
  RateLimits,
  UNKNOWN_CLIENT,
  clientAddress,
  limitSettingsFromEnv,
} from '../../server/limits';
import type { GameStore } from '../../server/store';
import type { CreateGameRequest } from '../../server/protocol';
import { createTestServer, drive, hostError, refusal } from './helpers';
import { bot, poleForTwo } from './requests';

describe('limit settings', () => {
  it('default to the documented limits, and each variable overrides its own', () => {
    expect(limitSettingsFromEnv({})).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS).toMatchObject({
      rates: {
        create: { points: 10, seconds: 60, global: 300 },
        action: { points: 120, seconds: 10, global: 6000 },
        chat: { points: 20, seconds: 60, global: 3000 },
        lab: { points: 6, seconds: 60, global: 30 },
        join: { points: 10, seconds: 60, global: 600 },
        upload: { points: 20, seconds: 600, global: 300 },
        signIn: { points: 20, seconds: 60, global: 1200 },
        seat: { points: 30, seconds: 60, global: 1800 },
        studio: { points: 30, seconds: 600, global: 600 },
      },
      streams: { perGame: 100, perClient: 20 },
      idleSeconds: 300,
      chain: { gamesPerWallet: 2, botSeatsPerWallet: 5, tezPerDay: 100, tezPerWalletPerDay: 10 },
      identity: { trustedProxies: [], forwardedHeader: 'x-forwarded-for', ipv6Prefix: 64 },
    });
    const env = {
      POLE_RATE_CREATE: '3/10',
      POLE_RATE_ACTION: 'off',
      POLE_RATE_UPLOAD: '5/60',
      POLE_RATE_SIGN_IN: '4/60/off',
      POLE_RATE_STUDIO: '2/60/9',
      POLE_TRUSTED_PROXY_HEADER: 'X-Real-IP',
      POLE_IPV6_PREFIX: '56',
      POLE_SSE_PER_GAME: '7',
      POLE_SSE_PER_CLIENT: '2',
      POLE_GAME_IDLE_SECONDS: '60',
      POLE_CHAIN_GAMES_PER_WALLET: '1',
      POLE_CHAIN_BOT_SEATS_PER_WALLET: '0',
      POLE_BANK_TEZ_PER_DAY: 'off',
      POLE_BANK_TEZ_PER_WALLET_PER_DAY: '2.5',
    };
    expect(limitSettingsFromEnv(env)).toEqual({
      rates: {
        // Without a global figure, the default's ratio of global to per-client is kept (300 for 10 → 90 for 3).
        create: { points: 3, seconds: 10, global: 90 },
        action: null,
        chat: DEFAULT_LIMITS.rates.chat,
        lab: DEFAULT_LIMITS.rates.lab,
        join: DEFAULT_LIMITS.rates.join,
        upload: { points: 5, seconds: 60, global: 75 },
        signIn: { points: 4, seconds: 60, global: null },
        seat: DEFAULT_LIMITS.rates.seat,
        studio: { points: 2, seconds: 60, global: 9 },
      },
      identity: { trustedProxies: [], forwardedHeader: 'x-real-ip', ipv6Prefix: 56 },
      streams: { perGame: 7, perClient: 2 },
      idleSeconds: 60,
      chain: { gamesPerWallet: 1, botSeatsPerWallet: 0, tezPerDay: null, tezPerWalletPerDay: 2.5 },
    });
  });

  it.each([
    ['POLE_RATE_LAB', '5 per minute', /POLE_RATE_LAB must be REQUESTS\/SECONDS/],
    ['POLE_RATE_CHAT', '0/60', /POLE_RATE_CHAT/],
    ['POLE_SSE_PER_CLIENT', 'lots', /POLE_SSE_PER_CLIENT must be a whole number/],
    ['POLE_TRUSTED_PROXY_HEADER', 'x forwarded', /POLE_TRUSTED_PROXY_HEADER must be a header name/],
    ['POLE_BANK_TEZ_PER_DAY', '-5', /POLE_BANK_TEZ_PER_DAY must be an amount of tez \(e\.g\. 12\.5\) or off/],
    ['POLE_TRUSTED_PROXIES', '10.0.0.0/8, proxy.lan', /POLE_TRUSTED_PROXIES must list addresses or CIDR ranges/],
    ['POLE_IPV6_PREFIX', '200', /POLE_IPV6_PREFIX must be a whole number from 16 to 128/],
    ['POLE_RATE_SEAT', '5/60/0', /POLE_RATE_SEAT must be REQUESTS\/SECONDS/],
  ])('refuse a malformed %s (%s) instead of running without the limit', (name, value, message) => {
    expect(() => limitSettingsFromEnv({ [name]: value })).toThrow(LimitConfigError);
    expect(() => limitSettingsFromEnv({ [name]: value })).toThrow(message);
  });
});

describe('rate limits', () => {
  const alice = 'tz1fCtqUC8i3EoDi7H4PfLdXPq8JxHW8gTfa';

  it('refuse the request past a client’s points with 429 RATE_LIMITED and the seconds until the window ends', async () => {
    const limits = new RateLimits({ ...DEFAULT_LIMITS.rates, create: { points: 3, seconds: 60, global: null } });
    for (let i = 0; i < 3; i++) await limits.consume('create', { client: '10.0.0.1', address: null });
    const e = await hostError(limits.consume('create', { client: '10.0.0.1', address: null }));
    expect([e.status, e.code]).toEqual([429, 'RATE_LIMITED']);
    expect(e.message).toBe(
      `too many games created: at most 3 every 60 s from one client or wallet; try again in ${String(e.detail!['retryAfterSeconds'])} s`,
    );
    expect(e.detail!['retryAfterSeconds']).toBeGreaterThanOrEqual(1);
    expect(e.detail!['retryAfterSeconds']).toBeLessThanOrEqual(60);
    // Another client has its own points; another kind of request its own window.
    await limits.consume('create', { client: '10.0.0.2', address: null });
    await limits.consume('action', { client: '10.0.0.1', address: null });
  });

  it('count a signed-in wallet across clients, and a client across wallets', async () => {
    const limits = new RateLimits({ ...DEFAULT_LIMITS.rates, action: { points: 2, seconds: 10, global: null } });
    await limits.consume('action', { client: 'a', address: alice });
    await limits.consume('action', { client: 'b', address: alice });
    expect(await refusal(limits.consume('action', { client: 'c', address: alice }))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
    });
    await limits.consume('action', { client: 'b', address: 'tz1iHk2aqh1DMmuuRZ2pbcsP3Wn7iLyUZE6i' });
    expect(
      await refusal(limits.consume('action', { client: 'b', address: 'tz1XefVSjrKXHLQUTcLZoEJU8kowXqnFMV6c' })),
    ).toEqual({ status: 429, code: 'RATE_LIMITED' });
  });

  it('are ready for chat-like posts, and a kind set to off is never limited', async () => {
    const limits = new RateLimits({
      ...DEFAULT_LIMITS.rates,
      chat: { points: 1, seconds: 60, global: null },
      lab: null,
    });
    await limits.consume('chat', { client: 'a', address: null });
    expect(await refusal(limits.consume('chat', { client: 'a', address: null }))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
    });
    expect(limits.rate('chat')).toEqual({ points: 1, seconds: 60, global: null });
    expect(limits.rate('lab')).toBeNull();
    for (let i = 0; i < 50; i++) await limits.consume('lab', { client: 'a', address: null });
  });
});

describe('the client a request counts against', () => {
  const headers = (h: Record<string, string>) => new Headers(h);
  const stamped = { [PEER_STAMP_VAR]: '1' };
  const plain = DEFAULT_LIMITS.identity;
  const behind = (proxies: string) => limitSettingsFromEnv({ POLE_TRUSTED_PROXIES: proxies }).identity;

  it('is the socket’s address as the app’s server stamped it; a forwarded header the client wrote is ignored', () => {
    expect(
      clientAddress(headers({ [PEER_HEADER]: '203.0.113.7', 'x-forwarded-for': '198.51.100.1' }), plain, stamped),
    ).toBe('203.0.113.7');
    // Without the app's server (plain `next start`), nothing says where a request came from: one shared client.
    expect(clientAddress(headers({ [PEER_HEADER]: '203.0.113.7', 'x-forwarded-for': '198.51.100.1' }), plain, {})).toBe(
      UNKNOWN_CLIENT,
    );
  });

  it('counts an IPv6 client by its /64 (one end-site network), an IPv4 one by its address, a mapped IPv4 as IPv4', () => {
    const of = (peer: string, identity = plain) => clientAddress(headers({ [PEER_HEADER]: peer }), identity, stamped);
    // Rotating through one's own /64 is one client; the next /64 is another.
    expect(of('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(of('2001:db8:1:2:ffff:ee:dd:cc')).toBe('2001:db8:1:2::/64');
    expect(of('2001:0db8:0001:0002:0000:0000:0000:0042')).toBe('2001:db8:1:2::/64');
    expect(of('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(of('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(of('fe80::1%eth0')).toBe('fe80::/64');
    // The prefix is configurable: a provider handing out /56s.
    const wide = limitSettingsFromEnv({ POLE_IPV6_PREFIX: '56' }).identity;
    expect(of('2001:db8:1:2ff::1', wide)).toBe(of('2001:db8:1:200::9', wide));
  });

  it('believes the forwarded header only from a configured trusted proxy, walking past trusted hops from the right', () => {
    const via = (peer: string, forwarded: string, identity = behind('10.0.0.0/8, ::1')) =>
      clientAddress(headers({ [PEER_HEADER]: peer, 'x-forwarded-for': forwarded }), identity, stamped);
    // From the proxy: the address it appended, past another trusted hop; what the client wrote on the left is not read.
    expect(via('10.0.0.2', '6.6.6.6, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
    expect(via('::1', '2001:db8:1:2::7')).toBe('2001:db8:1:2::/64');
    // From anyone else, the header is the client's own words: the socket's address counts.
    expect(via('198.51.100.4', '203.0.113.9')).toBe('198.51.100.4');
    // Without a trusted proxy configured, never.
    expect(via('10.0.0.2', '203.0.113.9', plain)).toBe('10.0.0.2');
    // A garbage entry stops the walk at the last address a trusted hop vouched for.
    expect(via('10.0.0.2', '203.0.113.9, <script>')).toBe('10.0.0.2');
  });

  it('an IPv6 client rotating through its /64 meets the same limit (it used to start afresh at every address)', async () => {
    const limits = new RateLimits({ join: { points: 3, seconds: 60, global: null } });
    const of = (i: number) =>
      clientAddress(headers({ [PEER_HEADER]: `2001:db8:aa:bb::${i.toString(16)}` }), plain, stamped);
    for (let i = 1; i <= 3; i++) await limits.consume('join', { client: of(i), address: null });
    expect(await refusal(limits.consume('join', { client: of(4), address: null }))).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
    });
  });
});

describe('global caps', () => {
  it('refuse everyone with 503 SERVER_BUSY once every client together reached the kind’s global figure', async () => {
    const limits = new RateLimits({ lab: { points: 2, seconds: 60, global: 3 } });
    await limits.consume('lab', { client: 'a', address: null });
    await limits.consume('lab', { client: 'b', address: null });
    await limits.consume('lab', { client: 'c', address: null });
    const e = await hostError(limits.consume('lab', { client: 'd', address: null }));
    expect([e.status, e.code]).toEqual([503, 'SERVER_BUSY']);
    expect(e.message).toMatch(/^the server takes at most 3 balance lab runs every 60 s from everyone together/);
    expect(e.detail!['retryAfterSeconds']).toBeGreaterThanOrEqual(1);
    // A client over its own rate is told so, and spends nothing of everyone's.
    const own = new RateLimits({ lab: { points: 1, seconds: 60, global: 2 } });
    await own.consume('lab', { client: 'a', address: null });
    for (let i = 0; i < 5; i++)
      expect((await refusal(own.consume('lab', { client: 'a', address: null }))).code).toBe('RATE_LIMITED');
    await own.consume('lab', { client: 'b', address: null });
  });
});

describe('live event streams', () => {
  it('are capped per game and per client (429 GAME_STREAM_LIMIT | CLIENT_STREAM_LIMIT); closing one frees its place', () => {
    const broker = new Broker({ perGame: 3, perClient: 2 });
    const a1 = broker.attach('g1', null, 0, { client: 'a' });
    broker.attach('g2', null, 0, { client: 'a' });
    const e = (() => {
      try {
        broker.attach('g3', null, 0, { client: 'a' });
      } catch (err) {
        return err as { status: number; code: string };
      }
      return null;
    })();
    expect(e).toMatchObject({ status: 429, code: 'CLIENT_STREAM_LIMIT' });
    a1.close();
    broker.attach('g3', null, 0, { client: 'a' });
    broker.attach('g1', null, 0, { client: 'b' });
    broker.attach('g1', null, 0, { client: 'c' });
    broker.attach('g1', null, 0, { client: 'd' });
    expect(() => broker.attach('g1', null, 0, { client: 'e' })).toThrow(
      expect.objectContaining({ status: 429, code: 'GAME_STREAM_LIMIT' }),
    );
    expect(broker.count('g1')).toBe(3);
  });

  it('keep a seat’s place: 100 spectators from one address fill the game, and the seat still comes back from it', () => {
    const broker = new Broker({ perGame: 100, perClient: 100 });
    for (let i = 0; i < 100; i++) broker.attach('g', null, 0, { client: 'crowd' });
    const refusedSpectator = (client: string) => () => broker.attach('g', null, 0, { client });
    expect(refusedSpectator('someone')).toThrow(expect.objectContaining({ status: 429, code: 'GAME_STREAM_LIMIT' }));
    // The seat's reconnect, from the very address of the crowd: admitted.
    expect(broker.attach('g', 0, 0, { client: 'crowd' }).seat).toBe(0);
    expect(broker.connected('g', 0)).toBe(true);
    // A seat's own tabs have their cap, which spectators never touch.
    for (let tab = 1; tab < SEAT_STREAMS; tab++) broker.attach('g', 0, 0, { client: 'crowd' });
    expect(() => broker.attach('g', 0, 0, { client: 'crowd' })).toThrow(
      expect.objectContaining({ status: 429, code: 'SEAT_STREAM_LIMIT' }),
    );
    expect(broker.attach('g', 1, 0, { client: 'crowd' }).seat).toBe(1);
  });
});

describe('idle games leave memory', () => {
  const IDLE_MS = 60_000;
  let store: GameStore;
  let host: GameHost;
  let clock: ManualClock;

  // A host of its own per test: each counts the games in memory.
  beforeEach(async () => {
    const server = await createTestServer({ snapshotEvery: 10, idleMs: IDLE_MS });
    ({ store, host, clock } = server);
    return server.close;
  });

  const bots = (seed: string, botPaceMs = 0): CreateGameRequest => ({
    game: 'pole',
    options: { laps: 2 },
    seats: [bot('normal', 'A'), bot('easy', 'B')],
    seed,
    botPaceMs,
  });
  const people = (seed: string, extra: Partial<CreateGameRequest> = {}) => poleForTwo({ seed, ...extra });

  it('finished games leave once idle, and come back from snapshot + log exactly as they were', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await host.create(bots(`evict-${i}`))).id);
    await drive(host, clock);
    const before = await Promise.all(
      ids.map(async (id) => ({
        snap: await host.views.snapshot(id),
        hash: await host.records.stateHash(id),
        record: await host.records.record(id),
      })),
    );
    for (const b of before) expect(b.snap.outcome).not.toBeNull();
    expect(host.liveGames).toBe(5);
    // Touched a moment ago: nothing leaves yet.
    clock.advance(IDLE_MS - 1);
    expect(host.evictIdle()).toBe(0);
    clock.advance(1);
    expect(host.evictIdle()).toBe(5);
    expect(host.liveGames).toBe(0);
    for (const [i, id] of ids.entries()) {
      expect(await host.views.snapshot(id)).toEqual(before[i]!.snap);
      expect(await host.records.stateHash(id)).toEqual(before[i]!.hash);
      expect(await host.records.record(id)).toEqual(before[i]!.record);
    }
    expect(host.liveGames).toBe(5);
  });

  it('leave by themselves on the host’s next request once idle (nobody calls evictIdle)', async () => {
    const { id } = await host.create(bots('evict-by-itself'));
    await drive(host, clock);
    expect(host.liveGames).toBe(1);
    clock.advance(IDLE_MS);
    await host.create(people('another'));
    expect(host.liveGames).toBe(1);
    expect((await host.views.snapshot(id)).outcome).not.toBeNull();
    expect(host.liveGames).toBe(2);
  });

  it('stay while a stream follows them or a bot is to move', async () => {
    const followed = await host.create(people('followed', { mode: 'online' }));
    const sub = await host.views.subscribe(followed.id);
    await host.create(bots('slow-bot', 10_000)); // its bots move all the while
    await host.create(people('idle'));
    clock.advance(IDLE_MS);
    expect(host.evictIdle()).toBe(1); // only the game nobody waits on
    expect(host.liveGames).toBe(2);
    sub.close();
    expect(host.evictIdle()).toBe(1);
    // The followed game comes back on the next request, where it was.
    expect((await host.views.snapshot(followed.id)).seq).toBe(0);
  });

  it('a human seat’s turn timer brings its evicted game back, and plays the default move at the very deadline', async () => {
    const created = await host.create(people('evicted-timer', { turnSeconds: 300 }));
    const deadline = (await host.views.snapshot(created.id, created.hostToken)).deadline!;
    expect(deadline).toBe(clock.now() + 300_000);
    clock.advance(IDLE_MS);
    expect(host.evictIdle()).toBe(1);
    // Rebuilt by a request before the deadline: the deadline is the same, not started again.
    expect((await host.views.snapshot(created.id, created.hostToken)).deadline).toBe(deadline);
    clock.advance(IDLE_MS);
    expect(host.evictIdle()).toBe(1);
    // Out of memory when the deadline comes: its timer rebuilds it and plays the seat's default move then, not later.
    clock.advance(deadline - clock.now() - 1);
    await drive(host, clock);
    expect(await store.actions.list(created.id)).toEqual([]);
    expect(host.liveGames).toBe(0);
    clock.advance(1);
    await drive(host, clock);
    expect((await store.actions.list(created.id)).map((a) => a.action)).toEqual([{ type: 'roll' }]);
    const after = await host.views.snapshot(created.id, created.hostToken);
    expect(after.seq).toBe(1);
    expect(after.deadline).toBe(deadline + 300_000);
  });

  it('an evicted game takes the next action at its seq, from snapshot + log', async () => {
    const created = await host.create(people('evicted-act'));
    for (let i = 0; i < 25; i++) {
      const snap = await host.views.snapshot(created.id, created.hostToken);
      await host.moves.act(created.id, {
        token: created.hostToken,
        seat: snap.seat!,
        seq: snap.seq,
        action: snap.legal[0],
      });
    }
    await host.idle();
    const hash = await host.records.stateHash(created.id);
    clock.advance(IDLE_MS);
    expect(host.evictIdle()).toBe(1);
    const snap = await host.views.snapshot(created.id, created.hostToken);
    expect(snap.seq).toBe(25);
    expect(await host.records.stateHash(created.id)).toEqual(hash);
    expect(
      (
        await hostError(
          host.moves.act(created.id, { token: created.hostToken, seat: snap.seat!, seq: 24, action: snap.legal[0] }),
        )
      ).code,
    ).toBe('STALE');
    expect(
      await host.moves.act(created.id, { token: created.hostToken, seat: snap.seat!, seq: 25, action: snap.legal[0] }),
    ).toEqual({ seq: 26 });
  });
});
