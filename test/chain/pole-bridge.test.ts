/**
 * The chain bridge (chain/pole-bridge) against an in-process devnet with its TzKT API, through Taquito 25 and the
 * TzKT client, nothing mocked: the editions contract is originated, the bank plans the game, opens it on-chain and
 * creates its tokens, the players join it (no FA2 operator right), then a scripted 2-player engine game runs the
 * on-chain protocol (engine → ops → bank batch → keep the state only
 * if confirmed): purchases and a free copy mint, flips burn, a forfeit burns and retires, a plain FA2 transfer
 * between the players changes the next holdings action (the new holder gets the royalty), and the final valuation
 * counts exactly what the chain holds. A dead RPC during a purchase is a coded error and changes nothing. Closing
 * the game ends the bank's power over the players' copies.
 * The tests run in order and build on each other's state.
 */
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit, type ContractAbstraction, type ContractProvider, type Extension } from '@taquito/taquito';
import { Tzip12Module, tzip12, type Tzip12ContractAbstraction } from '@taquito/tzip12';
import BigNumber from 'bignumber.js';
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tzktRoutesWith } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { stateHash, type Actor } from '../../engine';
import { seedCommitment } from '../../engine/core/rng';
import { parseBoard, pole, type PoleEvent, type PoleState } from '../../engine/pole';
import {
  BridgeError,
  decodeIndexedMetadata,
  Fa2Editions,
  HoldingsReader,
  isBridgeError,
  PoleBridge,
  readSeedCommit,
  type AppliedOps,
  type ChainOp,
  type TokenPlan,
} from '../../chain';
import { FA2_ERRORS, MAX_GAME_DAYS } from '../../contracts';
import { art, board, event } from '../engine/pole/boards';
import { ofType } from '../engine/pole/reads';
import { rig } from '../engine/pole/states';
import { rejected } from '../engine/thrown';
import { startContentGateway, type ContentGateway } from './content-gateway';
import { indexedMetadata, ipfsHandler } from './offchain-reads';

const adminKey = bootstrapAccount(1);
const bankKey = bootstrapAccount(2);
const aliceKey = bootstrapAccount(3);
const bobKey = bootstrapAccount(4);
const SEATS = [aliceKey.address, bobKey.address];
const ALICE = 0;
const BOB = 1;

const BOARD = parseBoard({
  ...board(
    art('dagger', 100, 3),
    art('solo', 200, 1),
    event('gift', { kind: 'freeCopy', tile: 'pipi' }),
    event('tax', { kind: 'pay', amount: 5000 }),
    art('pipi', 60, 2),
  ),
  id: 'bridge-test',
});
const DAGGER = 1;
const SOLO = 2;
const PIPI = 5;
const ART_TILES = [DAGGER, SOLO, PIPI];
/** The game's secret seed (the server's `row.seed`), committed on-chain when the game opens. */
const SEED = 'bridge';
const COMMITMENT = seedCommitment(SEED);

let devnet: Devnet;
let gateway: ContentGateway;
let kt = '';
let bridge: PoleBridge;
let admin: Fa2Editions;
/** The bridge of a game found opened (and its seed committed) on-chain already. */
let adopted: PoleBridge;
/** The game as the server would keep it: only ever replaced by a confirmed step. */
let state: PoleState;
/** The level of the last confirmed operation: what the next holdings read waits for. */
let lastLevel = 0;

const toolkit = (secretKey: string): TezosToolkit => {
  const tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(secretKey));
  return tz;
};

const bridgeError = (p: Promise<unknown>): Promise<BridgeError> => rejected(p, BridgeError);

/** One action the on-chain way; the kept state advances only when the chain confirmed. */
/**
 * One action the on-chain way, as the server runs it: engine → ops → the bank sends them → the new state, kept only
 * once they are confirmed. Engine refusals and bridge failures propagate with `from` unchanged.
 */
async function stepOnChain(on: PoleBridge, from: PoleState, actor: Actor, action: unknown) {
  const next = pole.apply(from, actor, action);
  const ops = on.chainOpsFor(next.events, SEATS);
  const chain = await on.apply(ops, { seq: next.state.seq });
  return { state: next.state, events: next.events, ops, chain };
}

async function play(
  actor: number | 'system',
  action: unknown,
  ...dice: number[]
): Promise<{ events: PoleEvent[]; ops: ChainOp[] }> {
  const from = dice.length ? rig(state, ...dice) : state;
  const r = await stepOnChain(bridge, from, actor, action);
  state = r.state;
  if (r.chain) lastLevel = r.chain.level;
  return r;
}

/** Each seat's copies of a tile on-chain, read through the TzKT API at or after the last confirmed level. */
async function onChain(tile: number): Promise<{ holders: number[]; elsewhere: number }> {
  const action = await bridge.readHoldingsAction([tile], SEATS, lastLevel);
  const t = action.tiles[0]!;
  return { holders: [...t.holders], elsewhere: t.elsewhere ?? 0 };
}

/**
 * The engine agrees with the chain for every artist tile: each seat's wallet holds its copies in play and those known
 * to be out of the game (P13), and wallets outside the game hold the rest of the copies that left.
 */
async function expectInSync(): Promise<void> {
  for (const tile of ART_TILES) {
    const t = state.tiles[tile]!;
    const returned = t.returned ?? [];
    const engine = {
      tile,
      holders: [...t.holders, ...returned].sort((a, b) => a - b),
      elsewhere: (t.left ?? 0) - returned.length,
    };
    expect({ tile, ...(await onChain(tile)) }).toEqual(engine);
  }
}

/** The entrypoints an operation called, in order. */
async function entrypointsOf(opHash: string, level: number): Promise<(string | undefined)[]> {
  const block = await admin.tezos.rpc.getBlock({ block: String(level) });
  // Contract calls only: the operation may also reveal the bank's key or send tez.
  return block.operations
    .flat()
    .find((o) => o.hash === opHash)!
    .contents.flatMap((c) => {
      const entrypoint = (c as { parameters?: { entrypoint: string } }).parameters?.entrypoint;
      return entrypoint === undefined ? [] : [entrypoint];
    });
}

/** A free local port nobody listens on: an RPC that is down. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  gateway = await startContentGateway();
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutesWith({ metadataGateway: gateway.url }) });
  const { client } = await Fa2Editions.originate(toolkit(adminKey.secretKey), { admin: adminKey.address });
  admin = client;
  kt = client.address;
  bridge = await PoleBridge.create({
    network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
    bank: { secretKey: bankKey.secretKey },
    contract: kt,
    holdings: { timeoutMs: 20_000, pollMs: 50 },
  });
  state = {
    ...pole.setup({ players: 2, onChainHoldings: true, board: BOARD, laps: 2 }, SEED),
    current: ALICE,
    phase: 'roll',
    queue: [],
  };
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
  await gateway?.close();
});

// One game's life through the bridge on one contract: opened, joined, bought, traded, flipped, valued, closed. Each
// test is the next step of that story and starts from the state the last one left (a game's chain cannot be
// rewound), so these keep their order when the suite shuffles.
describe('PoleBridge on a devnet', { shuffle: false }, () => {
  it('keeps the bank key secret: not on the bridge, not in a bad-key error', async () => {
    expect(bridge.bankAddress).toBe(bankKey.address);
    expect(JSON.stringify(bridge)).not.toContain(bankKey.secretKey);
    expect(inspect(bridge, { depth: 5 })).not.toContain(bankKey.secretKey);
    const bad = `${bankKey.secretKey.slice(0, -3)}xyz`;
    const e = await bridgeError(
      PoleBridge.create({
        network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
        bank: { secretKey: bad },
        contract: kt,
      }),
    );
    expect(e.code).toBe('BRIDGE_BAD_KEY');
    expect(`${e.message} ${inspect(e)}`).not.toContain(bad.slice(4, 30));
    expect(
      (
        await bridgeError(
          PoleBridge.create({
            network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
            bank: { secretKey: bankKey.secretKey },
            contract: 'KT1nope',
          }),
        )
      ).code,
    ).toBe('BRIDGE_BAD_INPUT');
  });

  it('opens the game and creates its tokens in one operation once the bank is a minter; metadata reads back through Taquito TZIP-12', async () => {
    const plan = bridge.planTokens(BOARD, 'game-bridge-1');
    expect(plan.tokens.map((t) => [t.tile, t.maxSupply, t.creator])).toEqual([
      [DAGGER, 3, bankKey.address],
      [SOLO, 1, bankKey.address],
      [PIPI, 2, bankKey.address],
    ]);
    // Not a minter yet: the contract refuses, nothing is created and the plan stays as it was.
    const refused = await bridgeError(bridge.createGameTokens(plan, { seedCommitment: COMMITMENT }));
    expect([refused.code, refused.detail.failwith, refused.detail.entrypoint]).toEqual([
      'BRIDGE_REJECTED',
      'NOT_MINTER',
      'open_game',
    ]);
    expect(bridge.plan).toBeNull();
    await expect(admin.gameInfo('game-bridge-1')).rejects.toMatchObject({ code: FA2_ERRORS.gameNotFound });
    expect((await admin.state()).nextTokenId).toBe(0n);

    await admin.send(admin.addMinter(bankKey.address));
    // Another game's token first, so the ids are not simply 0, 1, 2.
    await Fa2Editions.at(toolkit(bankKey.secretKey), kt).send(
      Fa2Editions.at(toolkit(bankKey.secretKey), kt).createTokens([
        { maxSupply: 1, creator: bankKey.address, metadata: plan.tokens[0]!.metadata },
      ]),
    );
    // What the tokens point to is on the app's IPFS node before anything names it on-chain.
    await gateway.hold(bridge.planContent(BOARD, 'game-bridge-1'));
    const created = await bridge.createGameTokens(plan, { seedCommitment: COMMITMENT });
    expect(created.opHash).toMatch(/^o/);
    lastLevel = created.level;
    expect(created.tokenIds).toEqual({ [DAGGER]: '1', [SOLO]: '2', [PIPI]: '3' });
    expect(bridge.plan).toEqual(created.plan);
    expect(created.plan).toMatchObject({
      contract: kt,
      created: { opHash: created.opHash, level: created.level },
      appliedSeq: null,
      game: { id: 'game-bridge-1', closed: null },
    });
    expect(created.operations).toHaveLength(1);
    // The game opened and its seed was committed in the same operation, until the latest end date the contract allows.
    const block = await admin.tezos.rpc.getBlock({ block: String(created.level) });
    expect(await entrypointsOf(created.opHash, created.level)).toEqual([
      'open_game',
      'commit_seed',
      'create_game_tokens',
    ]);
    expect(created.plan.seed).toEqual({
      commitment: COMMITMENT,
      committed: { opHash: created.opHash, level: created.level },
      revealed: null,
    });
    expect(await readSeedCommit(devnet.tzktUrl, kt, 'game-bridge-1')).toEqual({
      commitment: COMMITMENT,
      seed: null,
      finalHash: null,
    });
    const onChain = await admin.gameInfo('game-bridge-1');
    expect(onChain).toEqual({ minter: bankKey.address, ends: new Date(created.plan.game!.ends), closed: false });
    expect(onChain.ends.getTime() - Date.parse(String(block.header.timestamp))).toBeLessThanOrEqual(
      MAX_GAME_DAYS * 86_400_000,
    );
    for (const t of created.plan.tokens) {
      expect(await admin.token(t.tokenId!)).toMatchObject({
        maxSupply: BigInt(t.maxSupply),
        totalSupply: 0n,
        retired: false,
        game: 'game-bridge-1',
      });
      // On-chain, only where the metadata is; at that address, the metadata.
      expect(await admin.tokenMetadataUri(t.tokenId!)).toBe(t.metadataUri);
      const cid = t.metadataUri!.slice('ipfs://'.length);
      expect(await (await fetch(`${gateway.url}/ipfs/${cid}`)).json()).toEqual(t.metadata);
    }
    // Wallets read the same through Taquito's TZIP-12 helper, resolving the ipfs:// URI through a gateway.
    const tz = toolkit(aliceKey.secretKey);
    tz.addExtension(new Tzip12Module(ipfsHandler(gateway.url)) as unknown as Extension);
    const withTzip12 = (await tz.contract.at(
      kt,
      tzip12 as never,
    )) as unknown as ContractAbstraction<ContractProvider> & { tzip12(): Tzip12ContractAbstraction };
    const read = await withTzip12.tzip12().getTokenMetadata(new BigNumber(2) as never);
    expect(read).toMatchObject({
      name: 'Work solo — Artist solo',
      decimals: 0,
      artifactUri: created.plan.tokens[1]!.metadata.artifactUri,
    });
    // Created once: a second time is refused before anything is sent.
    expect((await bridgeError(bridge.createGameTokens(plan))).code).toBe('BRIDGE_ALREADY_CREATED');
    expect((await bridgeError(bridge.createGameTokens(created.plan))).code).toBe('BRIDGE_ALREADY_CREATED');
  });

  it('players join the game on-chain: the bank gets a grant for this game, and no FA2 operator right', async () => {
    for (const key of [aliceKey, bobKey]) {
      const fa2 = Fa2Editions.at(toolkit(key.secretKey), kt);
      expect(await bridge.hasGrant(key.address)).toBe(false);
      const call = bridge.joinCall();
      expect([call.to, call.parameter.entrypoint, call.parameter.value]).toEqual([
        kt,
        'join_game',
        { string: 'game-bridge-1' },
      ]);
      const r = await fa2.send(call);
      lastLevel = Math.max(lastLevel, r.level);
      expect(await bridge.hasGrant(key.address)).toBe(true);
      for (const tile of ART_TILES)
        expect(
          await fa2.isOperator(
            key.address,
            bankKey.address,
            bridge.plan!.tokens.find((t) => t.tile === tile)!.tokenId!,
          ),
        ).toBe(false);
    }
  });

  it('a purchase while the RPC is down is BRIDGE_RPC: the game state, the chain and the plan are unchanged', async () => {
    await play(ALICE, { type: 'roll' }, 1);
    expect(state.phase).toBe('buy');
    const before = stateHash(state);
    const planBefore = bridge.plan;
    const down = await PoleBridge.create({
      network: { rpcUrl: await deadUrl(), tzktUrl: devnet.tzktUrl },
      bank: { secretKey: bankKey.secretKey },
      contract: kt,
      plan: bridge.plan!,
    });
    const e = await bridgeError(stepOnChain(down, state, ALICE, { type: 'buy' }));
    expect(e.code).toBe('BRIDGE_RPC');
    expect(e.message).not.toContain(bankKey.secretKey);
    expect(stateHash(state)).toBe(before);
    expect(down.plan).toEqual(planBefore);
    expect(bridge.plan).toEqual(planBefore);
    expect(await onChain(DAGGER)).toEqual({ holders: [], elsewhere: 0 });
  });

  it('purchases and a free copy (P11) mint to the player: balances visible through TzKT, metadata too', async () => {
    // The protocol by hand: engine, ops, send; the same step sent twice at once goes out once.
    const next = pole.apply(state, ALICE, { type: 'buy' });
    const ops = bridge.chainOpsFor(next.events, SEATS);
    expect(ops).toEqual([
      { kind: 'mint', tile: DAGGER, tokenId: '1', seat: ALICE, to: aliceKey.address, reason: 'bought' },
    ]);
    const [first, second] = await Promise.allSettled([
      bridge.apply(ops, { seq: next.state.seq }),
      bridge.apply(ops, { seq: next.state.seq }),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(second.status === 'rejected' && isBridgeError(second.reason) && second.reason.code).toBe(
      'BRIDGE_ALREADY_APPLIED',
    );
    state = next.state;
    lastLevel = (first as PromiseFulfilledResult<AppliedOps | null>).value!.level;
    expect(await onChain(DAGGER)).toEqual({ holders: [ALICE], elsewhere: 0 });
    const rows = await new HoldingsReader({ tzktUrl: devnet.tzktUrl }).read({
      contract: kt,
      tokenIds: ['1'],
      minLevel: lastLevel,
    });
    expect(rows.holdings.map((h) => [h.owner, h.balance])).toEqual([[aliceKey.address, 1n]]);
    // TzKT fetches the off-chain metadata in the background, as it does on Shadownet.
    expect(decodeIndexedMetadata(await indexedMetadata(devnet.tzktUrl, kt, '1'))).toEqual(
      bridge.plan!.tokens[0]!.metadata,
    );
    // A retry of a confirmed step is refused too: nothing applied twice.
    const dup = await bridgeError(bridge.apply(ops, { seq: next.state.seq }));
    expect([dup.code, dup.detail.seq]).toEqual(['BRIDGE_ALREADY_APPLIED', state.seq]);
    expect(await onChain(DAGGER)).toEqual({ holders: [ALICE], elsewhere: 0 });

    await play(BOB, { type: 'roll' }, 1); // Bob pays Alice the royalty, then may buy
    expect((await play(BOB, { type: 'buy' })).ops.map((o) => o.kind)).toEqual(['mint']);
    await play(ALICE, { type: 'roll' }, 1);
    await play(ALICE, { type: 'buy' });
    const gift = await play(BOB, { type: 'roll' }, 2);
    expect(ofType(gift.events, 'freeCopy')).toHaveLength(1);
    expect(gift.ops).toEqual([
      { kind: 'mint', tile: PIPI, tokenId: '3', seat: BOB, to: bobKey.address, reason: 'freeCopy' },
    ]);
    expect(state.tiles.map((t) => t.holders)).toEqual([[], [ALICE, BOB], [ALICE], [], [], [BOB]]);
    await expectInSync();
    expect(bridge.plan!.appliedSeq).toBe(state.seq);
    // The bank holds no operator right: its plain burn and transfer of a player's copy are refused.
    const bank = Fa2Editions.at(toolkit(bankKey.secretKey), kt);
    await expect(bank.send(bank.burn([{ from: aliceKey.address, tokenId: 1, amount: 1 }]))).rejects.toMatchObject({
      code: FA2_ERRORS.notOperator,
    });
    await expect(
      bank.send(bank.transfer([{ from: aliceKey.address, txs: [{ to: bankKey.address, tokenId: 1, amount: 1 }] }])),
    ).rejects.toMatchObject({ code: FA2_ERRORS.notOperator });
    await expectInSync();
  });

  it('a plain FA2 transfer between the players changes the next holdings action: the new holder gets the royalty', async () => {
    const alice = Fa2Editions.at(toolkit(aliceKey.secretKey), kt);
    const moved = await alice.send(
      alice.transfer([{ from: aliceKey.address, txs: [{ to: bobKey.address, tokenId: 2, amount: 1 }] }]),
    );
    // The engine still thinks Alice holds the 1/1 until the holdings are read at the transfer's level.
    expect(state.tiles[SOLO]!.holders).toEqual([ALICE]);
    const action = await bridge.readHoldingsAction(ART_TILES, SEATS, moved.level);
    lastLevel = moved.level;
    expect(action).toEqual({
      type: 'holdings',
      tiles: [
        { tile: DAGGER, holders: [ALICE, BOB], elsewhere: 0 },
        { tile: SOLO, holders: [BOB], elsewhere: 0 },
        { tile: PIPI, holders: [BOB], elsewhere: 0 },
      ],
    });
    const recorded = await play('system', action);
    expect(recorded.ops).toEqual([]);
    expect(state.tiles[SOLO]!.holders).toEqual([BOB]);
    // Alice goes round (GO bonus) and lands on the 1/1 she sold: she now pays Bob the royalty.
    const landed = await play(ALICE, { type: 'roll' }, 6);
    expect(ofType(landed.events, 'royaltyDue')).toEqual([
      { type: 'royaltyDue', seat: ALICE, tile: SOLO, royalty: 20, owners: [BOB], mode: 'split' },
    ]);
    expect(ofType(landed.events, 'transfer').filter((t) => t.reason === 'royalty')).toEqual([
      { type: 'transfer', from: ALICE, to: BOB, amount: 20, reason: 'royalty', tile: SOLO },
    ]);
    expect(landed.ops).toEqual([]);
  });

  it('out of cash: flips burn the copies (supply freed), the forfeit burns the 1/1 and retires it', async () => {
    const broke = await play(BOB, { type: 'roll' }, 1);
    expect(ofType(broke.events, 'outOfCash')).toHaveLength(1);
    expect(state.phase).toBe('flip');
    const flip1 = await play(BOB, { type: 'flip', tile: DAGGER });
    expect(flip1.ops).toEqual([
      { kind: 'burn', tile: DAGGER, tokenId: '1', seat: BOB, from: bobKey.address, reason: 'flipped' },
    ]);
    expect(await admin.supply(1)).toEqual({ max: 3n, total: 1n });
    const flip2 = await play(BOB, { type: 'flip', tile: PIPI });
    expect(ofType(flip2.events, 'forfeited')).toEqual([{ type: 'forfeited', seat: BOB, tile: SOLO }]);
    expect(flip2.ops.map((o) => [o.kind, o.tile])).toEqual([
      ['burn', PIPI],
      ['burn', SOLO],
      ['retire', SOLO],
    ]);
    expect(await admin.supply(3)).toEqual({ max: 2n, total: 0n });
    expect(await admin.token(2)).toMatchObject({ totalSupply: 0n, retired: true });
    expect(bridge.plan!.tokens.find((t) => t.tile === SOLO)).toMatchObject({ retired: true, retiredCopies: 1 });
    expect(state.tiles[SOLO]).toMatchObject({ holders: [], removed: 1 });
    await expectInSync();
    // The retired 1/1 can never be minted again, even by the bank directly.
    const bank = Fa2Editions.at(toolkit(bankKey.secretKey), kt);
    await expect(bank.send(bank.mint([{ tokenId: 2, to: aliceKey.address, amount: 1 }]))).rejects.toMatchObject({
      code: 'TOKEN_RETIRED',
    });
  });

  it('the final valuation counts exactly the on-chain holdings', async () => {
    const action = await bridge.readHoldingsAction(ART_TILES, SEATS, lastLevel);
    await play('system', action);
    const end = await play(ALICE, { type: 'roll' }, 4, 2, 2, 2);
    expect(state.phase).toBe('over');
    const scores = ofType(end.events, 'finalScores')[0]!.scores;
    const valued = ofType(end.events, 'valued');
    const rows = (
      await new HoldingsReader({ tzktUrl: devnet.tzktUrl }).read({
        contract: kt,
        tokenIds: bridge.plan!.tokens.map((t) => t.tokenId!),
        minLevel: lastLevel,
      })
    ).holdings;
    const tileOf = new Map(bridge.plan!.tokens.map((t) => [BigInt(t.tokenId!), t.tile]));
    for (const [seat, address] of SEATS.entries()) {
      const held = rows.filter((h) => h.owner === address);
      const copies = held.reduce((n, h) => n + Number(h.balance), 0);
      expect(scores.find((s) => s.seat === seat)!.pieces).toBe(copies);
      expect(valued.filter((v) => v.seat === seat).map((v) => v.tile)).toEqual(
        held.flatMap((h) => Array.from({ length: Number(h.balance) }, () => tileOf.get(h.tokenId)!)),
      );
    }
    expect(valued.map((v) => [v.seat, v.tile])).toEqual([[ALICE, DAGGER]]);
  });

  it('bad input is refused before anything is sent', async () => {
    const plan: TokenPlan = bridge.plan!;
    expect(
      (await bridgeError(bridge.readHoldingsAction([DAGGER], [aliceKey.address, aliceKey.address], lastLevel))).code,
    ).toBe('BRIDGE_BAD_INPUT');
    expect((await bridgeError(bridge.readHoldingsAction([DAGGER], SEATS, -1))).code).toBe('BRIDGE_BAD_INPUT');
    expect(
      (
        await bridgeError(
          bridge.apply([
            { kind: 'mint', tile: DAGGER, tokenId: '99', seat: 0, to: aliceKey.address, reason: 'bought' },
          ]),
        )
      ).code,
    ).toBe('BRIDGE_BAD_INPUT');
    expect(
      (
        await bridgeError(
          bridge.apply([{ kind: 'mint', tile: SOLO, tokenId: '2', seat: 0, to: aliceKey.address, reason: 'bought' }]),
        )
      ).code,
    ).toBe('BRIDGE_SUPPLY_RETIRED');
    expect(bridge.plan).toEqual(plan);
    const slowIndexer = await PoleBridge.create({
      network: { rpcUrl: devnet.rpcUrl, tzktUrl: await deadUrl() },
      bank: { secretKey: bankKey.secretKey },
      contract: kt,
      plan,
      holdings: { timeoutMs: 300, pollMs: 50 },
    });
    expect((await bridgeError(slowIndexer.readHoldingsAction([DAGGER], SEATS, lastLevel))).code).toBe('BRIDGE_INDEXER');
  });

  it('an edition copy retired by forfeit is recorded in the plan (the contract cannot lower a max supply) and never minted again', async () => {
    const pipi = bridge.plan!.tokens.find((t) => t.tile === PIPI)!;
    const mint = (seat: number): ChainOp => ({
      kind: 'mint',
      tile: PIPI,
      tokenId: pipi.tokenId!,
      seat,
      to: SEATS[seat]!,
      reason: 'bought',
    });
    const minted = await bridge.apply([mint(ALICE)]);
    expect(await admin.supply(pipi.tokenId!)).toEqual({ max: 2n, total: 1n });
    const forfeit = bridge.chainOpsFor([{ type: 'forfeited', seat: ALICE, tile: PIPI }], SEATS);
    expect(forfeit.map((o) => o.kind)).toEqual(['burn', 'retireCopy']);
    const retired = await bridge.apply(forfeit);
    expect(retired!.level).toBeGreaterThan(minted!.level);
    expect(bridge.plan!.tokens.find((t) => t.tile === PIPI)).toMatchObject({ retiredCopies: 1, retired: false });
    expect(await admin.token(pipi.tokenId!)).toMatchObject({ totalSupply: 0n, retired: false });
    // One copy is left in play: two mints are refused before sending, one goes through.
    const e = await bridgeError(bridge.apply([mint(ALICE), mint(BOB)]));
    expect([e.code, e.detail.tile]).toEqual(['BRIDGE_SUPPLY_RETIRED', PIPI]);
    expect(await admin.supply(pipi.tokenId!)).toEqual({ max: 2n, total: 0n });
    await bridge.apply([mint(BOB)]);
    expect((await bridgeError(bridge.apply([mint(ALICE)]))).code).toBe('BRIDGE_SUPPLY_RETIRED');
    expect(await admin.supply(pipi.tokenId!)).toEqual({ max: 2n, total: 1n });
  });

  it('creates the tokens of a plan made before metadata moved off-chain, whose metadata exceeds one operation (32,768 bytes), in several create_tokens operations', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `big-${i}`);
    const large = parseBoard({ ...board(...ids.map((id) => art(id, 100, 2))), id: 'large-board' });
    const big = await PoleBridge.create({
      network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
      bank: { secretKey: bankKey.secretKey },
      contract: kt,
    });
    const planned = big.planTokens(large, 'game-large');
    // Stored before: no metadataUri, the whole metadata goes on-chain (about 900 bytes a token here).
    const legacy: TokenPlan = { ...planned, tokens: planned.tokens.map(({ metadataUri: _, ...t }) => t) };
    const before = (await admin.state()).nextTokenId;
    const created = await big.createGameTokens(legacy);
    expect(created.operations.length).toBeGreaterThan(1);
    expect(created.plan.game).toMatchObject({ id: 'game-large', closed: null });
    expect(await admin.token(created.plan.tokens[39]!.tokenId!)).toMatchObject({ game: 'game-large' });
    const tokenIds = created.plan.tokens.map((t) => BigInt(t.tokenId!));
    expect(tokenIds).toEqual(Array.from({ length: 40 }, (_, i) => before + BigInt(i)));
    expect((await admin.state()).nextTokenId).toBe(before + 40n);
    expect(await admin.tokenMetadata(created.plan.tokens[39]!.tokenId!)).toEqual(planned.tokens[39]!.metadata);
  });

  it('a game found open already (an earlier try went unrecorded) is taken as it is; another minter’s game id is refused', async () => {
    const bank = Fa2Editions.at(toolkit(bankKey.secretKey), kt);
    const head = Date.parse((await admin.tezos.rpc.getBlockHeader()).timestamp);
    const ends = new Date(head + 86_400_000);
    const opened = await bank.send(
      bank.openGame('game-adopted', ends),
      bank.commitSeed('game-adopted', seedCommitment('adopted')),
    );
    const adopter = await PoleBridge.create({
      network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
      bank: { secretKey: bankKey.secretKey },
      contract: kt,
    });
    // Another commitment than the one on-chain is refused before anything is sent.
    const recommit = await bridgeError(
      adopter.createGameTokens(adopter.planTokens(BOARD, 'game-adopted'), { seedCommitment: COMMITMENT }),
    );
    expect([recommit.code, recommit.detail.failwith]).toEqual(['BRIDGE_REJECTED', 'SEED_COMMITTED']);
    const created = await adopter.createGameTokens(adopter.planTokens(BOARD, 'game-adopted'), {
      seedCommitment: seedCommitment('adopted'),
    });
    expect(created.plan.game).toEqual({ id: 'game-adopted', ends: ends.toISOString(), closed: null });
    // Committed already: not committed twice.
    expect(await entrypointsOf(created.opHash, created.level)).toEqual(['create_game_tokens']);
    expect(created.plan.seed).toEqual({
      commitment: seedCommitment('adopted'),
      committed: { opHash: null, level: expect.any(Number) as unknown },
      revealed: null,
    });
    expect(created.plan.seed!.committed.level).toBeGreaterThanOrEqual(opened.level);
    adopted = adopter;
    await admin.send(admin.addMinter(adminKey.address), admin.openGame('game-of-the-admin', ends));
    const other = await PoleBridge.create({
      network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
      bank: { secretKey: bankKey.secretKey },
      contract: kt,
    });
    const refused = await bridgeError(other.createGameTokens(other.planTokens(BOARD, 'game-of-the-admin')));
    expect([refused.code, refused.detail.failwith]).toEqual(['BRIDGE_REJECTED', 'GAME_EXISTS']);
    expect(other.plan).toBeNull();
  });

  it('closing the game ends the bank’s power: its burns are refused, the players keep their copies; closing is done once', async () => {
    const held = await onChain(DAGGER);
    expect(held.holders).toContain(ALICE);
    const finalHash = stateHash(state);
    const closed = await bridge.closeGame({ reveal: { seed: SEED, finalHash } });
    expect(closed).toMatchObject({
      opHash: expect.stringMatching(/^o/) as unknown,
      revealError: null,
      plan: { game: { id: 'game-bridge-1', closed: { opHash: closed!.opHash, level: closed!.level } } },
    });
    // The seed and the final state hash were revealed in the operation that closed the game, checked by the contract.
    expect(await entrypointsOf(closed!.opHash!, closed!.level)).toEqual(['close_game', 'reveal_seed']);
    expect(closed!.revealed).toEqual({ opHash: closed!.opHash, level: closed!.level });
    expect(closed!.plan.seed).toEqual({
      commitment: COMMITMENT,
      committed: bridge.plan!.seed!.committed,
      revealed: closed!.revealed,
    });
    expect(await readSeedCommit(devnet.tzktUrl, kt, 'game-bridge-1')).toEqual({
      commitment: COMMITMENT,
      seed: SEED,
      finalHash,
    });
    expect(bridge.plan).toEqual(closed!.plan);
    lastLevel = closed!.level;
    expect(await admin.gameInfo('game-bridge-1')).toMatchObject({ closed: true });
    for (const key of [aliceKey, bobKey]) expect(await bridge.hasGrant(key.address)).toBe(false);
    const dagger = bridge.plan!.tokens.find((t) => t.tile === DAGGER)!.tokenId!;
    const burn: ChainOp = {
      kind: 'burn',
      tile: DAGGER,
      tokenId: dagger,
      seat: ALICE,
      from: aliceKey.address,
      reason: 'flipped',
    };
    const refused = await bridgeError(bridge.apply([burn]));
    expect([refused.code, refused.detail.failwith, refused.detail.entrypoint]).toEqual([
      'BRIDGE_REJECTED',
      FA2_ERRORS.gameClosed,
      'game_burn',
    ]);
    const bank = Fa2Editions.at(toolkit(bankKey.secretKey), kt);
    await expect(bank.send(bank.burn([{ from: aliceKey.address, tokenId: dagger, amount: 1 }]))).rejects.toMatchObject({
      code: FA2_ERRORS.notOperator,
    });
    expect(await onChain(DAGGER)).toEqual(held);
    // Once: the recorded closing sends nothing; a bridge on the stored plan of before finds it closed on-chain.
    expect(await bridge.closeGame({ reveal: { seed: SEED, finalHash } })).toEqual({ ...closed, costMutez: 0 });
    expect(closed!.costMutez).toBeGreaterThan(0);
    const stale = await PoleBridge.create({
      network: { rpcUrl: devnet.rpcUrl, tzktUrl: devnet.tzktUrl },
      bank: { secretKey: bankKey.secretKey },
      contract: kt,
      plan: { ...closed!.plan, game: { ...closed!.plan.game!, closed: null } },
    });
    expect(await stale.closeGame()).toMatchObject({ opHash: null, plan: { game: { closed: { opHash: null } } } });
    // A player cannot join a closed game either.
    const carol = Fa2Editions.at(toolkit(bootstrapAccount(5).secretKey), kt);
    await expect(carol.send(bridge.joinCall())).rejects.toMatchObject({ code: FA2_ERRORS.gameClosed });
  });

  it('a seed that does not match its commitment is not revealed, the game closes all the same; a game found closed but not revealed reveals', async () => {
    const finalHash = 'ef'.repeat(32);
    const wrong = await adopted.closeGame({ reveal: { seed: 'not adopted', finalHash } });
    expect(wrong).toMatchObject({
      opHash: expect.stringMatching(/^o/) as unknown,
      revealed: null,
      revealError: expect.stringContaining('does not match') as unknown,
    });
    expect(await entrypointsOf(wrong!.opHash!, wrong!.level)).toEqual(['close_game']);
    expect(await readSeedCommit(devnet.tzktUrl, kt, 'game-adopted')).toMatchObject({ seed: null });
    const revealed = await adopted.closeGame({ reveal: { seed: 'adopted', finalHash } });
    expect(revealed).toMatchObject({
      opHash: wrong!.opHash,
      revealError: null,
      plan: { seed: { revealed: revealed!.revealed } },
    });
    expect(await entrypointsOf(revealed!.revealed!.opHash!, revealed!.revealed!.level)).toEqual(['reveal_seed']);
    expect(await readSeedCommit(devnet.tzktUrl, kt, 'game-adopted')).toEqual({
      commitment: seedCommitment('adopted'),
      seed: 'adopted',
      finalHash,
    });
  });
});
