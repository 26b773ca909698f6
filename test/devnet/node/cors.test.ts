/**
 * The devnet answers CORS for the app's own origin only. A page of another site gets no CORS header and
 * its requests are refused (403) before anything runs — a simple cross-site POST needs no preflight, so leaving the
 * header out alone would still let any page a devnet user visits send operations or runs. Clients outside a
 * browser (no Origin) are served as before; the app's wallet code (Taquito in the page) keeps working.
 */
import { RpcClient } from '@taquito/rpc';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tzktRoutes } from '../../../devnet/indexer';
import { corsOriginsFrom, DEFAULT_CORS_ORIGINS, startDevnet, type Devnet } from '../../../devnet/node';
import { transaction } from './taquito-clients';

const APP = 'http://localhost:3000';
const EVIL = 'http://evil.example';

let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, accounts: 3, tzkt: tzktRoutes });
});
afterAll(async () => {
  await devnet.stop();
});

/** Taquito's RPC client as a page at `origin` uses it: the browser adds the page's Origin to every request. */
class PageRpcClient extends RpcClient {
  constructor(url: string, origin: string) {
    super(url);
    const backend = this.httpBackend;
    const send = backend.createRequest.bind(backend);
    backend.createRequest = <T>(options: Parameters<typeof send>[0], data?: object | string): Promise<T> =>
      send<T>({ ...options, headers: { ...options.headers, Origin: origin } }, data);
  }
}

const pageToolkit = (origin: string, secretKey: string): TezosToolkit => {
  const tz = new TezosToolkit(new PageRpcClient(devnet.rpcUrl, origin));
  tz.setSignerProvider(new InMemorySigner(secretKey));
  return tz;
};

describe('CORS on the devnet RPC and its TzKT API', () => {
  test('the app’s origin gets its CORS header; another site gets none and a 403; a client without Origin is served', async () => {
    const app = await fetch(`${devnet.rpcUrl}/chains/main/chain_id`, { headers: { origin: APP } });
    expect(app.status).toBe(200);
    expect(app.headers.get('access-control-allow-origin')).toBe(APP);
    expect(app.headers.get('vary')).toMatch(/Origin/);
    const evil = await fetch(`${devnet.rpcUrl}/chains/main/chain_id`, { headers: { origin: EVIL } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await fetch(`${devnet.rpcUrl}/chains/main/chain_id`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
    // No longer the wildcard: before, every response carried `*`.
    for (const r of [app, evil, plain]) expect(r.headers.get('access-control-allow-origin')).not.toBe('*');
    const tzktApp = await fetch(`${devnet.tzktUrl}/v1/head`, { headers: { origin: APP } });
    expect(tzktApp.headers.get('access-control-allow-origin')).toBe(APP);
    const tzktEvil = await fetch(`${devnet.tzktUrl}/v1/head`, { headers: { origin: EVIL } });
    expect(tzktEvil.status).toBe(403);
    expect(tzktEvil.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('preflight (OPTIONS): allowed for the app’s origin with the method and header Taquito sends, refused for another site', async () => {
    const ask = (origin: string) =>
      fetch(`${devnet.rpcUrl}/injection/operation`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    const app = await ask(APP);
    expect(app.status).toBe(204);
    expect(app.headers.get('access-control-allow-origin')).toBe(APP);
    expect(app.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(app.headers.get('access-control-allow-headers')).toMatch(/content-type/i);
    const evil = await ask(EVIL);
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    expect(evil.headers.get('access-control-allow-methods')).toBeNull();
  });

  test('a simple cross-site POST (text/plain, no preflight) of a signed transfer is refused and changes nothing', async () => {
    const [a, b] = devnet.accounts as [Devnet['accounts'][0], Devnet['accounts'][0]];
    const rpc = new RpcClient(devnet.rpcUrl);
    const before = (await rpc.getBalance(b.address)).toString();
    const counter = BigInt((await rpc.getContract(a.address)).counter ?? '0') + 1n;
    const bytes = await new LocalForger(ProtocolsHash.PsUshuai9).forge({
      branch: (await rpc.getBlockHeader()).hash,
      contents: [transaction(a.address, b.address, counter, '1000000')],
    } as never);
    const { sbytes } = await new InMemorySigner(a.secretKey).sign(bytes, new Uint8Array([3]));
    // What a form or `fetch(…, { mode: 'no-cors' })` on evil.example sends.
    const r = await fetch(`${devnet.rpcUrl}/injection/operation`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'text/plain' },
      body: JSON.stringify(sbytes),
    });
    expect(r.status).toBe(403);
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect((await rpc.getBalance(b.address)).toString()).toBe(before);
    expect(devnet.chain.hasPending()).toBe(false);
  });

  test('the app’s wallet code on its origin: a Taquito transfer and the header’s balance read; the same from another site fails', async () => {
    const [, b, c] = devnet.accounts as [Devnet['accounts'][0], Devnet['accounts'][0], Devnet['accounts'][0]];
    const app = pageToolkit(APP, b.secretKey);
    const before = (await app.tz.getBalance(c.address)).toNumber();
    const op = await app.contract.transfer({ to: c.address, amount: 2 });
    await op.confirmation();
    expect((await app.tz.getBalance(c.address)).toNumber()).toBe(before + 2_000_000);
    await expect(pageToolkit(EVIL, b.secretKey).tz.getBalance(c.address)).rejects.toMatchObject({ status: 403 });
    await expect(pageToolkit(EVIL, b.secretKey).contract.transfer({ to: c.address, amount: 2 })).rejects.toMatchObject({
      status: 403,
    });
    expect((await app.tz.getBalance(c.address)).toNumber()).toBe(before + 2_000_000);
  });

  test('an app started later (on a port picked then) is let in with allowOrigin; origins come from startDevnet’s corsOrigins', async () => {
    const later = 'http://127.0.0.1:45123';
    expect((await fetch(`${devnet.rpcUrl}/version`, { headers: { origin: later } })).status).toBe(403);
    devnet.allowOrigin(later);
    const r = await fetch(`${devnet.rpcUrl}/version`, { headers: { origin: later } });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toBe(later);
    const own = await startDevnet({ ephemeral: true, accounts: 1, corsOrigins: ['https://pole.example'] });
    try {
      expect(
        (await fetch(`${own.rpcUrl}/version`, { headers: { origin: 'https://pole.example' } })).headers.get(
          'access-control-allow-origin',
        ),
      ).toBe('https://pole.example');
      expect((await fetch(`${own.rpcUrl}/version`, { headers: { origin: APP } })).status).toBe(403);
    } finally {
      await own.stop();
    }
  });

  test('DEVNET_CORS_ORIGINS: comma-separated origins, the app’s by default, a malformed one named', () => {
    expect(corsOriginsFrom(undefined)).toEqual(DEFAULT_CORS_ORIGINS);
    expect(DEFAULT_CORS_ORIGINS).toEqual([APP, 'http://127.0.0.1:3000']);
    expect(corsOriginsFrom(' http://localhost:5173/, https://Pole.Example ')).toEqual([
      'http://localhost:5173',
      'https://pole.example',
    ]);
    expect(corsOriginsFrom('*')).toEqual(['*']);
    expect(() => corsOriginsFrom('localhost:3000')).toThrow(/DEVNET_CORS_ORIGINS: "localhost:3000" is not an origin/);
    expect(() => corsOriginsFrom('http://localhost:3000/app')).toThrow(/is not an origin/);
  });
});
