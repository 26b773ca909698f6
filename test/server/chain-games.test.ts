/**
 * On-chain Tezos Pole games on the game server (server/chain + GameHost), against an in-process devnet with its TzKT
 * API, through real Taquito and the real TzKT client — nothing mocked. A switchable HTTP relay sits between the
 * server and the devnet so a test can take "Tezos" down and bring it back, and the server runs on a clock the test
 * moves past a retry's back-off instead of waiting for it.
 *
 * The devnet, the contract and the database are the file's; each test plays games of its own on a server of its own.
 * A created game opens on-chain with its tokens and its bot joins it on its own; each person claims a seat with their
 * wallet and joins from it; seats are played only by their wallet; purchases become final on-chain; a plain FA2
 * transfer between the players is recorded as a P13 holdings action before the next roll; Tezos going down pauses the
 * game and keeps the move, which goes through once it is back; a server restarted mid-game finishes it with the chain
 * and the game agreeing token by token; the game over, the server closes it on-chain (again after a restart, once),
 * and from then on the bank can neither burn nor transfer a player's copy.
 */
import type { TezosToolkit } from '@taquito/taquito';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Fa2Editions, HoldingsReader, PoleBridge, readSeedCommit, type ChainOp } from '../../chain';
import { seedCommitment } from '../../engine/core/rng';
import { FA2_ERRORS } from '../../contracts';
import { bootstrapAccount } from '../../devnet/node';
import type { PoleState } from '../../engine/pole';
import { HostError } from '../../server/errors';
import { systemClock } from '../../server/host';
import { ChainGames } from '../../server/chain/chain-games';
import { ChainStore } from '../../server/chain/chain-store';
import { botWallet } from '../../server/chain/bot-wallets';
import { gameCostBound } from '../../chain/pole-bridge';
import { DEFAULT_LIMITS, type LimitSettings } from '../../server/limits';
import { openPgliteStore, type GameStore } from '../../server/store';
import { devnetWithContract, type DevnetContract } from '../../scripts/lib/devnet-contract';
import {
  act,
  createPeopleGame,
  decision,
  expectChainHoldingsAgree,
  openChainHost,
  playToOffer,
  pollSkippingBackoffs,
  settle,
  startPeopleGame,
  stepAt,
  SUITE_LIMITS,
  type ChainHost,
  type PeopleGame,
} from './chain-host';
import { createTestServer, hostError } from './helpers';
import { startTezosRelay, type TezosRelay } from './tezos-relay';
import { bot, humans } from './requests';

const bank = bootstrapAccount(1);
const alice = bootstrapAccount(3);
const bob = bootstrapAccount(4);
const PEOPLE = [alice, bob];
/** Back-offs no retry outlasts on its own while a test looks: the test moves the clock past them. */
const BACKOFF = { first: 5_000, max: 20_000 };

let chain: DevnetContract;
let contract = '';
let relay: TezosRelay;
let store: GameStore;
/** The server of the test that runs. */
let env: ChainHost;

const toolkit = (secretKey: string): TezosToolkit => chain.toolkit(secretKey);
const bankBalance = async (): Promise<number> => (await toolkit(bank.secretKey).tz.getBalance(bank.address)).toNumber();

/** A server on the file's database, reaching Tezos through the relay. */
const openServer = (walletLimits: LimitSettings['chain'] = SUITE_LIMITS): Promise<ChainHost> =>
  openChainHost(chain, bank, {
    rpcUrl: relay.url,
    tzktUrl: `${relay.url}/tzkt`,
    store,
    chain: { backoffMs: BACKOFF, indexerTimeoutMs: 1500, confirmationTimeoutSeconds: 20, walletLimits },
  });

/** Each test finds Tezos up and leaves nothing of its server running. */
async function closeServer(): Promise<void> {
  await env?.close();
  Object.assign(relay, {
    down: false,
    downAfterInjection: false,
    injected: null,
    blockBodyWith: null,
    beforeForward: null,
  });
}

/** Plays the people's seats of `game` (buying whatever is offered, flipping the first tile) until `done` or the game ends; its bots play on the server's timer. */
async function playUntil(
  server: ChainHost,
  game: PeopleGame,
  done: (state: PoleState, seq: number) => boolean,
  maxActions = 400,
): Promise<void> {
  for (let i = 0; i < maxActions; i++) {
    await settle(server);
    const snap = await server.host.views.snapshot(game.id, game.tokens[0]);
    if (snap.outcome || done(snap.view as PoleState, snap.seq)) return;
    const seat = snap.pending[0]!.seat;
    if (seat >= game.wallets.length) {
      await expect
        .poll(async () => (await server.host.views.snapshot(game.id)).seq, { timeout: 10_000, interval: 10 })
        .not.toBe(snap.seq);
      continue;
    }
    const mine = await server.host.views.snapshot(game.id, game.tokens[seat]);
    const legal = mine.legal as { type: string }[];
    await act(server, game, seat, mine.seq, legal.find((a) => a.type === 'buy') ?? legal[0]!);
  }
  throw new Error(
    `the game did not get there: ${JSON.stringify((await server.host.views.snapshot(game.id)).pending)} ${server.errors.map(String).join(' | ')}`,
  );
}

interface FinishedGame extends PeopleGame {
  /** What the bank spent on it, from its creation to its closing (mutez). */
  readonly bankSpent: number;
  /** What its servers reported. */
  readonly errors: readonly unknown[];
}

let finished: Promise<FinishedGame> | undefined;

/**
 * A game of Alice, Bob and a bot played to its end across a server restart, then closed on-chain by the bank: played
 * once, on servers of its own, by whichever test needs it first.
 */
const finishedGame = (): Promise<FinishedGame> => (finished ??= playFinishedGame());

async function playFinishedGame(): Promise<FinishedGame> {
  const own = await openServer();
  try {
    const before = await bankBalance();
    const game = await startPeopleGame(own, chain, 'chain-games', PEOPLE, { bots: 1 });
    // A copy bought and on-chain, the server restarts; the next one finishes the game.
    await playUntil(own, game, (state) => state.tiles.some((t) => t.holders.length > 0));
    await own.restart();
    await playUntil(own, game, () => false, 2000);
    await settle(own);
    expect((await own.host.chain.info(game.id)).game?.closed).toBe(true);
    return { ...game, bankSpent: before - (await bankBalance()), errors: own.errors };
  } finally {
    await own.close();
  }
}

beforeAll(async () => {
  chain = await devnetWithContract({ admin: bank });
  contract = chain.contract.address;
  relay = await startTezosRelay(chain.devnet.rpcUrl);
  store = await openPgliteStore();
}, 120_000);

afterAll(async () => {
  await finished?.catch(() => undefined);
  await store?.close();
  await relay?.close();
  await chain?.devnet.stop();
});

describe('an on-chain Tezos Pole game on the server', () => {
  beforeEach(async () => {
    env = await openServer();
  });
  afterEach(closeServer);

  it('is played online only, and a created game opens on-chain with its tokens while the bot joins it by itself', async () => {
    const { host } = env;
    const request = {
      game: 'pole' as const,
      options: { laps: 2 },
      seats: [...humans('Alice', 'Bob'), bot('normal', 'Bot')],
      seed: 'chain-games-opening',
      botPaceMs: 0,
      onChain: {},
    };
    expect((await hostError(host.create({ ...request, mode: 'hotseat' }, { address: alice.address }))).code).toBe(
      'CHAIN_ONLINE_ONLY',
    );
    const created = await host.create({ ...request, mode: 'online' }, { address: alice.address });
    const gameId = created.id;
    await settle(env);
    const info = await host.chain.info(gameId);
    expect(info.tokens.status).toBe('confirmed');
    expect(info.tokens.opHash).toMatch(/^o/);
    expect(info.explorerUrl).toBeNull(); // the devnet: links go to the app's own explorer pages
    expect(info.pieces.length).toBeGreaterThan(5);
    expect(info.pieces.every((p) => p.tokenId !== null)).toBe(true);
    expect(info.seats.map((s) => [s.bot, s.approval])).toEqual([
      [false, 'none'],
      [false, 'none'],
      [true, 'confirmed'],
    ]);
    expect(info.ready).toBe(false);
    // The game is open on-chain until its end date, with these tokens as its own.
    expect(info.game).toMatchObject({ id: gameId, closed: false, closedOp: null });
    const ends = info.game!.ends;
    expect(Date.parse(ends)).toBeGreaterThan(env.clock.now());
    const fa2 = Fa2Editions.at(toolkit(bank.secretKey), contract);
    expect(await fa2.gameInfo(gameId)).toEqual({ minter: bank.address, ends: new Date(ends), closed: false });
    expect((await fa2.token(info.pieces[0]!.tokenId!))?.game).toBe(gameId);
    // The commitment to the game's seed went on-chain in the operation that opened it (FAIRNESS.md), the seed still hidden.
    const commitment = seedCommitment((await host.records.record(gameId)).seed);
    expect(info.seed).toMatchObject({ commitment, revealed: null });
    const { opHash: committedIn, level: committedAt } = info.seed!.committed;
    expect(info.ops.filter((o) => o.kind === 'create').map((o) => o.opHash)).toContain(committedIn);
    const opening = (await fa2.tezos.rpc.getBlock({ block: String(committedAt) })).operations
      .flat()
      .find((o) => o.hash === committedIn)!;
    // The contract calls of that operation (it may also fund the bot's wallet and reveal the bank's key).
    const calls = opening.contents.flatMap((c) => {
      const entrypoint = (c as { parameters?: { entrypoint: string } }).parameters?.entrypoint;
      return entrypoint === undefined ? [] : [entrypoint];
    });
    expect(calls.slice(0, 2)).toEqual(['open_game', 'commit_seed']);
    expect(await readSeedCommit(chain.devnet.tzktUrl, contract, gameId)).toEqual({
      commitment,
      seed: null,
      finalHash: null,
    });
    // The bot's wallet is its own; it joined the game, which makes the bank no operator of its tokens.
    expect(await fa2.gameGrant(gameId, info.seats[2]!.address!)).toBe(true);
    expect(await fa2.isOperator(info.seats[2]!.address!, bank.address, info.pieces[0]!.tokenId!)).toBe(false);
    expect(info.seats.map((s) => s.grant)).toEqual([
      { status: 'none', until: null },
      { status: 'none', until: null },
      { status: 'live', until: ends },
    ]);
    // Nobody moves before every seat is bound and approved.
    const snap = await host.views.snapshot(gameId, created.invites[0]!.token);
    expect(snap.seq).toBe(0);
    expect(snap.onChain).toBe(true);
  }, 60_000);

  it('binds each person’s seat to the wallet they signed in with; a wallet plays one seat only', async () => {
    const { host } = env;
    const { id, tokens } = await createPeopleGame(env, 'chain-games-seats', PEOPLE);
    expect((await hostError(host.chain.claimSeat(id, tokens[0], undefined, { address: null }))).code).toBe(
      'SIGN_IN_REQUIRED',
    );
    await host.chain.claimSeat(id, tokens[0], undefined, { address: alice.address });
    expect((await hostError(host.chain.claimSeat(id, tokens[1], undefined, { address: alice.address }))).code).toBe(
      'ADDRESS_IN_GAME',
    );
    expect((await hostError(host.chain.claimSeat(id, tokens[0], undefined, { address: bob.address }))).code).toBe(
      'SEAT_CLAIMED',
    );
    await host.chain.claimSeat(id, tokens[1], undefined, { address: bob.address });
    expect((await host.chain.info(id)).seats.map((s) => s.address)).toEqual([alice.address, bob.address]);
    const move = { token: tokens[0]!, seat: 0, seq: 0, action: { type: 'roll' } };
    expect((await hostError(host.moves.act(id, move, { address: alice.address }))).code).toBe('CHAIN_NOT_READY');
  }, 60_000);

  it('starts once each person joined the game on-chain from their own wallet (one operation each)', async () => {
    const { host } = env;
    const { id, tokens } = await createPeopleGame(env, 'chain-games-join', PEOPLE);
    for (const [seat, who] of PEOPLE.entries())
      await host.chain.claimSeat(id, tokens[seat], undefined, { address: who.address });
    for (const [seat, who] of PEOPLE.entries()) {
      // Someone else's wallet may not even ask for the seat's approval.
      expect(
        (await hostError(host.chain.approvalCall(id, tokens[seat], undefined, { address: PEOPLE[1 - seat]!.address })))
          .code,
      ).toBe('WRONG_WALLET');
      const call = (await host.chain.approvalCall(id, tokens[seat], undefined, { address: who.address })) as {
        to: string;
        amount: number;
        parameter: { entrypoint: string; value: unknown };
      };
      expect([call.to, call.parameter.entrypoint, call.parameter.value]).toEqual([
        contract,
        'join_game',
        { string: id },
      ]);
      const op = await toolkit(who.secretKey).contract.transfer(
        call as Parameters<TezosToolkit['contract']['transfer']>[0],
      );
      await host.chain.submitApproval(id, tokens[seat], undefined, op.hash, { address: who.address });
    }
    await settle(env);
    const info = await host.chain.info(id);
    expect(info.seats.map((s) => s.approval)).toEqual(['confirmed', 'confirmed']);
    expect(info.seats.map((s) => s.grant.status)).toEqual(['live', 'live']);
    expect(info.ready).toBe(true);
    // Alice's collection page lists the grant, live until the game's end date, confirmed by the contract.
    const grants = await host.chain.walletGrants(alice.address);
    expect(grants).toMatchObject({ contract, bank: bank.address, operatorTokenIds: [], revoke: null });
    expect(grants.games.filter((g) => g.gameId === id)).toEqual([
      { gameId: id, seat: 0, status: 'live', ends: info.game!.ends, closed: false, joinOp: info.seats[0]!.approvalOp },
    ]);
  }, 60_000);

  it('refuses acting for a seat from another wallet or without one, and changes nothing', async () => {
    const game = await startPeopleGame(env, chain, 'chain-games-wallets', PEOPLE);
    const d = await decision(env, game);
    const move = { token: game.tokens[d.seat]!, seat: d.seat, seq: d.seq, action: { type: 'roll' } };
    expect((await hostError(env.host.moves.act(game.id, move, { address: PEOPLE[1 - d.seat]!.address }))).code).toBe(
      'WRONG_WALLET',
    );
    expect((await hostError(env.host.moves.act(game.id, move, {}))).code).toBe('SIGN_IN_REQUIRED');
    expect((await env.host.views.snapshot(game.id)).seq).toBe(d.seq);
  }, 60_000);

  it('mints a copy to the buyer’s wallet when a purchase is confirmed, and lists the operation', async () => {
    const game = await startPeopleGame(env, chain, 'chain-games-mint', PEOPLE);
    await playUntil(env, game, (state) => state.tiles.some((t) => t.holders.includes(0)));
    await settle(env);
    await expectChainHoldingsAgree(env, chain, game.id);
    const info = await env.host.chain.info(game.id);
    const steps = info.ops.filter((o) => o.kind === 'step');
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((o) => o.status === 'confirmed' && /^o/.test(o.opHash ?? ''))).toBe(true);
    expect(steps.some((o) => o.ops.some((c) => c.kind === 'mint' && c.seat === 0))).toBe(true);
    const record = await env.host.records.record(game.id);
    expect(record.chain?.operations.map((o) => o.opHash)).toEqual(expect.arrayContaining(steps.map((s) => s.opHash)));
  }, 120_000);

  it('records a plain FA2 transfer between the players as a holdings action before the next roll (P13)', async () => {
    // P13: "A token moved between two players' wallets during the game changes ownership at the next read".
    const game = await startPeopleGame(env, chain, 'chain-games-transfer', PEOPLE);
    await playUntil(env, game, (s) => s.tiles.some((t) => t.holders.includes(0)));
    await settle(env);
    const state = (await env.host.views.snapshot(game.id)).view as PoleState;
    const tile = state.tiles.findIndex((t) => t.holders.includes(0));
    const info = await env.host.chain.info(game.id);
    const tokenId = info.pieces.find((p) => p.tile === tile)!.tokenId!;
    const fa2 = Fa2Editions.at(toolkit(alice.secretKey), contract);
    await fa2.send(fa2.transfer([{ from: alice.address, txs: [{ to: bob.address, tokenId, amount: 1 }] }]));
    const before = (await env.host.records.record(game.id)).actions.length;
    await playUntil(env, game, (_, seq) => seq > before + 1);
    const record = await env.host.records.record(game.id);
    const holdings = record.actions.slice(before).find((a) => a.seat === 'system');
    expect(holdings).toBeDefined();
    const entry = (holdings!.action as { tiles: { tile: number; holders: number[] }[] }).tiles.find(
      (t) => t.tile === tile,
    )!;
    expect(entry.holders).toContain(1);
    expect(entry.holders.filter((h) => h === 0)).toHaveLength(
      state.tiles[tile]!.holders.filter((h) => h === 0).length - 1,
    );
    await settle(env);
    await expectChainHoldingsAgree(env, chain, game.id);
  }, 120_000);

  it('pauses while Tezos is down, keeps the move, and plays it exactly once when Tezos is back', async () => {
    const { host, clock } = env;
    const game = await startPeopleGame(env, chain, 'chain-games-pause', PEOPLE);
    const d = await decision(env, game);
    expect(d.kind).toBe('roll');
    relay.down = true;
    const e = await hostError(act(env, game, d.seat, d.seq, { type: 'roll' }));
    expect([e.status, e.code]).toEqual([503, 'CHAIN_PAUSED']);
    expect(e.message).toMatch(/kept and will be sent again in 5 s/);
    const paused = (await host.chain.info(game.id)).paused!;
    expect(paused).toMatchObject({ code: 'CHAIN_UNAVAILABLE', attempts: 1 });
    expect((await host.views.snapshot(game.id)).seq).toBe(d.seq);
    // While paused, nobody else moves either.
    expect((await hostError(act(env, game, d.seat, d.seq, { type: 'roll' }))).code).toBe('CHAIN_PAUSED');
    // Its time come, the kept roll is tried again while Tezos is still down: it waits twice as long.
    clock.advance(paused.retryAt - clock.now());
    await expect
      .poll(async () => (await host.chain.info(game.id)).paused?.attempts, { timeout: 10_000, interval: 50 })
      .toBe(2);
    const again = (await host.chain.info(game.id)).paused!;
    expect(again.retryAt - paused.retryAt).toBeGreaterThanOrEqual(2 * BACKOFF.first);
    relay.down = false;
    clock.advance(again.retryAt - clock.now());
    await expect
      .poll(async () => (await host.chain.info(game.id)).paused, { timeout: 10_000, interval: 50 })
      .toBeNull();
    await settle(env);
    const record = await host.records.record(game.id);
    expect(record.actions.slice(d.seq).filter((a) => a.seat === d.seat)[0]).toEqual({
      seat: d.seat,
      action: { type: 'roll' },
    });
    await expectChainHoldingsAgree(env, chain, game.id);
  }, 120_000);

  it('keeps a purchase the node cannot take, and mints it exactly once when the node is back', async () => {
    const { host, clock } = env;
    const game = await startPeopleGame(env, chain, 'chain-games-kept-buy', PEOPLE);
    const offer = await playToOffer(env, game);
    const tokenId = (await host.chain.info(game.id)).pieces.find((p) => p.tile === offer.tile)!.tokenId!;
    const fa2 = Fa2Editions.at(toolkit(bank.secretKey), contract);
    const supplyBefore = (await fa2.supply(tokenId)).total;
    // A second app instance on the same database follows the game too.
    const other = await env.another();
    try {
      expect((await other.views.snapshot(game.id)).seq).toBe(offer.seq);
      relay.down = true;
      const e = await hostError(act(env, game, offer.seat, offer.seq, { type: 'buy' }));
      expect([e.status, e.code]).toEqual([503, 'CHAIN_PAUSED']);
      // Nothing happened: not in the game, not on-chain.
      expect((await host.views.snapshot(game.id)).seq).toBe(offer.seq);
      // The other instance cannot slip a different move in at that point: the kept purchase holds it.
      const move = { token: game.tokens[offer.seat]!, seat: offer.seat, seq: offer.seq, action: { type: 'pass' } };
      const stale = await hostError(other.moves.act(game.id, move, { address: PEOPLE[offer.seat]!.address }));
      expect([stale.status, stale.code]).toEqual([409, 'STALE']);
    } finally {
      await other.close();
    }
    expect((await host.views.snapshot(game.id)).seq).toBe(offer.seq);
    relay.down = false;
    clock.advance((await host.chain.info(game.id)).paused!.retryAt - clock.now());
    await expect
      .poll(async () => (await host.chain.info(game.id)).paused, { timeout: 10_000, interval: 50 })
      .toBeNull();
    await settle(env);
    expect((await host.records.record(game.id)).actions[offer.seq]).toEqual({
      seat: offer.seat,
      action: { type: 'buy' },
    });
    expect((await fa2.supply(tokenId)).total).toBe(supplyBefore + 1n);
    await expectChainHoldingsAgree(env, chain, game.id);
  }, 120_000);

  it('takes a purchase at once, sends it after, and looks it up on-chain when its inclusion went unseen instead of sending it again', async () => {
    // The game does not wait for the purchase's block; the bank's queue sends it, exactly once.
    const { host } = env;
    const game = await startPeopleGame(env, chain, 'chain-games-unseen', PEOPLE);
    const offer = await playToOffer(env, game);
    const tokenId = (await host.chain.info(game.id)).pieces.find((p) => p.tile === offer.tile)!.tokenId!;
    const fa2 = Fa2Editions.at(toolkit(bank.secretKey), contract);
    const supplyBefore = (await fa2.supply(tokenId)).total;
    relay.downAfterInjection = true;
    await act(env, game, offer.seat, offer.seq, { type: 'buy' });
    expect((await host.records.record(game.id)).actions[offer.seq]).toEqual({
      seat: offer.seat,
      action: { type: 'buy' },
    });
    await expect.poll(() => relay.injected, { timeout: 10_000, interval: 25 }).toMatch(/^o/);
    const injected = relay.injected!;
    // The mint is on-chain already, though the server could not see it: the step waits, pending, with its hash.
    expect((await fa2.supply(tokenId)).total).toBe(supplyBefore + 1n);
    await expect
      .poll(async () => (await stepAt(env, game, offer.seq + 1))?.status, { timeout: 10_000, interval: 25 })
      .toBe('pending');
    expect((await stepAt(env, game, offer.seq + 1))?.opHash).toBe(injected);
    relay.down = false;
    await pollSkippingBackoffs(env, BACKOFF.max, async () => (await stepAt(env, game, offer.seq + 1))?.status).toBe(
      'confirmed',
    );
    await settle(env);
    expect((await fa2.supply(tokenId)).total).toBe(supplyBefore + 1n); // not minted twice
    expect((await stepAt(env, game, offer.seq + 1))?.opHash).toBe(injected);
    await expectChainHoldingsAgree(env, chain, game.id);
  }, 120_000);

  it('resumes after a server restart and finishes with the chain and the game agreeing on every token', async () => {
    const game = await finishedGame();
    expect((await env.host.views.snapshot(game.id)).outcome).not.toBeNull();
    await expectChainHoldingsAgree(env, chain, game.id);
    const info = await env.host.chain.info(game.id);
    expect(info.ops.filter((o) => o.status !== 'confirmed' && o.status !== 'failed')).toEqual([]);
    expect(game.errors.filter((e) => !(e instanceof HostError))).toEqual([]);
  }, 300_000);

  it('closes the game on-chain once it is over: tried again while Tezos does not take it, still done after a restart, once', async () => {
    const game = await startPeopleGame(env, chain, 'chain-games-close', PEOPLE, { laps: 1 });
    relay.blockBodyWith = 'close_game';
    await playUntil(env, game, () => false, 2000);
    expect((await env.host.views.snapshot(game.id)).outcome).not.toBeNull();
    // Tezos refuses every try: one row for every try, kept for the next; the grants still live.
    await expect
      .poll(
        async () => (await env.host.chain.info(game.id)).ops.filter((o) => o.kind === 'close').map((o) => o.status),
        { timeout: 20_000, interval: 50 },
      )
      .toEqual(['retrying']);
    const waiting = await env.host.chain.info(game.id);
    expect(waiting.game?.closed).toBe(false);
    expect(waiting.seats.map((s) => s.grant.status)).toEqual(['live', 'live']);
    // The server stops before Tezos is back; the next one closes the finished game by itself.
    await env.restart(() => {
      relay.blockBodyWith = null;
    });
    await settle(env);
    const info = await env.host.chain.info(game.id);
    const closes = info.ops.filter((o) => o.kind === 'close');
    expect(closes.map((o) => o.status)).toEqual(['confirmed']);
    expect(info.game).toEqual({ id: game.id, ends: waiting.game!.ends, closed: true, closedOp: closes[0]!.opHash });
    expect(closes[0]!.opHash).toMatch(/^o/);
    // The seed and the final state hash were revealed with the closing, after the restart too; the record says where.
    const record = await env.host.records.record(game.id);
    expect(info.seed?.revealed).toEqual({ opHash: closes[0]!.opHash, level: closes[0]!.level });
    expect(await readSeedCommit(chain.devnet.tzktUrl, contract, game.id)).toEqual({
      commitment: seedCommitment(record.seed),
      seed: record.seed,
      finalHash: (await env.host.records.stateHash(game.id)).hash,
    });
    expect(
      record.chain?.operations.filter((o) => o.kind === 'commit' || o.kind === 'reveal').map((o) => [o.kind, o.opHash]),
    ).toEqual([
      ['commit', info.seed!.committed.opHash],
      ['reveal', closes[0]!.opHash],
    ]);
    for (const s of info.seats) {
      expect(s.grant).toEqual({ status: 'ended', until: closes[0]!.at });
      expect(await Fa2Editions.at(toolkit(bank.secretKey), contract).gameGrant(game.id, s.address!)).toBe(false);
    }
    // Once: a further restart sends nothing.
    await env.restart();
    await settle(env);
    expect((await env.host.chain.info(game.id)).ops.filter((o) => o.kind === 'close')).toHaveLength(1);
    expect(env.errors.filter((e) => !(e instanceof HostError))).toEqual([]);
  }, 120_000);

  it('cost the bank no more than the bound its creation was checked against (server/limits)', async () => {
    const game = await finishedGame();
    const row = (await env.chainStore.getGame(game.id))!;
    expect(row.creator).toBe(alice.address);
    const bound = gameCostBound(row.plan, 3, 1, 100_000);
    expect(game.bankSpent).toBeGreaterThan(0); // the tokens' storage, the fees, what the bot's wallet was short of
    expect(game.bankSpent).toBeLessThanOrEqual(bound.totalMutez);
  }, 300_000);

  it('after the game the bank, with its own key, can neither burn nor transfer a player’s copy: the balance stays', async () => {
    const game = await finishedGame();
    const info = await env.host.chain.info(game.id);
    const reader = new HoldingsReader({ tzktUrl: chain.devnet.tzktUrl, timeoutMs: 10_000 });
    const held = (
      await reader.read({ contract, tokenIds: info.pieces.map((p) => p.tokenId!), minLevel: info.lastLevel })
    ).holdings.filter((h) => h.balance > 0n);
    const copy = held.find((h) => info.seats.some((s) => s.address === h.owner))!;
    expect(copy).toBeDefined();
    const seat = info.seats.findIndex((s) => s.address === copy.owner);
    const piece = info.pieces.find((p) => p.tokenId === copy.tokenId.toString())!;
    // The burn of a flip, sent by the bank through the bridge as during the game: the contract refuses it.
    const plan = (await env.chainStore.getGame(game.id))!.plan;
    const bridge = await PoleBridge.create({
      network: { rpcUrl: chain.devnet.rpcUrl, tzktUrl: chain.devnet.tzktUrl },
      bank: { secretKey: bank.secretKey },
      contract,
      plan,
    });
    const burn: ChainOp = {
      kind: 'burn',
      tile: piece.tile,
      tokenId: piece.tokenId!,
      seat,
      from: copy.owner,
      reason: 'flipped',
    };
    await expect(bridge.apply([burn])).rejects.toMatchObject({
      code: 'BRIDGE_REJECTED',
      detail: { failwith: FA2_ERRORS.gameClosed, entrypoint: 'game_burn' },
    });
    // Plain FA2 calls signed with the bank key: it is no operator of the player.
    const fa2 = Fa2Editions.at(toolkit(bank.secretKey), contract);
    await expect(fa2.send(fa2.burn([{ from: copy.owner, tokenId: copy.tokenId, amount: 1 }]))).rejects.toMatchObject({
      code: FA2_ERRORS.notOperator,
    });
    await expect(
      fa2.send(fa2.transfer([{ from: copy.owner, txs: [{ to: bank.address, tokenId: copy.tokenId, amount: 1 }] }])),
    ).rejects.toMatchObject({ code: FA2_ERRORS.notOperator });
    const head = (await fa2.tezos.rpc.getBlockHeader()).level;
    const after = (await reader.read({ contract, tokenIds: [copy.tokenId], owners: [copy.owner], minLevel: head }))
      .holdings;
    expect(after.map((h) => [h.owner, h.tokenId, h.balance])).toEqual([[copy.owner, copy.tokenId, copy.balance]]);
    expect((await env.host.chain.info(game.id)).seats[seat]!.grant.status).toBe('ended');
  }, 300_000);

  it('lists what a wallet granted the bank: the game joined, now ended, and a leftover operator approval it can revoke', async () => {
    const game = await finishedGame();
    const { host } = env;
    const ended = await host.chain.walletGrants(bob.address);
    expect(ended.games.filter((g) => g.gameId === game.id)).toEqual([
      expect.objectContaining({ gameId: game.id, seat: 1, status: 'ended', closed: true }),
    ]);
    expect(ended.operatorTokenIds).toEqual([]);
    // An approval as earlier versions of the app asked for: Bob made the bank an FA2 operator of two game tokens.
    const info = await host.chain.info(game.id);
    const ids = info.pieces.slice(0, 2).map((p) => p.tokenId!);
    const asBob = Fa2Editions.at(toolkit(bob.secretKey), contract);
    await asBob.send(asBob.approveOperator(bob.address, bank.address, ids));
    const legacy = await host.chain.walletGrants(bob.address);
    expect(legacy.operatorTokenIds).toEqual(ids);
    expect(legacy.revoke?.parameter.entrypoint).toBe('update_operators');
    // The Revoke button sends that call from Bob's wallet: the approvals are gone.
    const op = await toolkit(bob.secretKey).contract.transfer(
      legacy.revoke as Parameters<TezosToolkit['contract']['transfer']>[0],
    );
    await op.confirmation();
    for (const id of ids) expect(await asBob.isOperator(bob.address, bank.address, id)).toBe(false);
    expect(await host.chain.walletGrants(bob.address)).toMatchObject({ operatorTokenIds: [], revoke: null });
    expect((await hostError(host.chain.walletGrants('tz1nope'))).code).toBe('BAD_ADDRESS');
  }, 300_000);
});

describe('who may make the bank pay (server/limits)', () => {
  const carol = bootstrapAccount(7);
  const dave = bootstrapAccount(8);
  const people = [
    { kind: 'human' as const, name: 'Ann' },
    { kind: 'human' as const, name: 'Ben' },
  ];
  const onChainGame = (seats: readonly { kind: 'human' | 'normal'; name: string }[]) => ({
    game: 'pole' as const,
    mode: 'online' as const,
    seats: [...seats],
    onChain: {},
  });
  const sixBots = onChainGame(Array.from({ length: 6 }, (_, i) => ({ kind: 'normal' as const, name: `Bot ${i}` })));
  const chainGames = async (): Promise<number> =>
    Number((await store.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM chain_games'))[0]!.n);

  beforeEach(async () => {
    env = await openServer(DEFAULT_LIMITS.chain);
  });
  afterEach(closeServer);

  it('an anonymous request creates no on-chain game (401 SIGN_IN_REQUIRED): nothing stored, nothing spent', async () => {
    const [games, balance] = [await chainGames(), await bankBalance()];
    const e = await hostError(env.host.create(sixBots));
    expect([e.status, e.code]).toEqual([401, 'SIGN_IN_REQUIRED']);
    expect(e.message).toContain('sign in');
    expect(await chainGames()).toBe(games);
    expect(await bankBalance()).toBe(balance);
  });

  it(
    'a wallet has at most 2 on-chain games in play and 5 bot seats over them (429 CHAIN_GAME_LIMIT | CHAIN_BOT_LIMIT)',
    { timeout: 60_000 },
    async () => {
      const { host } = env;
      const games = await chainGames();
      const bots = await hostError(host.create(sixBots, { address: carol.address }));
      expect([bots.status, bots.code]).toEqual([429, 'CHAIN_BOT_LIMIT']);
      expect(bots.message).toContain('6');
      expect(await chainGames()).toBe(games);
      const first = await host.create(onChainGame(people), { address: carol.address });
      await host.create(onChainGame([people[0]!, { kind: 'normal', name: 'Bot' }]), { address: carol.address });
      expect((await new ChainStore(store.sql).getGame(first.id))!.creator).toBe(carol.address);
      const third = await hostError(host.create(onChainGame(people), { address: carol.address }));
      expect([third.status, third.code]).toEqual([429, 'CHAIN_GAME_LIMIT']);
      expect(third.message).toContain(carol.address);
      // Her one bot seat counts too: four more would pass the five, in another wallet's game they do not.
      await host.create(
        onChainGame([
          people[0]!,
          ...Array.from({ length: 4 }, (_, i) => ({ kind: 'normal' as const, name: `Bot ${i}` })),
        ]),
        { address: dave.address },
      );
      expect(await chainGames()).toBe(games + 3);
      await settle(env);
    },
  );

  it(
    'refuses a game the bank cannot pay for (503 BANK_LOW, naming the balance and the need); the budget says how many more it can pay for',
    { timeout: 60_000 },
    async () => {
      // A bank holding 0.2 ꜩ: less than any game's tokens take in storage.
      const poor = await botWallet(`${bank.secretKey} a poor bank`, 0);
      await (
        await toolkit(bootstrapAccount(9).secretKey).contract.transfer({ to: poor.address, amount: 0.2 })
      ).confirmation();
      const poorChain = new ChainGames(new ChainStore(store.sql), {
        network: { name: 'devnet', rpcUrl: relay.url, tzktUrl: `${relay.url}/tzkt`, explorerUrl: null },
        contract,
        bankSecretKey: await poor.signer.secretKey(),
      });
      const { host: poorHost } = await createTestServer({
        store,
        clock: systemClock,
        chain: poorChain,
        resume: false,
        onError: (e) => env.errors.push(e),
      });
      try {
        const games = await chainGames();
        const e = await hostError(
          poorHost.create(onChainGame([people[0]!, { kind: 'normal', name: 'Bot' }]), { address: dave.address }),
        );
        expect([e.status, e.code]).toEqual([503, 'BANK_LOW']);
        expect(e.message).toMatch(/^the bank holds 0\.2 ꜩ, and this game may cost it up to \d+(\.\d+)? ꜩ/);
        expect(e.detail).toMatchObject({ balanceMutez: 200_000 });
        expect(e.detail!['needMutez']).toBeGreaterThan(200_000);
        expect(await chainGames()).toBe(games);
        expect(await poorChain.budget.report()).toMatchObject({
          bank: poor.address,
          balanceMutez: 200_000,
          reservedMutez: 0,
          games: 0,
        });
      } finally {
        await poorHost.close();
      }
      const budget = await env.games.budget.report();
      expect(budget).toMatchObject({
        network: 'devnet',
        bank: bank.address,
        balanceMutez: await bankBalance(),
        reservedMutez: 0,
        limits: { gamesPerWallet: 2, botSeatsPerWallet: 5 },
      });
      // Five bot wallets topped up at most to what a join needs, not funded afresh.
      expect(budget.gameCost).toMatchObject({ seats: 6, bots: 5, botFundingMutez: 1_250_000 });
      expect(budget.gameCost.totalMutez).toBe(
        budget.gameCost.botFundingMutez + budget.gameCost.storageMutez + budget.gameCost.feesMutez,
      );
      expect(budget.games).toBe(Math.floor(budget.balanceMutez / budget.gameCost.totalMutez));
      expect(budget.games).toBeGreaterThan(1000); // 100,000 ꜩ at the start
    },
  );
});
