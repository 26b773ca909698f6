/**
 * The editions client (chain/fa2-editions.ts) against an ephemeral devnet with its TzKT API, through Taquito 25 and
 * InMemorySigner, nothing mocked: originate, create tokens with tile metadata, mint, operator approval, burn by an
 * operator, a multi-call batch, retire, views, rejections as coded Fa2Errors, then holdings at the op's level.
 * One devnet and one contract; the tests run in order and build on each other's state.
 */
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FA2_ERRORS } from '../../contracts';
import { tzktRoutes } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { Fa2Error } from '../../chain/errors';
import { rejected } from '../engine/thrown';
import { Fa2Editions, type SendResult } from '../../chain/fa2-editions';
import { HoldingsReader, readSeedCommit } from '../../chain/indexer';
import { seedCommitment } from '../../engine/core/rng';
import type { TokenMetadata } from '../../chain/token-metadata';
import { BRIDGE_TITLE, hiroshigeTile, PLUM_TITLE } from './hiroshige';

interface Who {
  readonly address: string;
  /** The client with this account as signer. */
  readonly fa2: Fa2Editions;
}

let devnet: Devnet;
let kt = '';
let origination: SendResult;
let admin: Who, bank: Who, alice: Who, bob: Who, mallory: Who;
const artist = bootstrapAccount(6).address;

const tile = (title: string, editionSize: number): TokenMetadata =>
  hiroshigeTile(title, editionSize, {
    creator: artist,
    gameId: 'fa2-client-test',
    image: `https://example.org/${encodeURIComponent(title)}.png`,
  });
const BRIDGE = tile(BRIDGE_TITLE, 1);
const PLUM = tile(PLUM_TITLE, 5);

const toolkit = (secretKey: string): TezosToolkit => {
  const tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(secretKey));
  return tz;
};

/** The Fa2Error a promise rejects with (anything else fails the test). */
const rejection = (p: Promise<unknown>): Promise<Fa2Error> => rejected(p, Fa2Error);

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
  const adminKey = bootstrapAccount(1);
  const { client, opHash, level } = await Fa2Editions.originate(toolkit(adminKey.secretKey), {
    admin: adminKey.address,
  });
  kt = client.address;
  origination = { opHash, level };
  const who = (i: number): Who => {
    const a = bootstrapAccount(i);
    return { address: a.address, fa2: i === 1 ? client : Fa2Editions.at(toolkit(a.secretKey), kt) };
  };
  [admin, bank, alice, bob, mallory] = [1, 2, 3, 4, 5].map(who) as [Who, Who, Who, Who, Who];
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

// The client's story on one contract: originated, given a minter and tokens, minted, approved, batched, retired,
// handed to a new admin. Each test starts from the ledger the last one left, so they keep their order.
describe('Fa2Editions client', { shuffle: false }, () => {
  it('originates the contract with the admin, no tokens, minting open; at() reads the same contract', async () => {
    expect(kt).toMatch(/^KT1/);
    expect(origination.opHash).toMatch(/^o/);
    expect(origination.level).toBeGreaterThan(0);
    expect(await bob.fa2.state()).toEqual({
      admin: admin.address,
      adminCandidate: null,
      paused: false,
      nextTokenId: 0n,
    });
    expect(() => Fa2Editions.at(bob.fa2.tezos, bob.address)).toThrow(Fa2Error);
  });

  it('the admin adds the bank as minter; the bank creates tile tokens whose on-chain metadata decodes back', async () => {
    await admin.fa2.send(admin.fa2.addMinter(bank.address));
    expect(await alice.fa2.isMinter(bank.address)).toBe(true);
    expect(await alice.fa2.isMinter(alice.address)).toBe(false);
    const r = await bank.fa2.send(
      bank.fa2.createTokens([
        { maxSupply: 1, creator: artist, metadata: BRIDGE },
        { maxSupply: 5, creator: artist, metadata: PLUM },
      ]),
    );
    expect(r.level).toBeGreaterThan(origination.level);
    expect((await bank.fa2.state()).nextTokenId).toBe(2n);
    expect(await bank.fa2.tokenMetadata(0)).toEqual(BRIDGE);
    expect(await bank.fa2.tokenMetadata(1)).toEqual(PLUM);
    expect(await bank.fa2.tokenMetadata(2)).toBeUndefined();
    expect(await bank.fa2.token(1)).toEqual({
      tokenId: 1n,
      maxSupply: 5n,
      totalSupply: 0n,
      creator: artist,
      retired: false,
      game: null,
    });
  });

  it('mint: one call with several mints; ledger, supply and views agree', async () => {
    await bank.fa2.send(
      bank.fa2.mint([
        { tokenId: 0, to: alice.address, amount: 1 },
        { tokenId: 1, to: alice.address, amount: 3 },
        { tokenId: 1n, to: bob.address, amount: '1' },
      ]),
    );
    expect([
      await alice.fa2.balance(alice.address, 0),
      await alice.fa2.balance(alice.address, 1),
      await alice.fa2.balance(bob.address, 1),
    ]).toEqual([1n, 3n, 1n]);
    expect(await alice.fa2.balance(mallory.address, 1)).toBe(0n);
    expect(await alice.fa2.supply(1)).toEqual({ max: 5n, total: 4n });
    expect(await alice.fa2.getBalance(alice.address, 1)).toBe(3n);
    expect(await alice.fa2.getTotalSupply(1)).toBe(4n);
    expect(await alice.fa2.getMaxSupply(0)).toBe(1n);
  });

  it('approve makes the bank an operator of the signer for the game token ids; the bank burns for the owner', async () => {
    await alice.fa2.approve(bank.address, [0, 1]);
    expect(await bob.fa2.isOperator(alice.address, bank.address, 0)).toBe(true);
    expect(await bob.fa2.isOperator(alice.address, bank.address, 1)).toBe(true);
    expect(await bob.fa2.isOperator(bob.address, bank.address, 1)).toBe(false);
    await bank.fa2.send(bank.fa2.burn([{ from: alice.address, tokenId: 1, amount: 1 }]));
    expect(await bob.fa2.balance(alice.address, 1)).toBe(2n);
    expect(await bob.fa2.supply(1)).toEqual({ max: 5n, total: 3n });
  });

  it('send batches several calls into one operation, applied together; revoke removes the approval', async () => {
    const f = alice.fa2;
    const r = await f.send(
      f.transfer([{ from: alice.address, txs: [{ to: bob.address, tokenId: 1, amount: 1 }] }]),
      f.transfer([
        {
          from: alice.address,
          txs: [
            { to: bob.address, tokenId: 0, amount: 1 },
            { to: mallory.address, tokenId: 1, amount: 1 },
          ],
        },
      ]),
      f.revokeOperator(alice.address, bank.address, [0, 1]),
    );
    const block = await f.tezos.rpc.getBlockHeader({ block: String(r.level) });
    expect(block.level).toBe(r.level);
    const ops = await f.tezos.rpc.getBlock({ block: String(r.level) });
    expect(ops.operations.flat().map((o) => o.hash)).toContain(r.opHash);
    expect([
      await f.balance(alice.address, 0),
      await f.balance(alice.address, 1),
      await f.balance(bob.address, 0),
      await f.balance(bob.address, 1),
      await f.balance(mallory.address, 1),
    ]).toEqual([0n, 0n, 1n, 2n, 1n]);
    expect(await f.isOperator(alice.address, bank.address, 1)).toBe(false);
    // revoke() is the signer's own shortcut; revoking what is not granted is a no-op for FA2.
    await f.revoke(bank.address, [1]);
  });

  it('retire ends minting; minting it again is Fa2Error TOKEN_RETIRED, naming the entrypoint, with nothing changed', async () => {
    await bank.fa2.send(bank.fa2.retire([0]));
    expect(await bank.fa2.isRetired(0)).toBe(true);
    expect(await bank.fa2.isRetired(1)).toBe(false);
    const e = await rejection(bank.fa2.send(bank.fa2.mint([{ tokenId: 0, to: bob.address, amount: 1 }])));
    expect(e.code).toBe(FA2_ERRORS.tokenRetired);
    expect(e.detail).toMatchObject({ contract: kt, entrypoint: 'mint', failwith: 'TOKEN_RETIRED' });
    expect(await bank.fa2.token(0)).toEqual({
      tokenId: 0n,
      maxSupply: 1n,
      totalSupply: 1n,
      creator: artist,
      retired: true,
      game: null,
    });
  });

  it('rejections map to Fa2Error codes: the failing call of a batch is named, and the whole batch is undone', async () => {
    const f = bob.fa2;
    // Bob's approval and own transfer are fine, the third call moves Mallory's token without rights: the batch fails as one.
    const e = await rejection(
      f.send(
        f.approveOperator(bob.address, alice.address, [1]),
        f.transfer([{ from: bob.address, txs: [{ to: alice.address, tokenId: 1, amount: 1 }] }]),
        f.transfer([{ from: mallory.address, txs: [{ to: bob.address, tokenId: 1, amount: 1 }] }]),
      ),
    );
    expect(e.code).toBe(FA2_ERRORS.notOperator);
    expect(e.detail.entrypoint).toBe('transfer');
    expect(await f.balance(bob.address, 1)).toBe(2n);
    expect(await f.isOperator(bob.address, alice.address, 1)).toBe(false);
    // The failing call is found by position: here the first.
    const first = await rejection(
      f.send(
        f.burn([{ from: mallory.address, tokenId: 1, amount: 1 }]),
        f.approveOperator(bob.address, alice.address, [1]),
      ),
    );
    expect([first.code, first.detail.entrypoint]).toEqual([FA2_ERRORS.notOperator, 'burn']);
    expect((await rejection(f.send(f.mint([{ tokenId: 1, to: bob.address, amount: 1 }])))).code).toBe(
      FA2_ERRORS.notMinter,
    );
    expect(
      (
        await rejection(
          f.send(f.updateOperators([{ kind: 'add', owner: alice.address, operator: bob.address, tokenId: 1 }])),
        )
      ).code,
    ).toBe(FA2_ERRORS.notOwner);
    expect((await rejection(bank.fa2.send(bank.fa2.mint([{ tokenId: 1, to: bob.address, amount: 3 }])))).code).toBe(
      FA2_ERRORS.maxSupplyExceeded,
    );
  });

  it('a view on an unknown token is Fa2Error FA2_TOKEN_UNDEFINED naming the view; bad arguments fail before sending', async () => {
    const e = await rejection(alice.fa2.getTotalSupply(9));
    expect([e.code, e.detail.view]).toEqual([FA2_ERRORS.tokenUndefined, 'get_total_supply']);
    expect((await rejection(alice.fa2.supply(9))).code).toBe(FA2_ERRORS.tokenUndefined);
    for (const build of [
      () => alice.fa2.mint([{ tokenId: 0, to: bob.address, amount: -1 }]),
      () => alice.fa2.retire([1.5]),
      () => alice.fa2.addMinter('tz1nope'),
    ]) {
      let caught: unknown;
      try {
        build();
      } catch (err) {
        caught = err;
      }
      expect(caught).toBeInstanceOf(Fa2Error);
      expect((caught as Fa2Error).code).toBe('FA2_BAD_INPUT');
    }
    expect((await rejection(alice.fa2.send())).code).toBe('FA2_BAD_INPUT');
  });

  it('balance_of sends the balances, in request order, to a callback contract', async () => {
    const op = await bob.fa2.tezos.contract.originate({
      code: 'parameter (list (pair (pair address nat) nat)); storage (list (pair (pair address nat) nat)); code { CAR; NIL operation; PAIR }',
      init: '{}',
    });
    await op.confirmation();
    const consumer = op.contractAddress!;
    await bob.fa2.send(
      bob.fa2.balanceOf(
        [
          { owner: bob.address, tokenId: 1 },
          { owner: alice.address, tokenId: 0 },
        ],
        consumer,
      ),
    );
    // Taquito flattens the nested pairs of each response to {0: owner, 1: token_id, 2: balance}.
    const got = await (await bob.fa2.tezos.contract.at(consumer)).storage<{ 0: string; 1: object; 2: object }[]>();
    expect(got.map((r) => [r[0], r[1].toString(), r[2].toString()])).toEqual([
      [bob.address, '1', '2'],
      [alice.address, '0', '0'],
    ]);
    expect(() => bob.fa2.balanceOf([], 'KT1nope')).toThrow(Fa2Error);
  });

  it('admin calls: two-step admin transfer, pause, TZIP-16 metadata entries, minter removal', async () => {
    expect((await rejection(bob.fa2.send(bob.fa2.acceptAdmin()))).code).toBe(FA2_ERRORS.noAdminCandidate);
    await admin.fa2.send(admin.fa2.transferAdmin(bob.address));
    expect((await admin.fa2.state()).adminCandidate).toBe(bob.address);
    expect((await rejection(mallory.fa2.send(mallory.fa2.acceptAdmin()))).code).toBe(FA2_ERRORS.notAdminCandidate);
    await bob.fa2.send(bob.fa2.acceptAdmin());
    expect(await admin.fa2.state()).toMatchObject({ admin: bob.address, adminCandidate: null });
    expect((await rejection(admin.fa2.send(admin.fa2.setPaused(true)))).code).toBe(FA2_ERRORS.notAdmin);

    await bob.fa2.send(bob.fa2.setPaused(true));
    expect((await bob.fa2.state()).paused).toBe(true);
    const paused = await rejection(
      bank.fa2.send(bank.fa2.createTokens([{ maxSupply: 1, creator: artist, metadata: BRIDGE }])),
    );
    expect([paused.code, paused.detail.entrypoint]).toEqual([FA2_ERRORS.mintPaused, 'create_tokens']);
    await bob.fa2.send(bob.fa2.setPaused(false), bob.fa2.setMetadata('extra', 'tezos-storage:contents'));
    expect((await bob.fa2.state()).paused).toBe(false);
    const storage = await (
      await bob.fa2.tezos.contract.at(kt)
    ).storage<{ metadata: { get(k: string): Promise<string | undefined> } }>();
    expect(Buffer.from((await storage.metadata.get('extra'))!, 'hex').toString()).toBe('tezos-storage:contents');
    await bob.fa2.send(
      bob.fa2.setMetadata('extra', null),
      bob.fa2.addMinter(mallory.address),
      bob.fa2.removeMinter(mallory.address),
    );
    expect(await storage.metadata.get('extra')).toBeUndefined();
    expect(await bob.fa2.isMinter(mallory.address)).toBe(false);
    expect(await bob.fa2.isMinter(bank.address)).toBe(true);
  });

  it('the holdings reader sees every balance as of the last operation, with the tile metadata', async () => {
    const r = await alice.fa2.send(alice.fa2.approveOperator(alice.address, bank.address, [1]));
    const h = await new HoldingsReader({ tzktUrl: devnet.tzktUrl }).read({ contract: kt, minLevel: r.level });
    expect(h.level).toBeGreaterThanOrEqual(r.level);
    expect(h.holdings.map((x) => [x.tokenId, x.owner, x.balance])).toEqual(
      [
        [0n, bob.address, 1n],
        [1n, bob.address, 2n],
        [1n, mallory.address, 1n],
      ].sort((a, b) => (a[0] !== b[0] ? Number(a[0]) - Number(b[0]) : String(a[1]) < String(b[1]) ? -1 : 1)),
    );
  });

  it('games: open, create the game’s tokens, join, game_burn while open, then close ends the bank’s power', async () => {
    const head = new Date((await bank.fa2.tezos.rpc.getBlockHeader()).timestamp);
    const ends = new Date(head.getTime() + 7 * 86_400_000);
    const first = Number((await bank.fa2.state()).nextTokenId);
    await bank.fa2.send(
      bank.fa2.openGame('client-game', ends),
      bank.fa2.createGameTokens('client-game', [{ maxSupply: 5, creator: artist, metadata: PLUM }]),
    );
    expect(await alice.fa2.gameInfo('client-game')).toEqual({ minter: bank.address, ends, closed: false });
    expect((await alice.fa2.token(first))?.game).toBe('client-game');
    await bank.fa2.send(bank.fa2.mint([{ tokenId: first, to: alice.address, amount: 2 }]));
    expect(await bank.fa2.gameGrant('client-game', alice.address)).toBe(false);
    const refused = await rejection(
      bank.fa2.send(bank.fa2.gameBurn('client-game', [{ from: alice.address, tokenId: first, amount: 1 }])),
    );
    expect([refused.code, refused.detail.entrypoint]).toEqual([FA2_ERRORS.noGameGrant, 'game_burn']);
    await alice.fa2.send(alice.fa2.joinGame('client-game'));
    expect(await bank.fa2.gameGrant('client-game', alice.address)).toBe(true);
    await bank.fa2.send(bank.fa2.gameBurn('client-game', [{ from: alice.address, tokenId: first, amount: 1 }]));
    expect(await alice.fa2.balance(alice.address, first)).toBe(1n);
    // No operator right: the bank's plain burn and transfer are refused.
    expect(
      (await rejection(bank.fa2.send(bank.fa2.burn([{ from: alice.address, tokenId: first, amount: 1 }])))).code,
    ).toBe(FA2_ERRORS.notOperator);
    expect(
      (
        await rejection(
          bank.fa2.send(
            bank.fa2.transfer([{ from: alice.address, txs: [{ to: bank.address, tokenId: first, amount: 1 }] }]),
          ),
        )
      ).code,
    ).toBe(FA2_ERRORS.notOperator);

    await bank.fa2.send(bank.fa2.closeGame('client-game'));
    expect(await alice.fa2.gameInfo('client-game')).toEqual({ minter: bank.address, ends, closed: true });
    expect(await bank.fa2.gameGrant('client-game', alice.address)).toBe(false);
    const closed = await rejection(
      bank.fa2.send(bank.fa2.gameBurn('client-game', [{ from: alice.address, tokenId: first, amount: 1 }])),
    );
    expect([closed.code, closed.detail.entrypoint]).toEqual([FA2_ERRORS.gameClosed, 'game_burn']);
    expect(await alice.fa2.balance(alice.address, first)).toBe(1n);
    const unknown = await rejection(alice.fa2.gameInfo('no-such-game'));
    expect([unknown.code, unknown.detail.view]).toEqual([FA2_ERRORS.gameNotFound, 'game_info']);
    expect(
      (await rejection(bank.fa2.send(bank.fa2.openGame('too-long', new Date(head.getTime() + 31 * 86_400_000))))).code,
    ).toBe(FA2_ERRORS.gameTooLong);
    for (const build of [
      () => bank.fa2.joinGame(''),
      () => bank.fa2.joinGame('naïve'),
      () => bank.fa2.openGame('g', new Date(NaN)),
      () => bank.fa2.openGame('g', new Date(1.5)),
    ]) {
      expect(build).toThrow(Fa2Error);
    }
  });

  it('seeds: commitSeed with open_game, revealSeed with close_game (the seed as its UTF-8 bytes), read back from the node and TzKT', async () => {
    const head = new Date((await bank.fa2.tezos.rpc.getBlockHeader()).timestamp);
    const seed = 'graine à révéler';
    const finalHash = '0f'.repeat(32);
    await bank.fa2.send(
      bank.fa2.openGame('seeded', new Date(head.getTime() + 86_400_000)),
      bank.fa2.commitSeed('seeded', seedCommitment(seed).toUpperCase()),
    );
    expect(await alice.fa2.seedCommit('seeded')).toEqual({
      commitment: seedCommitment(seed),
      seed: null,
      finalHash: null,
    });
    expect(await alice.fa2.seedCommit('client-game')).toBeNull();
    const wrong = await rejection(
      bank.fa2.send(bank.fa2.closeGame('seeded'), bank.fa2.revealSeed('seeded', 'another seed', finalHash)),
    );
    expect([wrong.code, wrong.detail.entrypoint]).toEqual([FA2_ERRORS.badSeedReveal, 'reveal_seed']);
    // The batch is atomic: the game is still open.
    expect((await alice.fa2.gameInfo('seeded')).closed).toBe(false);
    const { level } = await bank.fa2.send(bank.fa2.closeGame('seeded'), bank.fa2.revealSeed('seeded', seed, finalHash));
    expect(await alice.fa2.seedCommit('seeded')).toEqual({ commitment: seedCommitment(seed), seed, finalHash });
    await new HoldingsReader({ tzktUrl: devnet.tzktUrl }).read({
      contract: kt,
      owners: [alice.address],
      minLevel: level,
    });
    expect(await readSeedCommit(devnet.tzktUrl, kt, 'seeded')).toEqual({
      commitment: seedCommitment(seed),
      seed,
      finalHash,
    });
    for (const build of [
      () => bank.fa2.commitSeed('seeded', 'ab'.repeat(31)),
      () => bank.fa2.commitSeed('seeded', 'zz'.repeat(32)),
      () => bank.fa2.revealSeed('seeded', seed, 'ab'),
    ]) {
      expect(build).toThrow(Fa2Error);
    }
  });
});
