/**
 * The holdings reader's read-after-write wait wakes on TzKT's hub (chain/indexer/events.ts) instead of
 * polling the head: under an indexer lag, a read with `minLevel` returns as soon as the indexer has the block, long
 * before the next poll would have come; with the socket refused (a TzKT API without a hub) it falls back to polling.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemorySigner } from '@taquito/signer';
import { MichelsonMap, TezosToolkit } from '@taquito/taquito';
import { Parser } from '@taquito/michel-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tzktRoutes } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { FA2_MULTI } from '../../devnet/indexer/sample-contracts';
import { headFeed, HoldingsReader } from '../../chain/indexer';

const LAG_SECONDS = 0.5;
/** A poll this slow would make any wait that relies on it take longer than the test allows. */
const SLOW_POLL_MS = 8_000;
const alice = bootstrapAccount(1);
// Each test mints to its own holder, so neither depends on what the other minted.
const bob = bootstrapAccount(2).address;
const carol = bootstrapAccount(3).address;

let devnet: Devnet;
let tz: TezosToolkit;
let kt = '';
let withoutHub: Server;
let withoutHubUrl = '';
const parser = new Parser();

const mint = async (to: string, amount: number): Promise<number> => {
  const op = await tz.contract.transfer({
    to: kt,
    amount: 0,
    parameter: { entrypoint: 'mint', value: parser.parseMichelineExpression(`(Pair "${to}" (Pair 0 ${amount}))`)! },
  });
  return op.confirmation();
};

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes, indexerLag: LAG_SECONDS });
  tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(alice.secretKey));
  const orig = await tz.contract.originate({
    code: FA2_MULTI,
    storage: { ledger: new MichelsonMap(), token_metadata: new MichelsonMap() },
  });
  kt = orig.contractAddress!;
  await orig.confirmation();
  // The devnet's TzKT REST API behind a proxy that has no hub (404 for /v1/ws), as a TzKT with websockets disabled.
  const target = new URL(devnet.tzktUrl);
  withoutHub = createServer((req, res) => {
    if ((req.url ?? '').startsWith('/v1/ws')) return void res.writeHead(404).end();
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${req.url ?? ''}`,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => withoutHub.listen(0, '127.0.0.1', resolve));
  withoutHubUrl = `http://127.0.0.1:${(withoutHub.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  withoutHub?.closeAllConnections();
  await new Promise<void>((resolve) => (withoutHub ? withoutHub.close(() => resolve()) : resolve()));
  await devnet?.stop();
});

describe('holdings waits on the hub', () => {
  it('a read with minLevel returns when the hub announces the block, not at the next poll', async () => {
    const reader = new HoldingsReader({ tzktUrl: devnet.tzktUrl, pollMs: SLOW_POLL_MS });
    // Open the socket first: the wait under test is the one a game's next read makes, on a connection already up.
    await reader.waitForLevel(0);
    const feed = headFeed(devnet.tzktUrl);
    const stopFollowing = feed.follow({});
    try {
      await expect.poll(() => feed.live, { timeout: 5_000 }).toBe(true);
      const minted = await mint(bob, 2);
      const started = Date.now();
      const read = await reader.read({ contract: kt, minLevel: minted });
      const waited = Date.now() - started;
      expect(read.level).toBeGreaterThanOrEqual(minted);
      expect(read.holdings.filter((h) => h.owner === bob).map((h) => h.balance)).toEqual([2n]);
      // The lag, plus a little: nowhere near the 8 s poll.
      expect(waited).toBeLessThan(SLOW_POLL_MS / 2);
    } finally {
      stopFollowing();
    }
  }, 30_000);

  it('polls the head when the TzKT API has no hub, and still waits for the block', async () => {
    const reader = new HoldingsReader({ tzktUrl: withoutHubUrl, pollMs: 100, timeoutMs: 10_000 });
    const minted = await mint(carol, 1);
    const read = await reader.read({ contract: kt, minLevel: minted });
    expect(read.level).toBeGreaterThanOrEqual(minted);
    expect(read.holdings.filter((h) => h.owner === carol).map((h) => h.balance)).toEqual([1n]);
    expect(headFeed(withoutHubUrl).live).toBe(false);
  }, 30_000);
});
