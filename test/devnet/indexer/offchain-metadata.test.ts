/**
 * Off-chain token metadata through the devnet's TzKT API (`tzktRoutesWith({ metadataGateway })`): a token whose
 * `token_info` holds only `"" → ipfs://<cid>` shows, some time after its block, the JSON an IPFS gateway serves for
 * that CID, as real TzKT shows it. A `node:http` server here plays the gateway. The tests poll the REST API as a
 * dApp would, with deadlines, never fixed sleeps.
 */
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tzktRoutesWith } from '../../../devnet/indexer';
import { FA2_MULTI, tokenInfo } from '../../../devnet/indexer/sample-contracts';
import { startDevnet, type Devnet } from '../../../devnet/node';

/** A CIDv1-looking name per test (the gateway here serves by name; nothing checks the hash). */
const cid = (name: string): string => `bafkrei${createHash('sha256').update(name).digest('hex').slice(0, 52)}`;

type Answer = (res: ServerResponse, nth: number) => void;

/** An IPFS gateway on 127.0.0.1 serving `/ipfs/<path>` from a map, counting the requests for each path. */
class Gateway {
  readonly answers = new Map<string, Answer>();
  readonly requests = new Map<string, number>();
  /** Requests whose connection the client has closed. */
  readonly dropped = new Set<string>();
  private readonly server: Server = createServer((req, res) => this.serve(req, res));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '').replace(/^\/ipfs\//, '');
    const nth = (this.requests.get(path) ?? 0) + 1;
    this.requests.set(path, nth);
    res.on('close', () => {
      if (!res.writableFinished) this.dropped.add(path);
    });
    const answer = this.answers.get(path);
    if (answer) answer(res, nth);
    else res.writeHead(404).end();
  }
}

const json =
  (body: unknown): Answer =>
  (res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const gateway = new Gateway();
let devnet: Devnet;
let tz: TezosToolkit;
let alice = '';

const get = async (path: string): Promise<unknown> => (await fetch(`${devnet.tzktUrl}${path}`)).json();
/** The `metadata` TzKT shows for each of a contract's tokens, by token id. */
const metadataOf = async (kt: string): Promise<Record<string, unknown>> =>
  Object.fromEntries(
    ((await get(`/v1/tokens?contract=${kt}`)) as { tokenId: string; metadata?: unknown }[]).map((t) => [
      t.tokenId,
      t.metadata,
    ]),
  );
/** Polls every 50 ms until `check` passes, for at most `timeout` ms. */
const eventually = (check: () => Promise<void>, timeout = 15_000): Promise<void> =>
  expect.poll(async () => check().then(() => true), { interval: 50, timeout }).toBe(true);

/** Originates an FA2 whose tokens 0, 1, … have the given `token_info` fields, each held by alice. */
async function originateTokens(infos: Record<string, string>[]): Promise<string> {
  const ledger = infos.map((_, id) => `Elt (Pair "${alice}" ${id}) 1`).join(' ; ');
  const metadata = infos.map((info, id) => tokenInfo(id, info)).join(' ; ');
  const op = await tz.contract.originate({ code: FA2_MULTI, init: `(Pair { ${ledger} } { ${metadata} })` });
  await op.confirmation();
  return op.contractAddress!;
}

beforeAll(async () => {
  await gateway.start();
  // The function form, as an app that learns its port late passes it.
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutesWith({ metadataGateway: () => gateway.url }) });
  alice = devnet.accounts[0]!.address;
  tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(devnet.accounts[0]!.secretKey));
}, 60_000);

afterAll(async () => {
  await devnet?.stop();
  await gateway.stop();
});

describe('off-chain token metadata, fetched through an IPFS gateway', () => {
  it('shows the JSON behind `"" → ipfs://<cid>` as the token metadata, on-chain keys over it', async () => {
    const offchain = {
      name: 'Pawn #1',
      symbol: 'OFF',
      decimals: 0,
      artifactUri: `ipfs://${cid('art')}`,
      formats: [{ uri: `ipfs://${cid('art')}`, mimeType: 'image/svg+xml' }],
      attributes: [{ name: 'colour', value: 'white' }],
    };
    gateway.answers.set(cid('pawn'), json(offchain));
    const kt = await originateTokens([{ '': `ipfs://${cid('pawn')}`, symbol: 'ONC' }]);

    await eventually(async () => expect((await metadataOf(kt))['0']).toEqual({ ...offchain, symbol: 'ONC' }));
    const [balance] = (await get(`/v1/tokens/balances?token.contract=${kt}`)) as { token: { metadata: unknown } }[];
    expect(balance!.token.metadata).toEqual({ ...offchain, symbol: 'ONC' });
    const [transfer] = (await get(`/v1/tokens/transfers?token.contract=${kt}`)) as { token: { metadata: unknown } }[];
    expect(transfer!.token.metadata).toEqual({ ...offchain, symbol: 'ONC' });
    // TzKT's query language reaches into the fetched fields like any other.
    expect(await get(`/v1/tokens/count?metadata.name=Pawn%20%231`)).toBe(1);
    expect(gateway.requests.get(cid('pawn'))).toBe(1);
  }, 60_000);

  it('retries a gateway that answers 404 before it has the content, under a path in the CID', async () => {
    const path = `${cid('rook')}/metadata.json`;
    gateway.answers.set(path, (res, nth) => (nth <= 2 ? res.writeHead(404).end() : json({ name: 'Rook' })(res, nth)));
    const kt = await originateTokens([{ '': `ipfs://${path}` }]);

    await eventually(async () => expect((await metadataOf(kt))['0']).toEqual({ name: 'Rook' }));
    expect(gateway.requests.get(path)).toBe(3);
  }, 60_000);

  it('leaves metadata as it was when the gateway answers something other than a JSON object, or too much', async () => {
    gateway.answers.set(cid('text'), (res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('not json {'));
    gateway.answers.set(cid('list'), json([{ name: 'a list' }]));
    gateway.answers.set(cid('big'), (res) => {
      // Chunked, with no content-length: the fetch has to stop reading past its cap.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"name": "Too big", "pad": "`);
      for (let i = 0; i < 300; i++) res.write('x'.repeat(1024));
      res.end('"}');
    });
    const kt = await originateTokens([
      { '': `ipfs://${cid('text')}`, symbol: 'TXT' },
      { '': `ipfs://${cid('list')}` },
      { '': `ipfs://${cid('big')}` },
    ]);
    await eventually(async () => {
      for (const name of ['text', 'list']) expect(gateway.requests.get(cid(name))).toBe(1);
      expect(gateway.requests.get(cid('big'))).toBe(1);
    });
    // A token fetched after those answers shows its metadata, so by then theirs would have shown too.
    gateway.answers.set(cid('after'), json({ name: 'After' }));
    const later = await originateTokens([{ '': `ipfs://${cid('after')}` }]);
    await eventually(async () => expect((await metadataOf(later))['0']).toEqual({ name: 'After' }));

    expect(await metadataOf(kt)).toEqual({ '0': { symbol: 'TXT' }, '1': {}, '2': {} });
    // What is not a JSON object stays so: no retries.
    for (const name of ['text', 'list', 'big']) expect(gateway.requests.get(cid(name))).toBe(1);
    expect(((await get('/v1/head')) as { level: number }).level).toBe((await tz.rpc.getBlockHeader()).level);
  }, 60_000);

  it('shows nothing fetched for a CID the gateway never has, and keeps serving', async () => {
    const kt = await originateTokens([{ '': `ipfs://${cid('missing')}`, name: 'On chain' }]);
    await eventually(async () => expect(gateway.requests.get(cid('missing'))).toBeGreaterThanOrEqual(2));
    expect(await metadataOf(kt)).toEqual({ '0': { name: 'On chain' } });
  }, 60_000);
});

describe('a gateway known late, and a devnet stopped while a fetch hangs', () => {
  let late: Devnet;
  let stopped = false;
  let url: string | undefined;

  beforeAll(async () => {
    late = await startDevnet({ ephemeral: true, tzkt: tzktRoutesWith({ metadataGateway: () => url }) });
  }, 60_000);

  afterAll(async () => {
    if (!stopped) await late?.stop();
  });

  it('waits for the gateway, then fetches; stopping the devnet aborts what is in flight', async () => {
    const client = new TezosToolkit(late.rpcUrl);
    client.setSignerProvider(new InMemorySigner(late.accounts[0]!.secretKey));
    const owner = late.accounts[0]!.address;
    const originate = async (name: string): Promise<string> => {
      const op = await client.contract.originate({
        code: FA2_MULTI,
        init: `(Pair { Elt (Pair "${owner}" 0) 1 } { ${tokenInfo(0, { '': `ipfs://${cid(name)}` })} })`,
      });
      await op.confirmation();
      return op.contractAddress!;
    };
    const tokens = async (kt: string): Promise<unknown> =>
      ((await (await fetch(`${late.tzktUrl}/v1/tokens?contract=${kt}`)).json()) as { metadata?: unknown }[])[0]
        ?.metadata;

    gateway.answers.set(cid('queen'), json({ name: 'Queen' }));
    const kt = await originate('queen');
    expect(await tokens(kt)).toEqual({});
    expect(gateway.requests.get(cid('queen'))).toBeUndefined();
    url = gateway.url;
    await eventually(async () => expect(await tokens(kt)).toEqual({ name: 'Queen' }));

    gateway.answers.set(cid('hang'), () => undefined);
    await originate('hang');
    await eventually(async () => expect(gateway.requests.get(cid('hang'))).toBe(1));
    await late.stop();
    stopped = true;
    // Well before the fetch's own 5 s timeout would end it.
    await eventually(async () => expect(gateway.dropped.has(cid('hang'))).toBe(true), 2_000);
  }, 60_000);
});
