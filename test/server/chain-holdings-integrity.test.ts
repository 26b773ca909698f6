/**
 * P13 (amended 2026-12-01) + P7 on the game server, against an in-process devnet with its TzKT API, through real
 * Taquito and the real TzKT client — nothing mocked. The debt-hiding manoeuvre: a player in debt who
 * holds a copy P7 would make them flip sends it by plain FA2 `transfer` to a wallet that is not a player; at the next
 * holdings read "A copy that leaves the players' wallets — sent to any address that is not a player of this game —
 * leaves the game for good: it pays no royalty, is not scored, cannot be flipped, and does not come back into play if
 * it is later returned". The debt settles as P7 says, the copy is never counted again once sent back, and the
 * manoeuvre leaves the debtor no better off than the honest flip. Each test plays its own game up to the point it
 * looks at, on the file's devnet and server.
 */
import type { TezosToolkit } from '@taquito/taquito';
import { describe, expect, it } from 'vitest';
import { Fa2Editions } from '../../chain';
import { bootstrapAccount } from '../../devnet/node';
import { replayWith, type GameRecord } from '../../engine/core/record';
import { copiesHeld, piecesOf, pole, type PoleEvent, type PoleState } from '../../engine/pole';
import { HostError } from '../../server/errors';
import { pollSkippingBackoffs, settle, SUITE_LIMITS, useChainSuite } from './chain-host';
import { hostError } from './helpers';
import { humans } from './requests';

const bank = bootstrapAccount(1);
const alice = bootstrapAccount(3);
const bob = bootstrapAccount(4);
/** A wallet that is not a player of the game. */
const friend = bootstrapAccount(5);
const WALLETS = [alice, bob];
const ALICE = 0,
  BOB = 1;

// 0 Start | 1 Sunfold (edition of 2, 200 Tz: flipped for 100) | 2 Tax 120 | 3–5 nothing happens. No GO bonus.
const BOARD = {
  id: 'p13-hide',
  name: 'Hide and seek',
  tiles: [
    { kind: 'go', id: 'go', name: 'Start' },
    { kind: 'artist', id: 'sunfold', artist: 'Ama', title: 'Sunfold', price: 200, multiplier: 1, editionSize: 2 },
    { kind: 'event', id: 'tax', name: 'Tax', text: 'Pay 120', effect: { kind: 'pay', amount: 120 } },
    { kind: 'event', id: 'rest-1', name: 'Rest', text: 'Nothing happens', effect: { kind: 'none' } },
    { kind: 'event', id: 'rest-2', name: 'Rest again', text: 'Nothing happens', effect: { kind: 'none' } },
    { kind: 'event', id: 'rest-3', name: 'Rest once more', text: 'Nothing happens', effect: { kind: 'none' } },
  ],
};
const SUNFOLD = 1;
const OPTIONS = { startingCash: 250, goBonus: 0, laps: 4, board: BOARD };

/** Back-offs no retry outlasts on its own while a test looks: the test moves the clock past them. */
const BACKOFF = { first: 5_000, max: 20_000 };

const suite = useChainSuite(bank, {
  relay: 'node+tzkt',
  chain: { backoffMs: BACKOFF, indexerTimeoutMs: 5000, confirmationTimeoutSeconds: 20, walletLimits: SUITE_LIMITS },
});
/** The game of the test that runs (each starts its own). */
let gameId = '';
let tokens: string[] = [];
let sunfoldToken = '';

/**
 * The players' policy, the same in the engine and on the server: Alice buys Sunfold until she hides it, Bob buys
 * nothing, and nobody flips anything but what they are asked to.
 */
function policy(state: PoleState, hidden: boolean): { seat: number; action: unknown } {
  const d = pole.pending(state)[0] as { seat: number; kind: string; tile?: number; tiles?: number[] };
  if (d.kind === 'roll') return { seat: d.seat, action: { type: 'roll' } };
  if (d.kind === 'buy')
    return { seat: d.seat, action: { type: d.seat === ALICE && d.tile === SUNFOLD && !hidden ? 'buy' : 'pass' } };
  return { seat: d.seat, action: { type: 'flip', tile: d.tiles![0] } };
}

/** Alice short of cash on the tax while she holds Sunfold: asked to flip it (P7). */
const aliceMustFlip = (s: PoleState): boolean => {
  const d = pole.pending(s)[0] as { seat: number; kind: string } | undefined;
  return d?.kind === 'flip' && d.seat === ALICE && copiesHeld(s.tiles[SUNFOLD]!, ALICE) > 0;
};

/** The first seed whose game, played by `policy`, puts Alice in that spot (the engine alone: same dice as the server). */
function seedForTheManoeuvre(): string {
  const config = { ...OPTIONS, players: 2, onChainHoldings: true };
  for (let i = 0; i < 500; i++) {
    let s = pole.setup(config, `p13-${i}`);
    for (let k = 0; k < 80 && s.phase !== 'over'; k++) {
      if (aliceMustFlip(s)) return `p13-${i}`;
      const { seat, action } = policy(s, false);
      s = pole.apply(s, seat, action).state;
    }
  }
  throw new Error('no seed puts Alice in debt with Sunfold');
}

/** The rest of the game played by `policy` in the engine alone. */
function playOut(state: PoleState): PoleState {
  let s = state;
  while (s.phase !== 'over') {
    const { seat, action } = policy(s, true);
    s = pole.apply(s, seat, action).state;
  }
  return s;
}

const view = async (): Promise<PoleState> => (await suite.env.host.views.snapshot(gameId)).view as PoleState;

async function act(seat: number, action: unknown): Promise<void> {
  const snap = await suite.env.host.views.snapshot(gameId, tokens[seat]);
  await suite.env.host.moves.act(
    gameId,
    { token: tokens[seat]!, seat, seq: snap.seq, action },
    { address: WALLETS[seat]!.address },
  );
}

/** Plays `policy` on the server until `done`. */
async function playUntil(done: (s: PoleState) => boolean, hidden: boolean, maxActions = 200): Promise<void> {
  for (let i = 0; i < maxActions; i++) {
    await settle(suite.env);
    const s = await view();
    if (done(s) || s.phase === 'over') return;
    const { seat, action } = policy(s, hidden);
    await act(seat, action);
  }
  throw new Error(`the game did not get there: ${suite.env.errors.map(String).join(' | ')}`);
}

/** Each wallet's balance of Sunfold's token, read from the contract's storage (the chain's own account of the copies). */
async function sunfoldOnChain(): Promise<Record<string, number>> {
  const fa2 = Fa2Editions.at(suite.chain.toolkit(bank.secretKey), suite.chain.contract.address);
  const out: Record<string, number> = {};
  for (const [name, who] of Object.entries({ alice, bob, friend }))
    out[name] = Number(await fa2.balance(who.address, sunfoldToken));
  return out;
}

/** Plays `policy` on the server until one roll has been played (each roll is read against the chain first). */
async function playOneRoll(): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await settle(suite.env);
    const { seat, action } = policy(await view(), true);
    await act(seat, action);
    if ((action as { type: string }).type === 'roll') return;
  }
  throw new Error('no roll came');
}

/** Sends one Sunfold copy from `from`'s wallet to `to` by a plain FA2 transfer. */
async function send(from: typeof alice, to: string): Promise<void> {
  const fa2 = Fa2Editions.at(suite.chain.toolkit(from.secretKey), suite.chain.contract.address);
  await fa2.send(fa2.transfer([{ from: from.address, txs: [{ to, tokenId: sunfoldToken, amount: 1 }] }]));
}

/** Creates an on-chain game for Alice and Bob, each claiming their seat with their wallet and approving the bank. */
async function startGame(options: typeof OPTIONS, seed: string): Promise<void> {
  const created = await suite.env.host.create(
    {
      game: 'pole',
      mode: 'online',
      options,
      seats: humans('Alice', 'Bob'),
      seed,
      onChain: {},
    },
    { address: alice.address },
  ); // a signed-in creator: the bank pays for the game (server/limits)
  gameId = created.id;
  tokens = [created.invites[0]!.token, created.invites[1]!.token];
  await settle(suite.env);
  // The same path as the play page: claim the seat, ask the server for the approval call, send it from the wallet.
  for (const [seat, who] of WALLETS.entries()) {
    await suite.env.host.chain.claimSeat(gameId, tokens[seat], undefined, { address: who.address });
    const call = await suite.env.host.chain.approvalCall(gameId, tokens[seat], undefined, { address: who.address });
    const op = await suite.chain
      .toolkit(who.secretKey)
      .contract.transfer(call as Parameters<TezosToolkit['contract']['transfer']>[0]);
    await suite.env.host.chain.submitApproval(gameId, tokens[seat], undefined, op.hash, { address: who.address });
  }
  await settle(suite.env);
  const info = await suite.env.host.chain.info(gameId);
  expect(info.ready).toBe(true);
  sunfoldToken = info.pieces.find((p) => p.tile === SUNFOLD)!.tokenId!;
}

const cashOf = (s: PoleState) => s.players.map((p) => p.cash);
const piecesIn = (s: PoleState, seat: number) => piecesOf(s.config.board, s.tiles, seat).map((p) => p.tile);
const systemActions = async () =>
  (await suite.env.host.records.record(gameId)).actions.filter((a) => a.seat === 'system');

/**
 * A game of its own played until Alice, in debt on the tax while she holds Sunfold, must flip it (P7): the whole state
 * then (the view has no PRNG state: the game's record replayed by the engine), and what the honest flip gives.
 */
async function reachTheFlip(): Promise<{ atFlip: PoleState; honest: PoleState }> {
  await startGame(OPTIONS, seedForTheManoeuvre());
  await playUntil(aliceMustFlip, false);
  const atFlip = replayWith(pole, (await suite.env.host.records.record(gameId)) as GameRecord).state as PoleState;
  return { atFlip, honest: pole.apply(atFlip, ALICE, { type: 'flip', tile: SUNFOLD }).state };
}

/** Alice sends her copy to a friend's wallet, then makes the flip P7 asks of her: how it is refused. */
async function hideTheCopy(): Promise<HostError> {
  await send(alice, friend.address);
  // Alice's flip is read against the chain first: the copy is gone, so there is nothing left to flip.
  const e = await hostError(act(ALICE, { type: 'flip', tile: SUNFOLD }));
  await settle(suite.env);
  return e;
}

/** The friend sends the copy back to Alice's wallet, and Bob's roll reads the chain. */
async function returnTheCopy(): Promise<void> {
  await send(friend, alice.address);
  expect(pole.pending(await view())[0]).toMatchObject({ seat: BOB, kind: 'roll' });
  await act(BOB, { type: 'roll' });
  await settle(suite.env);
}

describe('P13 + P7: hiding a copy from the out-of-cash protocol, on the devnet', () => {
  it('sets up an on-chain game where Alice, in debt, must flip her Sunfold copy (P7)', async () => {
    const { atFlip, honest } = await reachTheFlip();
    expect(atFlip.seq).toBe((await view()).seq);
    const d = pole.pending(atFlip)[0];
    expect(d).toEqual({ seat: ALICE, kind: 'flip', owed: 120, cash: 50, tiles: [SUNFOLD] });
    expect(await sunfoldOnChain()).toEqual({ alice: 1, bob: 0, friend: 0 });
    // What the honest flip gives: 100 Tz for the copy, the 120 Tz tax paid, 30 Tz kept.
    expect(cashOf(honest)).toEqual([30, cashOf(atFlip)[BOB]]);
  }, 180_000);

  it('P13 "leaves the game for good": the copy Alice sends to a friend\'s wallet leaves the game at the next read, and the debt settles as P7 says', async () => {
    const { atFlip, honest } = await reachTheFlip();
    const before = (await systemActions()).length;
    const e = await hideTheCopy();
    expect(e.status).toBe(422);
    const reads = await systemActions();
    expect(reads).toHaveLength(before + 1);
    const s = await view();
    // P7 "pays all their cash … and the rest of the debt is cancelled": 50 Tz to the bank, 70 Tz cancelled.
    expect(cashOf(s)).toEqual([0, cashOf(atFlip)[BOB]]);
    expect(piecesIn(s, ALICE)).toEqual([]);
    expect(piecesIn(s, BOB)).toEqual([]);
    expect(s.tiles[SUNFOLD]).toEqual({ holders: [], removed: 0, left: 1 });
    // The log names the copy that left.
    const events = (await suite.env.host.views.snapshot(gameId)).events as PoleEvent[];
    expect(events.filter((x) => x.type === 'copyLeftGame')).toEqual([
      { type: 'copyLeftGame', seat: ALICE, tile: SUNFOLD, copies: 1 },
    ]);
    expect(events.filter((x) => x.type === 'debtCancelled').at(-1)).toEqual({
      type: 'debtCancelled',
      seat: ALICE,
      amount: 70,
    });
    // No better off than the honest flip (30 Tz, no piece).
    expect(cashOf(s)[ALICE]!).toBeLessThanOrEqual(cashOf(honest)[ALICE]!);
  }, 120_000);

  it('P13 "does not come back into play if it is later returned": sent back, it is recorded once and never counted again', async () => {
    await reachTheFlip();
    await hideTheCopy();
    const before = (await systemActions()).length;
    const cashBefore = cashOf(await view());
    // The next roll reads the chain: the copy is back in Alice's wallet, and out of the game.
    await returnTheCopy();
    expect(await sunfoldOnChain()).toEqual({ alice: 1, bob: 0, friend: 0 });
    const reads = await systemActions();
    expect(reads).toHaveLength(before + 1);
    expect(
      (reads.at(-1)!.action as { tiles: { tile: number; holders: number[] }[] }).tiles.find((t) => t.tile === SUNFOLD)!
        .holders,
    ).toEqual([ALICE]);
    let s = await view();
    expect(s.tiles[SUNFOLD]).toMatchObject({ holders: [], left: 1, returned: [ALICE] });
    expect(piecesIn(s, ALICE)).toEqual([]);
    expect(cashOf(s)[ALICE]).toBe(cashBefore[ALICE]);
    // Reads that find the same again record nothing: two more rolls, no new holdings action.
    await playOneRoll();
    await playOneRoll();
    await settle(suite.env);
    expect(await systemActions()).toHaveLength(before + 1);
    s = await view();
    expect(piecesIn(s, ALICE)).toEqual([]);
    expect(s.tiles[SUNFOLD]).toMatchObject({ holders: [], left: 1, returned: [ALICE] });
  }, 180_000);

  it('plays to the end: the returned copy is never flipped, paid or scored, and Alice ends no better off than after the honest flip', async () => {
    const { honest } = await reachTheFlip();
    await hideTheCopy();
    await returnTheCopy();
    await playUntil(() => false, true, 400);
    await settle(suite.env);
    const snap = await suite.env.host.views.snapshot(gameId);
    const s = snap.view as PoleState;
    expect(s.phase).toBe('over');
    const events = snap.events as PoleEvent[];
    const after = events.slice(events.findIndex((x) => x.type === 'copyLeftGame'));
    expect(after.filter((x) => x.type === 'flipped')).toEqual([]);
    expect(after.filter((x) => x.type === 'transfer' && x.reason === 'royalty')).toEqual([]);
    expect(events.filter((x) => x.type === 'valued' && x.seat === ALICE)).toEqual([]);
    expect(events.filter((x) => x.type === 'copyLeftGame')).toHaveLength(1);
    const scores = (events.find((x) => x.type === 'finalScores') as Extract<PoleEvent, { type: 'finalScores' }>).scores;
    // The chain still shows the copy in Alice's wallet; the game does not count it.
    expect(await sunfoldOnChain()).toEqual({ alice: 1, bob: 0, friend: 0 });
    expect(scores.find((x) => x.seat === ALICE)!.pieces).toBe(0);
    // The honest flip, played out the same way by the engine alone, leaves Alice at least as well off.
    const honestEnd = playOut(honest);
    const honestScores = pole.outcome(honestEnd)!.standings;
    expect(scores.find((x) => x.seat === ALICE)!.score).toBeLessThanOrEqual(
      honestScores.find((x) => x.seat === ALICE)!.score,
    );
    expect(suite.env.errors.filter((x) => !(x instanceof HostError))).toEqual([]);
  }, 300_000);
});

describe('P13: a roll whose free copy was minted unseen', () => {
  // 0 Start | 1 Sunfold (edition of 6) | 2–5 a free copy of Sunfold (P11-style gift): most first rolls mint one.
  const GIFTS = {
    ...OPTIONS,
    board: {
      ...BOARD,
      id: 'p13-gifts',
      tiles: [
        BOARD.tiles[0]!,
        { ...BOARD.tiles[1]!, editionSize: 6 },
        ...[2, 3, 4, 5].map((i) => ({
          kind: 'event',
          id: `gift-${i}`,
          name: `Gift ${i}`,
          text: 'A free copy of Sunfold',
          effect: { kind: 'freeCopy', tile: 'sunfold' },
        })),
      ],
    },
  } as unknown as typeof OPTIONS;

  /** A seed whose first roll lands on a gift. */
  function seedForAGift(): string {
    for (let i = 0; i < 200; i++) {
      const s = pole.setup({ ...GIFTS, players: 2, onChainHoldings: true }, `gift-${i}`);
      const { events } = pole.apply(s, s.current, { type: 'roll' });
      if (events.some((e) => e.type === 'freeCopy')) return `gift-${i}`;
    }
    throw new Error('no seed lands on a gift');
  }

  it("P13 copies enter play by the engine's own mints: a free copy whose inclusion went unseen stays in play, and the next read does not take it for one that left", async () => {
    await startGame(GIFTS, seedForAGift());
    const s = await view();
    const seat = s.current;
    suite.relay.injected = null;
    suite.relay.downAfterInjection = true;
    // The roll is taken at once; the bank's queue sends its free copy after.
    await act(seat, { type: 'roll' });
    expect((await view()).tiles[SUNFOLD]).toEqual({ holders: [seat], removed: 0 });
    await expect.poll(() => suite.relay.injected, { timeout: 10_000, interval: 25 }).toMatch(/^o/);
    // The mint is on-chain already, though the server could not see it; the bank's queue looks it up again.
    suite.relay.down = false;
    expect((await sunfoldOnChain())[seat === ALICE ? 'alice' : 'bob']).toBe(1);
    await pollSkippingBackoffs(
      suite.env,
      BACKOFF.max,
      async () => (await suite.env.host.chain.info(gameId)).ops.find((o) => o.kind === 'step')?.status,
    ).toBe('confirmed');
    await settle(suite.env);
    expect((await suite.env.host.chain.info(gameId)).paused).toBeNull();
    expect(await systemActions()).toEqual([]);
    // The next roll's read agrees with the game: nothing to record, nothing left the game.
    await playOneRoll();
    await settle(suite.env);
    expect(await systemActions()).toEqual([]);
    expect(
      ((await suite.env.host.views.snapshot(gameId)).events as PoleEvent[]).filter((x) => x.type === 'copyLeftGame'),
    ).toEqual([]);
    expect((await suite.env.host.chain.info(gameId)).ops.filter((o) => o.kind === 'step').map((o) => o.status)).toEqual(
      ['confirmed'],
    );
  }, 120_000);
});
