/**
 * TzKT's real-time API on the devnet (devnet/indexer/hub.ts, signalr.ts), through `@microsoft/signalr` unchanged —
 * the client TzKT's Events API documents and `@tzkt/sdk-events` wraps — with the editions contract driven by real
 * Taquito: a mint seen as a token transfer from nobody within its block, head, blocks, operations, balances and
 * accounts messages, TzKT's state messages and hub errors, the indexer lag respected, a page of another origin
 * refused, and a client that reconnects after the devnet restarts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Fa2Editions } from '../../../chain/fa2-editions';
import { tileTokenMetadata } from '../../../chain/token-metadata';
import { tzktRoutes } from '../../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../../devnet/node';

interface Message {
  readonly type: number;
  readonly state: number;
  readonly data?: unknown;
}

/** Every message a connection receives on a channel, and a way to wait for the next one that matches. */
class Channel {
  readonly messages: Message[] = [];
  private readonly waiters: { match: (m: Message) => boolean; resolve: (m: Message) => void }[] = [];

  constructor(connection: HubConnection, name: string) {
    connection.on(name, (m: Message) => {
      this.messages.push(m);
      for (const w of [...this.waiters]) {
        if (!w.match(m)) continue;
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
    });
  }

  next(match: (m: Message) => boolean = () => true, timeoutMs = 10_000): Promise<Message> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching message in ${timeoutMs} ms (got ${JSON.stringify(this.messages)})`)),
        timeoutMs,
      );
      this.waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }
}

const connections: HubConnection[] = [];
const connect = async (
  tzktUrl: string,
  configure: (b: HubConnectionBuilder) => HubConnectionBuilder = (b) => b,
): Promise<HubConnection> => {
  const c = configure(new HubConnectionBuilder().withUrl(`${tzktUrl}/v1/ws`).configureLogging(LogLevel.None)).build();
  connections.push(c);
  await c.start();
  return c;
};

const toolkit = (rpcUrl: string, secretKey: string): TezosToolkit => {
  const tz = new TezosToolkit(rpcUrl);
  tz.setSignerProvider(new InMemorySigner(secretKey));
  return tz;
};

const admin = bootstrapAccount(1);
const holder = bootstrapAccount(3).address;
const other = bootstrapAccount(4).address;
const META = tileTokenMetadata({
  title: 'Evening Snow at Kanbara',
  artist: 'Hiroshige',
  creators: [bootstrapAccount(6).address],
  listPrice: 200,
  multiplier: 3,
  editionSize: 10,
  gameId: 'events-test',
  artifact: { uri: 'https://example.org/kanbara.png', mimeType: 'image/png' },
});

/** An editions contract whose admin mints, with token 0 created (nothing minted yet). */
async function editions(rpcUrl: string): Promise<Fa2Editions> {
  const tezos = toolkit(rpcUrl, admin.secretKey);
  const { client } = await Fa2Editions.originate(tezos, { admin: admin.address });
  await client.send(client.addMinter(admin.address));
  await client.send(client.createTokens([{ maxSupply: 10, creator: admin.address, metadata: META }]));
  return client;
}

afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.stop()));
});

describe('the hub on a devnet without lag', () => {
  let devnet: Devnet;
  let fa2: Fa2Editions;

  beforeAll(async () => {
    devnet = await startDevnet({ ephemeral: true, port: 0, blockTime: 0, tzkt: tzktRoutes });
    fa2 = await editions(devnet.rpcUrl);
  }, 120_000);

  afterAll(async () => {
    await devnet?.stop();
  });

  it('a mint through Taquito arrives as a token transfer from nobody to the holder, in the mint’s own block', async () => {
    const c = await connect(devnet.tzktUrl);
    const transfers = new Channel(c, 'transfers');
    const level = await c.invoke<number>('SubscribeToTokenTransfers', { contract: fa2.address });
    expect(level).toBe((await devnet.chain.headBlock()).level);
    expect(await transfers.next()).toEqual({ type: 0, state: level });

    const mint = await fa2.send(fa2.mint([{ tokenId: 0, to: holder, amount: 2 }]));
    expect(mint.level).toBe(level + 1);
    const message = await transfers.next((m) => m.type === 1);
    expect(message.state).toBe(mint.level);
    const [transfer, ...more] = message.data as {
      level: number;
      from?: unknown;
      to: { address: string };
      amount: string;
      token: { contract: { address: string }; tokenId: string };
    }[];
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({
      level: mint.level,
      to: { address: holder },
      amount: '2',
      token: { contract: { address: fa2.address }, tokenId: '0' },
    });
    expect(transfer!.from).toBeUndefined();
    // The same object the REST API lists.
    const rest = (await (await fetch(`${devnet.tzktUrl}/v1/tokens/transfers?level=${mint.level}`)).json()) as unknown[];
    expect(rest).toEqual(message.data);
  });

  it('filters as TzKT does: by account (from or to), by contract and token id; nothing for an unrelated subscription', async () => {
    // The copy the holder sends on, minted before anyone subscribes.
    await fa2.send(fa2.mint([{ tokenId: 0, to: holder, amount: 1 }]));
    const c = await connect(devnet.tzktUrl);
    const transfers = new Channel(c, 'transfers');
    await c.invoke('SubscribeToTokenTransfers', { account: other });
    await c.invoke('SubscribeToTokenTransfers', { contract: fa2.address, tokenId: '7' });
    const forHolder = await connect(devnet.tzktUrl);
    const holderTransfers = new Channel(forHolder, 'transfers');
    await forHolder.invoke('SubscribeToTokenTransfers', { account: holder, contract: fa2.address, tokenId: 0 });

    const holderTezos = toolkit(devnet.rpcUrl, bootstrapAccount(3).secretKey);
    const sent = await Fa2Editions.at(holderTezos, fa2.address).send(
      Fa2Editions.at(holderTezos, fa2.address).transfer([
        { from: holder, txs: [{ to: other, tokenId: 0, amount: 1 }] },
      ]),
    );
    const toOther = await transfers.next((m) => m.type === 1);
    expect(toOther.data).toMatchObject([
      { level: sent.level, from: { address: holder }, to: { address: other }, amount: '1' },
    ]);
    expect((await holderTransfers.next((m) => m.type === 1)).data).toEqual(toOther.data);
    // A block with no transfer of the subscription sends nothing on its channel.
    await fa2.send(fa2.mint([{ tokenId: 0, to: holder, amount: 1 }]));
    await holderTransfers.next((m) => m.type === 1 && m.state === sent.level + 1);
    expect(transfers.messages.filter((m) => m.type === 1)).toHaveLength(1);
  });

  it('head, blocks, operations, token balances and accounts: a state message, then data at each block', async () => {
    const c = await connect(devnet.tzktUrl);
    const head = new Channel(c, 'head');
    const blocks = new Channel(c, 'blocks');
    const operations = new Channel(c, 'operations');
    const balances = new Channel(c, 'token_balances');
    const accounts = new Channel(c, 'accounts');
    const level = await c.invoke<number>('SubscribeToHead');
    await c.invoke('SubscribeToBlocks');
    await c.invoke('SubscribeToOperations', { address: fa2.address, types: 'transaction,origination' });
    await c.invoke('SubscribeToTokenBalances', { account: holder });
    await c.invoke('SubscribeToAccounts', { addresses: [holder] });
    for (const ch of [head, blocks, operations, balances, accounts])
      expect(ch.messages).toEqual([{ type: 0, state: level }]);

    const mint = await fa2.send(fa2.mint([{ tokenId: 0, to: holder, amount: 1 }]));
    const h = await head.next((m) => m.type === 1);
    expect(h).toMatchObject({
      state: mint.level,
      data: {
        level: mint.level,
        chainId: devnet.chain.chainId,
        protocol: 'PsUshuai9QapM5TGj1JpuVGkdxz5GykdnEvS6Rh8SUVrARvZLCY',
      },
    });
    expect((await blocks.next((m) => m.type === 1)).data).toMatchObject([
      { level: mint.level, hash: devnet.chain.headBlock().hash },
    ]);
    expect((await operations.next((m) => m.type === 1)).data).toMatchObject([
      {
        type: 'transaction',
        hash: mint.opHash,
        target: { address: fa2.address },
        parameter: { entrypoint: 'mint' },
        status: 'applied',
      },
    ]);
    const balance = (await balances.next((m) => m.type === 1)).data as {
      account: { address: string };
      balance: string;
      lastLevel: number;
    }[];
    expect(balance).toMatchObject([{ account: { address: holder }, lastLevel: mint.level }]);
    const restBalance = (await (await fetch(`${devnet.tzktUrl}/v1/tokens/balances?account=${holder}`)).json()) as {
      balance: string;
    }[];
    expect(balance[0]!.balance).toBe(restBalance[0]!.balance);
    expect((await accounts.next((m) => m.type === 1)).data).toMatchObject([
      { address: holder, type: 'user', lastActivity: mint.level },
    ]);
  });

  it('answers TzKT’s hub errors: bad parameters, an unknown method, a subscription the devnet does not serve', async () => {
    const c = await connect(devnet.tzktUrl);
    await expect(c.invoke('SubscribeToOperations', { address: 'tz1nope' })).rejects.toThrow(
      "An unexpected error occurred invoking 'SubscribeToOperations' on the server. HubException: Invalid address",
    );
    await expect(c.invoke('SubscribeToOperations', { types: 'transaction,swap' })).rejects.toThrow(
      'HubException: Invalid operation type',
    );
    await expect(c.invoke('SubscribeToTokenTransfers', { tokenId: '1' })).rejects.toThrow(
      'HubException: If you specify token id, contract address must be specified as well',
    );
    await expect(c.invoke('SubscribeToTokenTransfers')).rejects.toThrow(
      "Failed to invoke 'SubscribeToTokenTransfers' due to an error on the server. InvalidDataException: Invocation provides 0 argument(s) but target expects 1.",
    );
    await expect(c.invoke('SubscribeToHeads')).rejects.toThrow("Unknown hub method 'SubscribeToHeads'");
    await expect(c.invoke('SubscribeToBigMaps', { contract: fa2.address })).rejects.toThrow(
      "HubException: Big_map subscriptions are not served by the devnet's TzKT API",
    );
    // The connection stays usable after a refused call.
    expect(await c.invoke<number>('SubscribeToHead')).toBe(devnet.chain.headBlock().level);
  });

  it('refuses the hub to a page of another origin, at negotiation and at the WebSocket upgrade', async () => {
    const evil = new HubConnectionBuilder()
      .withUrl(`${devnet.tzktUrl}/v1/ws`, { headers: { Origin: 'https://evil.example' } })
      .configureLogging(LogLevel.None)
      .build();
    await expect(evil.start()).rejects.toThrow(/403/);
    const negotiated = (await (
      await fetch(`${devnet.tzktUrl}/v1/ws/negotiate?negotiateVersion=1`, { method: 'POST' })
    ).json()) as { connectionToken: string; negotiateVersion: number; availableTransports: { transport: string }[] };
    expect(negotiated).toMatchObject({
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    const wsUrl = `${devnet.tzktUrl.replace(/^http/, 'ws')}/v1/ws?id=${negotiated.connectionToken}`;
    const refused = await new Promise<string>((resolve) => {
      const ws = new WebSocket(wsUrl, { headers: { Origin: 'https://evil.example' } });
      ws.on('unexpected-response', (_req, res) => resolve(String(res.statusCode)));
      ws.on('open', () => resolve('open'));
      ws.on('error', (e) => resolve(e.message));
    });
    expect(refused).toBe('403');
    // The app's own page is let in.
    const app = await connect(devnet.tzktUrl, (b) =>
      b.withUrl(`${devnet.tzktUrl}/v1/ws`, { headers: { Origin: 'http://localhost:3000' } }),
    );
    expect(app.state).toBe(HubConnectionState.Connected);
  });

  it("closes a connection that sends a message over 32 KB (ASP.NET Core's default limit), and serves the next one", async () => {
    const wsUrl = `${devnet.tzktUrl.replace(/^http/, 'ws')}/v1/ws`;
    const closed = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(wsUrl);
      ws.on('open', () => {
        ws.send('{"protocol":"json","version":1}\u001e');
        ws.send(`{"type":1,"target":"SubscribeToHead","arguments":["${'x'.repeat(40_000)}"]}\u001e`);
      });
      ws.on('close', (code) => resolve(code));
      ws.on('error', reject);
    });
    // 1009: message too big.
    expect(closed).toBe(1009);
    const next = await connect(devnet.tzktUrl);
    expect(await next.invoke('SubscribeToHead')).toBeGreaterThan(0);
  });
});

describe('the hub with an indexer lag', () => {
  let devnet: Devnet;
  let fa2: Fa2Editions;

  beforeAll(async () => {
    devnet = await startDevnet({ ephemeral: true, port: 0, blockTime: 0, indexerLag: 0.4, tzkt: tzktRoutes });
    fa2 = await editions(devnet.rpcUrl);
  }, 120_000);

  afterAll(async () => {
    await devnet?.stop();
  });

  it('sends a block’s events when the TzKT API shows it, not when the node bakes it', async () => {
    const c = await connect(devnet.tzktUrl);
    const head = new Channel(c, 'head');
    const transfers = new Channel(c, 'transfers');
    await c.invoke('SubscribeToHead');
    await c.invoke('SubscribeToTokenTransfers', { contract: fa2.address });
    const mint = await fa2.send(fa2.mint([{ tokenId: 0, to: holder, amount: 1 }]));
    const restHead = async (): Promise<number> =>
      ((await (await fetch(`${devnet.tzktUrl}/v1/head`)).json()) as { level: number }).level;
    expect(await restHead()).toBeLessThan(mint.level);
    expect(head.messages.filter((m) => m.type === 1 && m.state >= mint.level)).toEqual([]);
    const t = await transfers.next((m) => m.type === 1 && m.state === mint.level);
    expect(t.data).toMatchObject([{ level: mint.level, to: { address: holder } }]);
    expect(await restHead()).toBeGreaterThanOrEqual(mint.level);
    await head.next((m) => m.type === 1 && m.state === mint.level);
  });
});

describe('a client of a devnet that restarts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'devnet-events-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('reconnects (the close message allows it), subscribes again and sees the next mint', async () => {
    let devnet = await startDevnet({ dataDir, port: 0, blockTime: 0, tzkt: tzktRoutes });
    const port = new URL(devnet.rpcUrl).port;
    const fa2Address = (await editions(devnet.rpcUrl)).address;
    const c = await connect(devnet.tzktUrl, (b) => b.withAutomaticReconnect([0, 100, 200, 400, 800, 1600, 3200]));
    const transfers = new Channel(c, 'transfers');
    const subscribe = (): Promise<number> => c.invoke<number>('SubscribeToTokenTransfers', { contract: fa2Address });
    const reconnected = new Promise<void>((resolve) => c.onreconnected(() => void subscribe().then(() => resolve())));
    await subscribe();
    const reconnecting = new Promise<void>((resolve) => c.onreconnecting(() => resolve()));
    await devnet.stop();
    await reconnecting;
    try {
      devnet = await startDevnet({ dataDir, port: Number(port), blockTime: 0, tzkt: tzktRoutes });
      await reconnected;
      const fa2 = Fa2Editions.at(toolkit(devnet.rpcUrl, admin.secretKey), fa2Address);
      const mint = await fa2.send(fa2.mint([{ tokenId: 0, to: other, amount: 1 }]));
      expect((await transfers.next((m) => m.type === 1)).data).toMatchObject([
        { level: mint.level, to: { address: other } },
      ]);
    } finally {
      await devnet.stop();
    }
  }, 60_000);
});
