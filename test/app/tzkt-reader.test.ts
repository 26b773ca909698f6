/**
 * The collector/explorer reader (chain/indexer/reads.ts) against a real in-process devnet with its TzKT API: the
 * editions contract originated and its tokens created, minted, transferred and burnt through the chain layer's
 * Fa2Editions client (Taquito + InMemorySigner). What the reader returns must be what the chain holds.
 */
import { TezosToolkit } from '@taquito/taquito';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount, type Devnet } from '../../devnet/node';
import { Fa2Editions, type SendResult } from '../../chain/fa2-editions';
import { tileTokenMetadata, type TokenMetadata } from '../../chain/token-metadata';
import { BRIDGE_TITLE, hiroshigeTile, PLUM_TITLE } from '../chain/hiroshige';
import type { IndexerErrorCode } from '../../chain/errors';
import {
  account,
  block,
  collectionOf,
  editionLabel,
  holdersOf,
  imageUrl,
  operation,
  tokenDetail,
} from '../../chain/indexer';
import { devnetWithContract } from '../../scripts/lib/devnet-contract';

let devnet: Devnet;
let kt = '';
const admin = bootstrapAccount(1);
const aliceKey = bootstrapAccount(3);
const bobKey = bootstrapAccount(4);
const alice = aliceKey.address;
const bob = bobKey.address;
const carol = bootstrapAccount(5).address;
const artist = bootstrapAccount(6).address;
let bank: Fa2Editions;
const ops: Record<'create' | 'mint' | 'transfer' | 'burn', SendResult> = {} as never;

/** A tile token as the Pole bridge writes it: named by its title, with the board's tile id as an attribute. */
const tile = (title: string, tileId: string, editionSize: number, image: string): TokenMetadata => {
  const base = hiroshigeTile(title, editionSize, { creator: artist, gameId: 'reader-test', image, royaltyBps: 750 });
  return { ...base, name: title, attributes: [{ name: 'Tile', value: tileId, type: 'string' }, ...base.attributes] };
};
const BRIDGE = tile(BRIDGE_TITLE, 'hiroshige-bridge', 1, 'ipfs://bafybridge/image.png');
const PLUM = tile(PLUM_TITLE, 'hiroshige-plum', 5, 'https://example.org/plum.png');
/** A token named the tileTokenMetadata way, "Title — Artist". */
const MOON = tileTokenMetadata({
  title: 'Moon Pine',
  artist: 'Hiroshige',
  creators: [artist],
  listPrice: 100,
  multiplier: 2,
  editionSize: 3,
  gameId: 'reader-test',
  artifact: { uri: 'https://example.org/moon.png', mimeType: 'image/png' },
});

let toolkit: (secretKey: string) => TezosToolkit;

/** What a read the reader refuses rejects with: an IndexerError with `code`, and `message` (or a matcher) if given. */
const indexerError = (code: IndexerErrorCode, message?: unknown) => ({
  name: 'IndexerError',
  code,
  ...(message === undefined ? {} : { message }),
});

beforeAll(async () => {
  // The admin mints here as the game's bank does: it is the contract's minter too.
  ({ devnet, toolkit, contract: bank } = await devnetWithContract({ admin }));
  kt = bank.address;
  ops.create = await bank.send(
    bank.createTokens([
      { maxSupply: 1, creator: artist, metadata: BRIDGE },
      { maxSupply: 5, creator: artist, metadata: PLUM },
      { maxSupply: 3, creator: artist, metadata: MOON },
    ]),
  );
  ops.mint = await bank.send(
    bank.mint([
      { tokenId: 0, to: alice, amount: 1 },
      { tokenId: 1, to: alice, amount: 3 },
      { tokenId: 1, to: bob, amount: 1 },
    ]),
  );
  const aliceFa2 = Fa2Editions.at(toolkit(aliceKey.secretKey), kt);
  ops.transfer = await aliceFa2.send(aliceFa2.transfer([{ from: alice, txs: [{ to: bob, tokenId: 1, amount: 2 }] }]));
  const bobFa2 = Fa2Editions.at(toolkit(bobKey.secretKey), kt);
  ops.burn = await bobFa2.send(bobFa2.burn([{ from: bob, tokenId: 1, amount: 1 }]));
  await bank.send(bank.mint([{ tokenId: 2, to: carol, amount: 2 }]));
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('collectionOf', () => {
  it("lists the address's tokens with metadata, artwork and x/y edition from the contract", async () => {
    const c = await collectionOf(devnet.tzktUrl, alice, kt);
    expect(c.address).toBe(alice);
    expect(c.items.map((i) => [i.token.tokenId, i.token.title, i.balance, i.token.edition])).toEqual([
      ['0', 'Sudden Shower over Shin-Ōhashi', '1', '1/1'],
      ['1', 'Plum Park in Kameido', '1', '3/5'],
    ]);
    const [bridge, plum] = c.items.map((i) => i.token);
    expect(bridge).toMatchObject({
      tileId: 'hiroshige-bridge',
      image: '/ipfs/bafybridge/image.png',
      creators: [artist],
      royalties: [{ address: artist, percent: 7.5 }],
      facts: { listPrice: 200, multiplier: 3, editionSize: 1, gameId: 'reader-test' },
      supply: '1',
      maxSupply: '1',
      retired: false,
      metadataProblem: null,
    });
    expect(plum).toMatchObject({ supply: '3', maxSupply: '5', image: 'https://example.org/plum.png', artist: null });
    // x/y agrees with the contract's own record.
    expect(await bank.supply(1)).toEqual({ max: 5n, total: 3n });
  });

  it('reads "Title — Artist" names as title and artist; an address with nothing gets an empty collection', async () => {
    expect((await collectionOf(devnet.tzktUrl, bob, kt)).items.map((i) => [i.token.tokenId, i.balance])).toEqual([
      ['1', '2'],
    ]);
    const [moon] = (await collectionOf(devnet.tzktUrl, carol, kt)).items;
    expect(moon!.token).toMatchObject({ title: 'Moon Pine', artist: 'Hiroshige', edition: '2/3' });
    expect((await collectionOf(devnet.tzktUrl, artist, kt)).items).toEqual([]);
  });
});

describe('tokenDetail', () => {
  it('shows owners and the mint, transfer and burn with the hashes of the operations that made them', async () => {
    const d = await tokenDetail(devnet.tzktUrl, kt, '1');
    expect(d.token.edition).toBe('3/5');
    expect([d.totalMinted, d.totalBurned]).toEqual(['4', '1']);
    expect(d.owners).toEqual([
      { address: bob, balance: '2' },
      { address: alice, balance: '1' },
    ]);
    expect(d.history.map((h) => [h.kind, h.from, h.to, h.amount, h.level, h.opHash])).toEqual([
      ['mint', null, alice, '3', ops.mint.level, ops.mint.opHash],
      ['mint', null, bob, '1', ops.mint.level, ops.mint.opHash],
      ['transfer', alice, bob, '2', ops.transfer.level, ops.transfer.opHash],
      ['burn', bob, null, '1', ops.burn.level, ops.burn.opHash],
    ]);
  });

  it('refuses a bad contract or token id before asking, and says when no such token is indexed', async () => {
    await expect(tokenDetail(devnet.tzktUrl, 'KT1nope', '1')).rejects.toMatchObject(indexerError('BAD_CONTRACT'));
    await expect(tokenDetail(devnet.tzktUrl, kt, '-1')).rejects.toMatchObject(indexerError('BAD_TOKEN_ID'));
    await expect(tokenDetail(devnet.tzktUrl, kt, '99')).rejects.toMatchObject(
      indexerError('NOT_FOUND', expect.stringContaining('no token 99')),
    );
  });
});

describe('explorer reads', () => {
  it('operation: the transfer as sent, with sender, target, entrypoint, parameters, fee, gas', async () => {
    const g = await operation(devnet.tzktUrl, ops.transfer.opHash);
    expect(g).toMatchObject({ hash: ops.transfer.opHash, level: ops.transfer.level, status: 'applied' });
    expect(g.contents).toHaveLength(1);
    expect(g.contents[0]).toMatchObject({
      type: 'transaction',
      internal: false,
      sender: alice,
      target: kt,
      entrypoint: 'transfer',
      status: 'applied',
    });
    expect(JSON.stringify(g.contents[0]!.parameters)).toContain(bob);
    expect(g.contents[0]!.fee).toBeGreaterThan(0);
    expect(g.contents[0]!.gasUsed).toBeGreaterThan(0);
  });

  it("block: the node's block at a level, with the operations it included", async () => {
    const b = await block(devnet.tzktUrl, String(ops.mint.level));
    expect(b.hash).toBe((await toolkit(admin.secretKey).rpc.getBlockHeader({ block: String(ops.mint.level) })).hash);
    expect(b.operations.map((o) => [o.hash, o.entrypoint])).toEqual([[ops.mint.opHash, 'mint']]);
    expect(b.fees).toBe(b.operations[0]!.fee);
    await expect(block(devnet.tzktUrl, '99999')).rejects.toMatchObject(indexerError('NOT_FOUND'));
    await expect(block(devnet.tzktUrl, 'tip')).rejects.toMatchObject(indexerError('BAD_LEVEL'));
  });

  it('account: tez balance and the tokens held; a bad address or hash is refused', async () => {
    const a = await account(devnet.tzktUrl, bob);
    expect(a.type).toBe('user');
    expect(BigInt(a.balance)).toBe(BigInt((await toolkit(admin.secretKey).tz.getBalance(bob)).toString()));
    expect(a.tokens).toEqual([{ contract: kt, tokenId: '1', name: 'Plum Park in Kameido', balance: '2' }]);
    await expect(account(devnet.tzktUrl, 'tz1notanaddress')).rejects.toMatchObject(indexerError('BAD_ADDRESS'));
    await expect(operation(devnet.tzktUrl, 'oops')).rejects.toMatchObject(indexerError('BAD_OPERATION_HASH'));
  });

  it("holdersOf: a game's tokens with their holders and x/y", async () => {
    const h = await holdersOf(devnet.tzktUrl, kt, ['0', '1', '2']);
    expect([...h].map(([id, v]) => [id, v.edition, v.owners.map((o) => `${o.address}:${o.balance}`)])).toEqual([
      ['0', '1/1', [`${alice}:1`]],
      ['1', '3/5', [`${alice}:1`, `${bob}:2`]],
      ['2', '2/3', [`${carol}:2`]],
    ]);
  });
});

describe('when the indexer is down', () => {
  it('says the indexer did not answer, with its address, instead of failing with a stack trace', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const down = `http://127.0.0.1:${port}/tzkt`;
    await expect(collectionOf(down, alice, kt)).rejects.toMatchObject(
      indexerError('INDEXER_UNREACHABLE', `The indexer at ${down} did not answer: is it running?`),
    );
  });
});

describe('helpers', () => {
  it("imageUrl loads http(s), data: and ipfs:// (through the app's own gateway), and nothing else", () => {
    expect(imageUrl('ipfs://bafy/x.png')).toBe('/ipfs/bafy/x.png');
    expect(imageUrl('https://a.example/x.png')).toBe('https://a.example/x.png');
    expect(imageUrl('data:image/svg+xml;base64,AA==')).toBe('data:image/svg+xml;base64,AA==');
    expect(imageUrl('ar://abc')).toBeNull();
    expect(imageUrl('javascript:alert(1)')).toBeNull();
  });

  it('editionLabel: 1/1 for a one-of-one, x/y otherwise', () => {
    expect(editionLabel('0', '1')).toBe('1/1');
    expect(editionLabel('3', '5')).toBe('3/5');
    expect(editionLabel('3', null)).toBe('3');
  });
});
