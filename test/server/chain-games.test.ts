/**
 * On-chain Tezos Pole games on the game server (server/chain + GameHost), against an in-process devnet with its TzKT
 * API, through real Taquito and the real TzKT client — nothing mocked. A switchable HTTP relay sits between the
 * server and the devnet so a test can take "Tezos" down and bring it back.
 *
 * The story, in order: a game with two people and a bot is created; it is opened on-chain with its tokens and the bot
 * joins it on its own; each person claims a seat with their wallet and joins from it; seats are played only by their
 * wallet; purchases become final on-chain; a plain FA2 transfer between the players is recorded as a P13 holdings
 * action before the next roll; Tezos going down pauses the game and keeps the move, which goes through once it is
 * back; the server restarts mid-game and finishes it with the chain and the game agreeing token by token; the game
 * over, the server closes it on-chain (again after a restart, once), and from then on the bank can neither burn nor
 * transfer a player's copy (issue 15).
 */
import { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fa2Editions, HoldingsReader, PoleBridge, readSeedCommit, type ChainOp } from '../../chain';
import { seedCommitment } from '../../engine/core/rng';
import { FA2_ERRORS } from '../../contracts';
import { bootstrapAccount, type Devnet } from '../../devnet/node';
import type { PoleState } from '../../engine/pole';
import { HostError } from '../../server/errors';
import { GameHost } from '../../server/host';
import { ChainGames } from '../../server/chain/chain-games';
import { ChainStore } from '../../server/chain/chain-store';
import { botWallet } from '../../server/chain/bot-wallets';
import { gameCostBound } from '../../chain/pole-bridge';
import { openPgliteStore, type GameStore } from '../../server/store';
import { devnetWithContract } from '../../scripts/lib/devnet-contract';
import { hostError } from './helpers';
import { startTezosRelay, type TezosRelay } from './tezos-relay';

const bank = bootstrapAccount(1);
const alice = bootstrapAccount(3);
const bob = bootstrapAccount(4);

let devnet: Devnet;
let relay: TezosRelay;
let contract = '';
let store: GameStore;
let host: GameHost;
let chain: ChainGames;
let gameId = '';
let tokens: string[] = [];
const errors: unknown[] = [];

let toolkit: (secretKey: string) => TezosToolkit;
/** The bank's balance before the story's game was created (mutez). */
let bankBefore = 0;
const bankBalance = async (): Promise<number> => (await toolkit(bank.secretKey).tz.getBalance(bank.address)).toNumber();

const newChainGames = (): ChainGames =>
  new ChainGames(
    new ChainStore(store.sql),
    { network: { name: 'devnet', rpcUrl: relay.url, tzktUrl: `${relay.url}/tzkt`, explorerUrl: null }, contract, bankSecretKey: bank.secretKey },
    { backoffMs: { first: 100, max: 400 }, indexerTimeoutMs: 1500, confirmationTimeoutSeconds: 20, onError: (e) => errors.push(e) },
  );

async function openHost(): Promise<void> {
  chain = newChainGames();
  host = await GameHost.open(store, { chain, onError: (e) => errors.push(e) });
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 3; i++) {
    await chain.idle();
    await host.idle();
  }
};

const WALLET = [alice.address, bob.address];

/** Waits until the game moved past `seq` (a bot's move, a kept move going through). */
async function botMoved(seq: number): Promise<void> {
  for (let i = 0; i < 500 && (await host.snapshot(gameId)).seq === seq; i++) await new Promise((r) => setTimeout(r, 10));
}

/** Plays the people's seats (buying whatever is offered, flipping the first tile) until `done` or the game ends. */
async function playUntil(done: (state: PoleState, seq: number) => boolean, maxActions = 400): Promise<void> {
  for (let i = 0; i < maxActions; i++) {
    await settle();
    const snap = await host.snapshot(gameId, tokens[0]);
    const state = snap.view as PoleState;
    if (snap.outcome || done(state, snap.seq)) return;
    const pending = snap.pending[0];
    if (!pending || pending.seat === 2) {
      await botMoved(snap.seq); // the bot plays on the server's timer
      continue;
    }
    const seat = pending.seat;
    const mine = await host.snapshot(gameId, tokens[seat]);
    const legal = mine.legal as { type: string }[];
    const action = legal.find((a) => a.type === 'buy') ?? legal[0]!;
    await host.act(gameId, { token: tokens[seat]!, seat, seq: mine.seq, action }, { address: WALLET[seat]! });
  }
  throw new Error(`the game did not get there: ${JSON.stringify((await host.snapshot(gameId)).pending)} ${errors.map(String).join(' | ')}`);
}

/** Every artist tile: the chain's holders (by seat, read through the TzKT API) equal the engine's. */
async function expectChainAgrees(): Promise<void> {
  const info = await host.chainInfo(gameId);
  const snap = await host.snapshot(gameId);
  const state = snap.view as PoleState;
  const seats = info.seats.map((s) => s.address!);
  const read = await new HoldingsReader({ tzktUrl: devnet.tzktUrl, timeoutMs: 10_000 }).read({ contract, tokenIds: info.pieces.map((p) => p.tokenId!), minLevel: info.lastLevel });
  for (const piece of info.pieces) {
    const onChain = read.holdings
      .filter((h) => h.tokenId === BigInt(piece.tokenId!) && h.balance > 0n)
      .flatMap((h) => Array.from({ length: Number(h.balance) }, () => seats.indexOf(h.owner)))
      .sort((a, b) => a - b);
    expect({ tile: piece.tile, holders: onChain }).toEqual({ tile: piece.tile, holders: [...state.tiles[piece.tile]!.holders].sort((a, b) => a - b) });
  }
}

beforeAll(async () => {
  ({ devnet, toolkit, contract: { address: contract } } = await devnetWithContract({ admin: bank }));
  relay = await startTezosRelay(devnet.rpcUrl);
  store = await openPgliteStore();
  await openHost();
}, 120_000);

afterAll(async () => {
  await host?.close();
  await store?.close();
  await relay?.close();
  await devnet?.stop();
});

describe('an on-chain Tezos Pole game on the server', () => {
  it('is played online only, and a created game opens on-chain with its tokens while the bot joins it by itself', async () => {
    const request = {
      game: 'pole' as const,
      options: { laps: 2 },
      seats: [
        { kind: 'human' as const, name: 'Alice' },
        { kind: 'human' as const, name: 'Bob' },
        { kind: 'heuristic' as const, name: 'Bot' },
      ],
      seed: 'chain-games',
      botPaceMs: 0,
      onChain: {},
    };
    expect((await hostError(host.create({ ...request, mode: 'hotseat' }, { address: alice.address }))).code).toBe('CHAIN_ONLINE_ONLY');
    bankBefore = await bankBalance();
    const created = await host.create({ ...request, mode: 'online' }, { address: alice.address });
    gameId = created.id;
    tokens = [created.invites[0]!.token, created.invites[1]!.token];
    await settle();
    const info = await host.chainInfo(gameId);
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
    expect(Date.parse(ends)).toBeGreaterThan(Date.now());
    const fa2 = Fa2Editions.at(toolkit(bank.secretKey), contract);
    expect(await fa2.gameInfo(gameId)).toEqual({ minter: bank.address, ends: new Date(ends), closed: false });
    expect((await fa2.token(info.pieces[0]!.tokenId!))?.game).toBe(gameId);
    // The commitment to the game's seed went on-chain in the operation that opened it (issue 23), the seed still hidden.
    const commitment = seedCommitment((await host.record(gameId)).seed);
    expect(info.seed).toMatchObject({ commitment, revealed: null });
    const { opHash: committedIn, level: committedAt } = info.seed!.committed;
    expect(info.ops.filter((o) => o.kind === 'create').map((o) => o.opHash)).toContain(committedIn);
    const opening = (await fa2.tezos.rpc.getBlock({ block: String(committedAt) })).operations.flat().find((o) => o.hash === committedIn)!;
    // The contract calls of that operation (it may also reveal the bank's key and fund the bot's wallet).
    const calls = opening.contents.flatMap((c) => {
      const entrypoint = (c as { parameters?: { entrypoint: string } }).parameters?.entrypoint;
      return entrypoint === undefined ? [] : [entrypoint];
    });
    expect(calls.slice(0, 2)).toEqual(['open_game', 'commit_seed']);
    expect(await readSeedCommit(devnet.tzktUrl, contract, gameId)).toEqual({ commitment, seed: null, finalHash: null });
    // The bot's wallet is its own; it joined the game, which makes the bank no operator of its tokens.
    expect(await fa2.gameGrant(gameId, info.seats[2]!.address!)).toBe(true);
    expect(await fa2.isOperator(info.seats[2]!.address!, bank.address, info.pieces[0]!.tokenId!)).toBe(false);
    expect(info.seats.map((s) => s.grant)).toEqual([
      { status: 'none', until: null },
      { status: 'none', until: null },
      { status: 'live', until: ends },
    ]);
    // Nobody moves before every seat is bound and approved.
    const snap = await host.snapshot(gameId, tokens[0]);
    expect(snap.seq).toBe(0);
    expect(snap.onChain).toBe(true);
  }, 60_000);

  it('binds each person’s seat to the wallet they signed in with; a wallet plays one seat only', async () => {
    expect((await hostError(host.claimSeat(gameId, tokens[0], undefined, { address: null }))).code).toBe('SIGN_IN_REQUIRED');
    await host.claimSeat(gameId, tokens[0], undefined, { address: alice.address });
    expect((await hostError(host.claimSeat(gameId, tokens[1], undefined, { address: alice.address }))).code).toBe('ADDRESS_IN_GAME');
    expect((await hostError(host.claimSeat(gameId, tokens[0], undefined, { address: bob.address }))).code).toBe('SEAT_CLAIMED');
    await host.claimSeat(gameId, tokens[1], undefined, { address: bob.address });
    expect((await host.chainInfo(gameId)).seats.map((s) => s.address?.slice(0, 3))).toEqual(['tz1', 'tz1', 'tz1']);
    const act = { token: tokens[0]!, seat: 0, seq: 0, action: { type: 'roll' } };
    expect((await hostError(host.act(gameId, act, { address: alice.address }))).code).toBe('CHAIN_NOT_READY');
  });

  it('starts once each person joined the game on-chain from their own wallet (one operation each)', async () => {
    for (const [seat, who] of [alice, bob].entries()) {
      // Someone else's wallet may not even ask for the seat's approval.
      expect((await hostError(host.approvalCall(gameId, tokens[seat], undefined, { address: seat === 0 ? bob.address : alice.address }))).code).toBe('WRONG_WALLET');
      const call = (await host.approvalCall(gameId, tokens[seat], undefined, { address: who.address })) as { to: string; amount: number; parameter: { entrypoint: string; value: unknown } };
      expect([call.to, call.parameter.entrypoint, call.parameter.value]).toEqual([contract, 'join_game', { string: gameId }]);
      const op = await toolkit(who.secretKey).contract.transfer(call as Parameters<TezosToolkit['contract']['transfer']>[0]);
      await host.submitApproval(gameId, tokens[seat], undefined, op.hash, { address: who.address });
    }
    await settle();
    const info = await host.chainInfo(gameId);
    expect(info.seats.map((s) => s.approval)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(info.seats.map((s) => s.grant.status)).toEqual(['live', 'live', 'live']);
    expect(info.ready).toBe(true);
    // Alice's collection page lists the grant, live until the game's end date, confirmed by the contract.
    const grants = await host.walletGrants(alice.address);
    expect(grants).toMatchObject({ contract, bank: bank.address, operatorTokenIds: [], revoke: null });
    expect(grants.games).toEqual([{ gameId, seat: 0, status: 'live', ends: info.game!.ends, closed: false, joinOp: info.seats[0]!.approvalOp }]);
  }, 60_000);

  it('refuses acting for a seat from another wallet or without one, and changes nothing', async () => {
    const snap = await host.snapshot(gameId, tokens[0]);
    const seat = snap.pending[0]!.seat;
    if (seat === 2) return; // the bot opened: the next test's play covers the rest
    const act = { token: tokens[seat]!, seat, seq: snap.seq, action: { type: 'roll' } };
    expect((await hostError(host.act(gameId, act, { address: WALLET[1 - seat]! }))).code).toBe('WRONG_WALLET');
    expect((await hostError(host.act(gameId, act, {}))).code).toBe('SIGN_IN_REQUIRED');
    expect((await host.snapshot(gameId)).seq).toBe(snap.seq);
  });

  it('mints a copy to the buyer’s wallet when a purchase is confirmed, and lists the operation', async () => {
    await playUntil((state) => state.tiles.some((t) => t.holders.includes(0)));
    await settle();
    await expectChainAgrees();
    const info = await host.chainInfo(gameId);
    const steps = info.ops.filter((o) => o.kind === 'step');
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((o) => o.status === 'confirmed' && /^o/.test(o.opHash ?? ''))).toBe(true);
    expect(steps.some((o) => o.ops.some((c) => c.kind === 'mint' && c.seat === 0))).toBe(true);
    const record = await host.record(gameId);
    expect(record.chain?.operations.map((o) => o.opHash)).toEqual(expect.arrayContaining(steps.map((s) => s.opHash)));
  }, 120_000);

  it('records a plain FA2 transfer between the players as a holdings action before the next roll (P13)', async () => {
    // P13: "A token moved between two players' wallets during the game changes ownership at the next read".
    const state = (await host.snapshot(gameId)).view as PoleState;
    const tile = state.tiles.findIndex((t) => t.holders.includes(0));
    const info = await host.chainInfo(gameId);
    const tokenId = info.pieces.find((p) => p.tile === tile)!.tokenId!;
    const fa2 = Fa2Editions.at(toolkit(alice.secretKey), contract);
    await fa2.send(fa2.transfer([{ from: alice.address, txs: [{ to: bob.address, tokenId, amount: 1 }] }]));
    const before = (await host.record(gameId)).actions.length;
    await playUntil((_, seq) => seq > before + 1);
    const record = await host.record(gameId);
    const holdings = record.actions.slice(before).find((a) => a.seat === 'system');
    expect(holdings).toBeDefined();
    const entry = (holdings!.action as { tiles: { tile: number; holders: number[] }[] }).tiles.find((t) => t.tile === tile)!;
    expect(entry.holders).toContain(1);
    expect(entry.holders.filter((h) => h === 0)).toHaveLength(state.tiles[tile]!.holders.filter((h) => h === 0).length - 1);
    await settle();
    await expectChainAgrees();
  }, 120_000);

  it('pauses while Tezos is down, keeps the move, and plays it exactly once when Tezos is back', async () => {
    await playUntil((state) => state.phase === 'roll' && state.current !== 2);
    const snap = await host.snapshot(gameId, tokens[0]);
    const seat = snap.pending[0]!.seat;
    relay.down = true;
    const e = await hostError(host.act(gameId, { token: tokens[seat]!, seat, seq: snap.seq, action: { type: 'roll' } }, { address: WALLET[seat]! }));
    expect([e.status, e.code]).toEqual([503, 'CHAIN_PAUSED']);
    expect(e.message).toMatch(/kept/);
    const paused = await host.chainInfo(gameId);
    expect(paused.paused?.code).toBe('CHAIN_UNAVAILABLE');
    expect((await host.snapshot(gameId)).seq).toBe(snap.seq);
    // While paused, nobody else moves either.
    expect((await hostError(host.act(gameId, { token: tokens[seat]!, seat, seq: snap.seq, action: { type: 'roll' } }, { address: WALLET[seat]! }))).code).toBe('CHAIN_PAUSED');
    await new Promise((r) => setTimeout(r, 600)); // a retry or two fail meanwhile
    relay.down = false;
    for (let i = 0; i < 100 && (await host.chainInfo(gameId)).paused; i++) await new Promise((r) => setTimeout(r, 100));
    await settle();
    expect((await host.chainInfo(gameId)).paused).toBeNull();
    const record = await host.record(gameId);
    const rolls = record.actions.slice(snap.seq).filter((a) => a.seat === seat);
    expect(rolls[0]).toEqual({ seat, action: { type: 'roll' } });
    await expectChainAgrees();
  }, 120_000);

  it('keeps a purchase the node cannot take, and mints it exactly once when the node is back', async () => {
    await playUntil((state) => state.phase === 'buy' && state.queue[0]?.kind === 'offer' && state.queue[0].seat !== 2);
    const snap = await host.snapshot(gameId, tokens[0]);
    const { seat, tile } = snap.pending[0] as unknown as { seat: number; tile: number };
    const info = await host.chainInfo(gameId);
    const tokenId = info.pieces.find((p) => p.tile === tile)!.tokenId!;
    const fa2 = Fa2Editions.at(toolkit(bank.secretKey), contract);
    const supplyBefore = (await fa2.supply(tokenId)).total;
    // A second app instance on the same database follows the game too.
    const other = await GameHost.open(store, { chain: newChainGames(), resume: false, onError: (err) => errors.push(err) });
    expect((await other.snapshot(gameId)).seq).toBe(snap.seq);
    relay.down = true;
    const e = await hostError(host.act(gameId, { token: tokens[seat]!, seat, seq: snap.seq, action: { type: 'buy' } }, { address: WALLET[seat]! }));
    expect([e.status, e.code]).toEqual([503, 'CHAIN_PAUSED']);
    // Nothing happened: not in the game, not on-chain.
    expect((await host.snapshot(gameId)).seq).toBe(snap.seq);
    // The other instance cannot slip a different move in at that point: the kept purchase holds it.
    const stale = await hostError(other.act(gameId, { token: tokens[seat]!, seat, seq: snap.seq, action: { type: 'pass' } }, { address: WALLET[seat]! }));
    expect([stale.status, stale.code]).toEqual([409, 'STALE']);
    await other.close();
    expect((await host.snapshot(gameId)).seq).toBe(snap.seq);
    relay.down = false;
    for (let i = 0; i < 100 && (await host.chainInfo(gameId)).paused; i++) await new Promise((r) => setTimeout(r, 100));
    await settle();
    expect((await host.record(gameId)).actions[snap.seq]).toEqual({ seat, action: { type: 'buy' } });
    expect((await fa2.supply(tokenId)).total).toBe(supplyBefore + 1n);
    await expectChainAgrees();
  }, 120_000);

  it('takes a purchase at once, sends it after, and looks it up on-chain when its inclusion went unseen instead of sending it again', async () => {
    // Issue 17: the game does not wait for the purchase's block; the bank's queue sends it, exactly once.
    await playUntil((state) => state.phase === 'buy' && state.queue[0]?.kind === 'offer' && state.queue[0].seat !== 2);
    const snap = await host.snapshot(gameId, tokens[0]);
    const { seat, tile } = snap.pending[0] as unknown as { seat: number; tile: number };
    const tokenId = (await host.chainInfo(gameId)).pieces.find((p) => p.tile === tile)!.tokenId!;
    const fa2 = Fa2Editions.at(toolkit(bank.secretKey), contract);
    const supplyBefore = (await fa2.supply(tokenId)).total;
    relay.injected = null;
    relay.downAfterInjection = true;
    await host.act(gameId, { token: tokens[seat]!, seat, seq: snap.seq, action: { type: 'buy' } }, { address: WALLET[seat]! });
    expect((await host.record(gameId)).actions[snap.seq]).toEqual({ seat, action: { type: 'buy' } });
    for (let i = 0; i < 200 && relay.injected === null; i++) await new Promise((r) => setTimeout(r, 25));
    expect(relay.injected).toMatch(/^o/);
    // The mint is on-chain already, though the server could not see it: the step waits, pending, with its hash.
    expect((await fa2.supply(tokenId)).total).toBe(supplyBefore + 1n);
    const waiting = (await host.chainInfo(gameId)).ops.find((o) => o.kind === 'step' && o.seq === snap.seq + 1)!;
    expect([waiting.opHash, waiting.status]).toEqual([relay.injected, 'pending']);
    relay.down = false;
    for (let i = 0; i < 100 && (await host.chainInfo(gameId)).paused; i++) await new Promise((r) => setTimeout(r, 100));
    await settle();
    expect((await fa2.supply(tokenId)).total).toBe(supplyBefore + 1n); // not minted twice
    const step = (await host.chainInfo(gameId)).ops.find((o) => o.kind === 'step' && o.seq === snap.seq + 1)!;
    expect([step.opHash, step.status]).toEqual([relay.injected, 'confirmed']);
    await expectChainAgrees();
  }, 120_000);

  it('resumes after a server restart and finishes with the chain and the game agreeing on every token', async () => {
    await host.close();
    await openHost();
    relay.blockBodyWith = 'close_game'; // the next test: closing the game waits for Tezos
    await playUntil(() => false, 2000);
    await settle();
    const snap = await host.snapshot(gameId);
    expect(snap.outcome).not.toBeNull();
    await expectChainAgrees();
    const info = await host.chainInfo(gameId);
    expect(info.ops.filter((o) => o.kind !== 'close' && o.status !== 'confirmed' && o.status !== 'failed')).toEqual([]);
    expect(errors.filter((e) => !(e instanceof HostError))).toEqual([]);
  }, 300_000);

  it('closes the game on-chain once it is over: tried again while Tezos does not take it, still done after a restart, once', async () => {
    // Tezos refused every try so far: the close is kept, the grants still live.
    for (let i = 0; i < 100 && !(await host.chainInfo(gameId)).ops.some((o) => o.kind === 'close' && o.status === 'retrying'); i++) await new Promise((r) => setTimeout(r, 50));
    const waiting = await host.chainInfo(gameId);
    const tries = waiting.ops.filter((o) => o.kind === 'close');
    expect(tries).toHaveLength(1); // one row for every try
    expect(['pending', 'retrying']).toContain(tries[0]!.status);
    expect(waiting.game?.closed).toBe(false);
    expect(waiting.seats.map((s) => s.grant.status)).toEqual(['live', 'live', 'live']);
    // The server stops before Tezos is back; the next one closes the finished game by itself.
    await host.close();
    await chain.idle();
    relay.blockBodyWith = null;
    await openHost();
    for (let i = 0; i < 200 && !(await host.chainInfo(gameId)).game?.closed; i++) await new Promise((r) => setTimeout(r, 50));
    await settle();
    const info = await host.chainInfo(gameId);
    const closes = info.ops.filter((o) => o.kind === 'close');
    expect(closes.map((o) => o.status)).toEqual(['confirmed']);
    expect(info.game).toEqual({ id: gameId, ends: waiting.game!.ends, closed: true, closedOp: closes[0]!.opHash });
    expect(closes[0]!.opHash).toMatch(/^o/);
    // The seed and the final state hash were revealed with the closing, after the restart too; the record says where.
    const record = await host.record(gameId);
    expect(info.seed?.revealed).toEqual({ opHash: closes[0]!.opHash, level: closes[0]!.level });
    expect(await readSeedCommit(devnet.tzktUrl, contract, gameId)).toEqual({ commitment: seedCommitment(record.seed), seed: record.seed, finalHash: (await host.stateHash(gameId)).hash });
    expect(record.chain?.operations.filter((o) => o.kind === 'commit' || o.kind === 'reveal').map((o) => [o.kind, o.opHash])).toEqual([
      ['commit', info.seed!.committed.opHash],
      ['reveal', closes[0]!.opHash],
    ]);
    for (const s of info.seats) {
      expect(s.grant).toEqual({ status: 'ended', until: closes[0]!.at });
      expect(await Fa2Editions.at(toolkit(bank.secretKey), contract).gameGrant(gameId, s.address!)).toBe(false);
    }
    // Once: a further restart sends nothing.
    await host.close();
    await openHost();
    await settle();
    expect((await host.chainInfo(gameId)).ops.filter((o) => o.kind === 'close')).toHaveLength(1);
    expect(errors.filter((e) => !(e instanceof HostError))).toEqual([]);
  }, 120_000);

  it('cost the bank no more than the bound its creation was checked against (issue 16)', async () => {
    const row = (await new ChainStore(store.sql).getGame(gameId))!;
    expect(row.creator).toBe(alice.address);
    const spent = bankBefore - (await bankBalance());
    const bound = gameCostBound(row.plan, 3, 1, 2_000_000);
    expect(spent).toBeGreaterThan(bound.botFundingMutez); // the bot's wallet, the tokens' storage, the fees
    expect(spent).toBeLessThanOrEqual(bound.totalMutez);
  });

  it('after the game the bank, with its own key, can neither burn nor transfer a player’s copy: the balance stays', async () => {
    const info = await host.chainInfo(gameId);
    const reader = new HoldingsReader({ tzktUrl: devnet.tzktUrl, timeoutMs: 10_000 });
    const held = (await reader.read({ contract, tokenIds: info.pieces.map((p) => p.tokenId!), minLevel: info.lastLevel })).holdings.filter((h) => h.balance > 0n);
    const copy = held.find((h) => info.seats.some((s) => s.address === h.owner))!;
    expect(copy).toBeDefined();
    const seat = info.seats.findIndex((s) => s.address === copy.owner);
    const piece = info.pieces.find((p) => p.tokenId === copy.tokenId.toString())!;
    // The burn of a flip, sent by the bank through the bridge as during the game: the contract refuses it.
    const plan = (await new ChainStore(store.sql).getGame(gameId))!.plan;
    const bridge = await PoleBridge.create({ network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl }, bank: { secretKey: bank.secretKey }, contract, plan });
    const burn: ChainOp = { kind: 'burn', tile: piece.tile, tokenId: piece.tokenId!, seat, from: copy.owner, reason: 'flipped' };
    await expect(bridge.apply([burn])).rejects.toMatchObject({ code: 'BRIDGE_REJECTED', detail: { failwith: FA2_ERRORS.gameClosed, entrypoint: 'game_burn' } });
    // Plain FA2 calls signed with the bank key: it is no operator of the player.
    const fa2 = Fa2Editions.at(toolkit(bank.secretKey), contract);
    await expect(fa2.send(fa2.burn([{ from: copy.owner, tokenId: copy.tokenId, amount: 1 }]))).rejects.toMatchObject({ code: FA2_ERRORS.notOperator });
    await expect(fa2.send(fa2.transfer([{ from: copy.owner, txs: [{ to: bank.address, tokenId: copy.tokenId, amount: 1 }] }]))).rejects.toMatchObject({ code: FA2_ERRORS.notOperator });
    const head = (await fa2.tezos.rpc.getBlockHeader()).level;
    const after = (await reader.read({ contract, tokenIds: [copy.tokenId], owners: [copy.owner], minLevel: head })).holdings;
    expect(after.map((h) => [h.owner, h.tokenId, h.balance])).toEqual([[copy.owner, copy.tokenId, copy.balance]]);
    expect((await host.chainInfo(gameId)).seats[seat]!.grant.status).toBe('ended');
  }, 60_000);

  it('lists what a wallet granted the bank: the game joined, now ended, and a leftover operator approval it can revoke', async () => {
    const ended = await host.walletGrants(bob.address);
    expect(ended.games).toEqual([expect.objectContaining({ gameId, seat: 1, status: 'ended', closed: true })]);
    expect(ended.operatorTokenIds).toEqual([]);
    // An approval as earlier versions of the app asked for: Bob made the bank an FA2 operator of two game tokens.
    const info = await host.chainInfo(gameId);
    const ids = info.pieces.slice(0, 2).map((p) => p.tokenId!);
    const asBob = Fa2Editions.at(toolkit(bob.secretKey), contract);
    await asBob.send(asBob.approveOperator(bob.address, bank.address, ids));
    const legacy = await host.walletGrants(bob.address);
    expect(legacy.operatorTokenIds).toEqual(ids);
    expect(legacy.revoke?.parameter.entrypoint).toBe('update_operators');
    // The Revoke button sends that call from Bob's wallet: the approvals are gone.
    const op = await toolkit(bob.secretKey).contract.transfer(legacy.revoke as Parameters<TezosToolkit['contract']['transfer']>[0]);
    await op.confirmation();
    for (const id of ids) expect(await asBob.isOperator(bob.address, bank.address, id)).toBe(false);
    expect(await host.walletGrants(bob.address)).toMatchObject({ operatorTokenIds: [], revoke: null });
    expect((await hostError(host.walletGrants('tz1nope'))).code).toBe('BAD_ADDRESS');
  }, 60_000);
});

describe('who may make the bank pay (issue 16)', () => {
  const carol = bootstrapAccount(7);
  const dave = bootstrapAccount(8);
  const people = [
    { kind: 'human' as const, name: 'Ann' },
    { kind: 'human' as const, name: 'Ben' },
  ];
  const onChainGame = (seats: readonly { kind: 'human' | 'heuristic'; name: string }[]) => ({ game: 'pole' as const, mode: 'online' as const, seats: [...seats], onChain: {} });
  const sixBots = onChainGame(Array.from({ length: 6 }, (_, i) => ({ kind: 'heuristic' as const, name: `Bot ${i}` })));
  const chainGames = async (): Promise<number> => Number((await store.sql.query<{ n: string }>('SELECT count(*)::text AS n FROM chain_games'))[0]!.n);

  it('an anonymous request creates no on-chain game (401 SIGN_IN_REQUIRED): nothing stored, nothing spent', async () => {
    const [games, balance] = [await chainGames(), await bankBalance()];
    const e = await hostError(host.create(sixBots));
    expect([e.status, e.code]).toEqual([401, 'SIGN_IN_REQUIRED']);
    expect(e.message).toContain('sign in');
    expect(await chainGames()).toBe(games);
    expect(await bankBalance()).toBe(balance);
  });

  it('a wallet has at most 2 on-chain games in play and 5 bot seats over them (429 CHAIN_GAME_LIMIT | CHAIN_BOT_LIMIT)', { timeout: 60_000 }, async () => {
    const games = await chainGames();
    const bots = await hostError(host.create(sixBots, { address: carol.address }));
    expect([bots.status, bots.code]).toEqual([429, 'CHAIN_BOT_LIMIT']);
    expect(bots.message).toContain('6');
    expect(await chainGames()).toBe(games);
    const first = await host.create(onChainGame(people), { address: carol.address });
    await host.create(onChainGame([people[0]!, { kind: 'heuristic', name: 'Bot' }]), { address: carol.address });
    expect((await new ChainStore(store.sql).getGame(first.id))!.creator).toBe(carol.address);
    const third = await hostError(host.create(onChainGame(people), { address: carol.address }));
    expect([third.status, third.code]).toEqual([429, 'CHAIN_GAME_LIMIT']);
    expect(third.message).toContain(carol.address);
    // Her one bot seat counts too: four more would pass the five, in another wallet's game they do not.
    await host.create(onChainGame([people[0]!, ...Array.from({ length: 4 }, (_, i) => ({ kind: 'heuristic' as const, name: `Bot ${i}` }))]), { address: dave.address });
    expect(await chainGames()).toBe(games + 3);
    await settle();
  });

  it('refuses a game the bank cannot pay for (503 BANK_LOW, naming the balance and the need); the budget says how many more it can pay for', { timeout: 60_000 }, async () => {
    // A bank holding 5 ꜩ: less than any game's tokens take in storage.
    const poor = await botWallet(bank.secretKey, 'a poor bank', 0);
    await (await toolkit(bootstrapAccount(9).secretKey).contract.transfer({ to: poor.address, amount: 5 })).confirmation();
    const poorChain = new ChainGames(new ChainStore(store.sql), { network: { name: 'devnet', rpcUrl: relay.url, tzktUrl: `${relay.url}/tzkt`, explorerUrl: null }, contract, bankSecretKey: await poor.signer.secretKey() });
    const poorHost = await GameHost.open(store, { chain: poorChain, resume: false, onError: (e) => errors.push(e) });
    try {
      const games = await chainGames();
      const e = await hostError(poorHost.create(onChainGame([people[0]!, { kind: 'heuristic', name: 'Bot' }]), { address: dave.address }));
      expect([e.status, e.code]).toEqual([503, 'BANK_LOW']);
      expect(e.message).toMatch(/^the bank holds 5 ꜩ, and this game may cost it up to \d+(\.\d+)? ꜩ/);
      expect(e.detail).toMatchObject({ balanceMutez: 5_000_000 });
      expect(e.detail!['needMutez']).toBeGreaterThan(5_000_000);
      expect(await chainGames()).toBe(games);
      expect(await poorChain.budget()).toMatchObject({ bank: poor.address, balanceMutez: 5_000_000, reservedMutez: 0, games: 0 });
    } finally {
      await poorHost.close();
    }
    const budget = await chain.budget();
    expect(budget).toMatchObject({ network: 'devnet', bank: bank.address, balanceMutez: await bankBalance(), reservedMutez: 0, limits: { gamesPerWallet: 2, botSeatsPerWallet: 5 } });
    expect(budget.gameCost).toMatchObject({ seats: 6, bots: 5, botFundingMutez: 10_000_000 });
    expect(budget.gameCost.totalMutez).toBe(budget.gameCost.botFundingMutez + budget.gameCost.storageMutez + budget.gameCost.feesMutez);
    expect(budget.games).toBe(Math.floor(budget.balanceMutez / budget.gameCost.totalMutez));
    expect(budget.games).toBeGreaterThan(1000); // 100,000 ꜩ at the start
  });
});
