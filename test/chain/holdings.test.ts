/**
 * The holdings reader against a real devnet with its TzKT API: an FA2 contract originated and minted through
 * Taquito 25 + InMemorySigner, balances read through `@tzkt/sdk-api` with read-after-write on the op's level.
 * Nothing is mocked.
 */
import { InMemorySigner } from '@taquito/signer';
import { MichelsonMap, TezosToolkit, type BigMapAbstraction } from '@taquito/taquito';
import { Parser } from '@taquito/michel-codec';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../chain/clock';
import { tzktRoutes } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { FA2_MULTI } from '../../devnet/indexer/sample-contracts';
import { IndexerError } from '../../chain/errors';
import { rejected } from '../engine/thrown';
import { HoldingsReader, readHoldings } from '../../chain/indexer';
import { resolveNetwork, type Network } from '../../chain/networks';
import {
  decodeIndexedMetadata,
  decodeTokenInfo,
  tileTokenMetadata,
  tokenInfoMap,
  type TokenMetadata,
} from '../../chain/token-metadata';

const alice = bootstrapAccount(1);
const bob = bootstrapAccount(2).address;
const carol = bootstrapAccount(3).address;
const dave = bootstrapAccount(4).address;

let devnet: Devnet;
let network: Network;
let tz: TezosToolkit;
let kt = '';
let mintLevel = 0;
const parser = new Parser();
const value = (src: string) => parser.parseMichelineExpression(src.startsWith('{') ? src : `(${src})`)!;

const tile = (title: string, editionSize: number): TokenMetadata =>
  tileTokenMetadata({
    title,
    artist: 'Hokusai',
    creators: [dave],
    listPrice: 100,
    multiplier: 2,
    editionSize,
    gameId: 'holdings-test',
    artifact: { uri: `https://example.org/${encodeURIComponent(title)}.png`, mimeType: 'image/png' },
  });
const WAVE = tile('The Great Wave', 1);
const FUJI = tile('Red Fuji', 3);

/** A new FA2 contract with the two tiles' tokens, nobody holding any yet. */
async function originateTiles(): Promise<string> {
  // Storage as Taquito values: the token_info maps are the client's own `tokenInfoMap`.
  const tokenMetadata = new MichelsonMap<number, { token_id: number; token_info: MichelsonMap<string, string> }>();
  tokenMetadata.set(0, { token_id: 0, token_info: tokenInfoMap(WAVE) });
  tokenMetadata.set(1, { token_id: 1, token_info: tokenInfoMap(FUJI) });
  const orig = await tz.contract.originate({
    code: FA2_MULTI,
    storage: { ledger: new MichelsonMap(), token_metadata: tokenMetadata },
  });
  await orig.confirmation();
  return orig.contractAddress!;
}

/** Mints in `contract`; the level of its block. */
async function mint(contract: string, to: string, tokenId: number, amount: number): Promise<number> {
  const op = await tz.contract.transfer({
    to: contract,
    amount: 0,
    parameter: { entrypoint: 'mint', value: value(`Pair "${to}" (Pair ${tokenId} ${amount})`) },
  });
  return op.confirmation();
}

/** Waits until the reader pauses on `clock` (a retry's pause, a wait for the next head), then moves the clock `ms` on. */
async function skip(clock: ManualClock, ms: number): Promise<void> {
  await expect.poll(() => clock.pending, { timeout: 5000, interval: 5 }).toBeGreaterThan(0);
  clock.advance(ms);
}

const failure = (p: Promise<unknown>): Promise<IndexerError> => rejected(p, IndexerError);

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
  network = resolveNetwork({ rpc: devnet.rpcUrl });
  tz = new TezosToolkit(network.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(alice.secretKey));
  // The holdings every read below finds; a test that changes holdings does so in a contract of its own.
  kt = await originateTiles();
  const batch = await tz.contract
    .batch()
    .withTransfer({ to: kt, amount: 0, parameter: { entrypoint: 'mint', value: value(`Pair "${bob}" (Pair 0 1)`) } })
    .withTransfer({ to: kt, amount: 0, parameter: { entrypoint: 'mint', value: value(`Pair "${bob}" (Pair 1 1)`) } })
    .withTransfer({ to: kt, amount: 0, parameter: { entrypoint: 'mint', value: value(`Pair "${carol}" (Pair 1 2)`) } })
    .send();
  mintLevel = await batch.confirmation();
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('holdings from the TzKT API', () => {
  it('reads the balances minted at a level, once the indexer has reached it', async () => {
    const r = await readHoldings(network, { contract: kt, minLevel: mintLevel });
    expect(r.level).toBeGreaterThanOrEqual(mintLevel);
    expect(r.holdings.map((h) => [h.tokenId, h.owner, h.balance])).toEqual([
      [0n, bob, 1n],
      [1n, bob, 1n],
      [1n, carol, 2n],
    ]);
    expect(r.holdings.every((h) => h.lastLevel === mintLevel)).toBe(true);
  });

  it('filters by token ids and by several owners at once (comma-joined `in`, which TzKT reads whole)', async () => {
    const reader = new HoldingsReader({ tzktUrl: network.tzktUrl });
    const fuji = await reader.read({ contract: kt, tokenIds: [1n], minLevel: mintLevel });
    expect(fuji.holdings.map((h) => [h.owner, h.balance])).toEqual([
      [bob, 1n],
      [carol, 2n],
    ]);
    const both = await reader.read({ contract: kt, owners: [carol, bob], tokenIds: ['0', 1], minLevel: mintLevel });
    expect(both.holdings).toHaveLength(3);
    const nobody = await reader.read({ contract: kt, owners: [dave] });
    expect(nobody.holdings).toEqual([]);
    expect((await reader.read({ contract: kt, tokenIds: [] })).holdings).toEqual([]);
  });

  it('pages through every row (cursor on id)', async () => {
    const r = await new HoldingsReader({ tzktUrl: network.tzktUrl, pageSize: 1 }).read({ contract: kt });
    expect(r.holdings.map((h) => h.balance)).toEqual([1n, 1n, 2n]);
  });

  it('the token metadata the indexer shows is the metadata the client wrote, and so is the storage Taquito reads', async () => {
    const r = await readHoldings(network, { contract: kt, tokenIds: [0, 1], owners: [bob] });
    expect(r.holdings.map((h) => decodeIndexedMetadata(h.metadata))).toEqual([WAVE, FUJI]);
    const storage = await (await tz.contract.at(kt)).storage<{ token_metadata: BigMapAbstraction }>();
    const entry = await storage.token_metadata.get<{ token_info: MichelsonMap<string, string> }>(0);
    expect(decodeTokenInfo(entry!.token_info)).toEqual(WAVE);
  });

  it('waits for an operation that is not indexed yet (read-after-write)', async () => {
    const own = await originateTiles();
    // On a clock that does not move, the read wakes only when the hub announces the new head.
    const clock = new ManualClock();
    const reader = new HoldingsReader({ tzktUrl: network.tzktUrl, pollMs: 50, timeoutMs: 20_000, clock });
    const head = await reader.headLevel();
    // Ask for the next level before it exists; the mint that creates it lands while the read is waiting.
    const pending = reader.read({ contract: own, owners: [dave], minLevel: head + 1 });
    await expect.poll(() => clock.pending, { timeout: 5000, interval: 5 }).toBeGreaterThan(0);
    const level = await mint(own, dave, 1, 1);
    expect(level).toBe(head + 1);
    const r = await pending;
    expect(r.level).toBeGreaterThanOrEqual(head + 1);
    expect(r.holdings.map((h) => [h.tokenId, h.balance])).toEqual([[1n, 1n]]);
  });

  it('lists emptied balances only when asked', async () => {
    const own = await originateTiles();
    await mint(own, bob, 0, 1);
    const fujiLevel = await mint(own, bob, 1, 1);
    const burnLevel = await tz.contract
      .transfer({ to: own, amount: 0, parameter: { entrypoint: 'burn', value: value(`Pair "${bob}" (Pair 0 1)`) } })
      .then((op) => op.confirmation());
    const reader = new HoldingsReader({ tzktUrl: network.tzktUrl });
    expect(
      (await reader.read({ contract: own, owners: [bob], minLevel: burnLevel })).holdings.map((h) => h.tokenId),
    ).toEqual([1n]);
    const all = await reader.read({ contract: own, owners: [bob], minLevel: burnLevel, includeZero: true });
    expect(all.holdings.map((h) => [h.tokenId, h.balance, h.lastLevel])).toEqual([
      [0n, 0n, burnLevel],
      [1n, 1n, fujiLevel],
    ]);
  });
});

describe('holdings errors', () => {
  it('a level the chain never reaches times out with INDEXER_TIMEOUT and the last head seen', async () => {
    const clock = new ManualClock();
    const reader = new HoldingsReader({ tzktUrl: network.tzktUrl, pollMs: 20, timeoutMs: 2000, clock });
    const head = await reader.headLevel();
    const read = failure(reader.read({ contract: kt, minLevel: head + 1000 }));
    // The read waits for the next head; the deadline passes meanwhile.
    await skip(clock, 2000);
    const e = await read;
    expect(e.code).toBe('INDEXER_TIMEOUT');
    expect(e.detail).toMatchObject({ level: head, minLevel: head + 1000 });
  });

  it('an indexer nobody listens on is INDEXER_UNREACHABLE (after retrying until the deadline)', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const clock = new ManualClock();
    const read = failure(
      new HoldingsReader({ tzktUrl: `http://127.0.0.1:${port}`, pollMs: 200, timeoutMs: 300, clock }).read({
        contract: kt,
      }),
    );
    // Refused, tried again after the pause, refused again: no time is left for another try.
    await skip(clock, 200);
    const e = await read;
    expect(e.code).toBe('INDEXER_UNREACHABLE');
    expect(e.detail.url).toBe(`http://127.0.0.1:${port}`);
  });

  it('an indexer that hangs is INDEXER_TIMEOUT (each request has its own limit)', async () => {
    const server = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const clock = new ManualClock();
      const read = failure(
        new HoldingsReader({ tzktUrl: url, pollMs: 20, requestTimeoutMs: 100, timeoutMs: 400, clock }).headLevel(),
      );
      // The first request is cut after its 100 ms (real time: an I/O deadline); the deadline passes during the pause.
      await skip(clock, 400);
      const e = await read;
      expect(e.code).toBe('INDEXER_TIMEOUT');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('retries transient 503s until the indexer answers', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls += 1;
      if (calls <= 2) res.writeHead(503).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ level: 42, synced: true }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const clock = new ManualClock();
      const waiting = new HoldingsReader({ tzktUrl: url, pollMs: 10, timeoutMs: 5000, clock }).waitForLevel(40);
      // Two 503s, each followed by a pause.
      await skip(clock, 10);
      await skip(clock, 10);
      expect(await waiting).toBe(42);
      expect(calls).toBe(3);
      // Still failing at the deadline: a timeout that says what kept failing.
      calls = -1_000;
      const read = failure(new HoldingsReader({ tzktUrl: url, pollMs: 10, timeoutMs: 2000, clock }).headLevel());
      await skip(clock, 2000);
      const e = await read;
      expect(e.code).toBe('INDEXER_TIMEOUT');
      expect(e.message).toContain('HTTP 503');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('an answer that is not TzKT JSON fails at once with INDEXER_HTTP', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls += 1;
      res.writeHead(200, { 'content-type': 'application/json' }).end('<html>captive portal</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(
        (await failure(new HoldingsReader({ tzktUrl: url, pollMs: 10, timeoutMs: 10_000 }).headLevel())).code,
      ).toBe('INDEXER_HTTP');
      // At once: one request, no retry.
      expect(calls).toBe(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('an HTTP error that retrying cannot fix fails at once with INDEXER_HTTP and its status', async () => {
    // A retrying reader would end in INDEXER_TIMEOUT at its deadline instead.
    const e = await failure(
      new HoldingsReader({ tzktUrl: `${devnet.rpcUrl}/not-tzkt`, timeoutMs: 10_000 }).read({ contract: kt }),
    );
    expect(e.code).toBe('INDEXER_HTTP');
    expect(e.detail.status).toBe(404);
  });

  it('bad input is INDEXER_BAD_INPUT before any request', async () => {
    const reader = new HoldingsReader({ tzktUrl: network.tzktUrl });
    expect((await failure(reader.read({ contract: bob }))).code).toBe('INDEXER_BAD_INPUT');
    expect((await failure(reader.read({ contract: kt, owners: ['tz1nope'] }))).code).toBe('INDEXER_BAD_INPUT');
    expect((await failure(reader.read({ contract: kt, tokenIds: [-1] }))).code).toBe('INDEXER_BAD_INPUT');
    expect((await failure(reader.read({ contract: kt, minLevel: 1.5 }))).code).toBe('INDEXER_BAD_INPUT');
    expect(() => new HoldingsReader({ tzktUrl: 'ftp://x' })).toThrow(IndexerError);
    expect(() => new HoldingsReader({ tzktUrl: network.tzktUrl, pageSize: 20_000 })).toThrow(/pageSize/);
  });
});
