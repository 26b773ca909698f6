/**
 * DNS rebinding: a page on attacker.example, whose name is then pointed at 127.0.0.1, is same-origin with its own
 * name, so CORS does not stop it — but its browser sends `Host: attacker.example`. The devnet answers 421 to any
 * request or WebSocket upgrade naming another host than loopback's names or the configured ones, before anything
 * runs, and lists the bootstrap accounts' keys to loopback peers only. Real Taquito, the TzKT SDK and SignalR, which
 * send `Host: 127.0.0.1:<port>`, keep working.
 */
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { Duplex } from 'node:stream';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { TezosToolkit } from '@taquito/taquito';
import { headGet } from '@tzkt/sdk-api';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tzktRoutes } from '../../../devnet/indexer';
import {
  bootstrapAccounts,
  Chain,
  hostNamesFrom,
  isLoopbackAddress,
  startDevnet,
  type Devnet,
} from '../../../devnet/node';
import { CorsPolicy } from '../../../devnet/node/cors';
import { HostPolicy } from '../../../devnet/node/host-names';
import { rpcHandler } from '../../../devnet/node/rpc';

const EXTRA = 'pole.devnet.test';

let devnet: Devnet;
let port: number;

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, accounts: 2, tzkt: tzktRoutes, hostNames: [EXTRA] });
  port = Number(new URL(devnet.rpcUrl).port);
});
afterAll(async () => {
  await devnet.stop();
});

/** A GET with the given Host header (fetch sets its own), as a browser on that name sends it. */
const get = (path: string, host: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });

/** Everything the devnet writes back to a request sent as raw bytes, until it closes the connection. */
const raw = (text: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (out += c));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });

const upgrade = (host: string): string =>
  'GET /tzkt/v1/ws?id=x HTTP/1.1\r\n' +
  `Host: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
  'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n';

const secretKeys = (): string[] => devnet.accounts.map((a) => a.secretKey);

describe('the devnet answers the host names it is configured for', () => {
  test('Host: attacker.example gets 421 with an error array on the RPC, TzKT and the accounts, and no key', async () => {
    for (const path of ['/chains/main/chain_id', '/tzkt/v1/head', '/devnet/accounts', '/devnet/accounts/']) {
      for (const host of ['attacker.example', `attacker.example:${port}`, `ATTACKER.example.:${port}`]) {
        const r = await get(path, host);
        expect(r.status, `${path} ${host}`).toBe(421);
        expect(JSON.parse(r.body)).toMatchObject([{ kind: 'permanent', id: expect.stringMatching(/misdirected/) }]);
        for (const key of secretKeys()) expect(r.body).not.toContain(key);
      }
    }
  });

  test('names that only look like loopback are refused', async () => {
    for (const host of [
      `localhost.attacker.example:${port}`,
      `127.0.0.1.attacker.example:${port}`,
      `localhost@attacker.example:${port}`,
      `[::2]:${port}`,
    ])
      expect((await get('/chains/main/chain_id', host)).status, host).toBe(421);
    // node:http replaces an empty Host with its own.
    expect(await raw('GET /chains/main/chain_id HTTP/1.1\r\nHost:\r\nConnection: close\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 421 /,
    );
  });

  test('loopback’s names, any port, any case, and a configured name are answered', async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      'LocalHost',
      '127.0.0.1:1',
      '[0:0:0:0:0:0:0:1]',
      `${EXTRA}:${port}`,
      EXTRA.toUpperCase(),
    ]) {
      const r = await get('/chains/main/chain_id', host);
      expect(r.status, host).toBe(200);
      expect(JSON.parse(r.body)).toBe(devnet.chain.chainId);
    }
    expect((await get('/tzkt/v1/head', `localhost:${port}`)).status).toBe(200);
  });

  test('GET /devnet/accounts from loopback lists the keys', async () => {
    const r = await get('/devnet/accounts', `127.0.0.1:${port}`);
    expect(r.status).toBe(200);
    expect((JSON.parse(r.body) as { secretKey: string }[]).map((a) => a.secretKey)).toEqual(secretKeys());
  });

  test('a WebSocket upgrade to the TzKT hub naming another host gets 421; the hub still upgrades for loopback', async () => {
    const refused = await raw(upgrade(`attacker.example:${port}`));
    expect(refused).toMatch(/^HTTP\/1\.1 421 Misdirected Request\r\n/);
    expect(JSON.parse(refused.split('\r\n\r\n')[1]!)).toMatchObject([{ id: expect.stringMatching(/misdirected/) }]);
    // A real SignalR client negotiates, then upgrades with Host: 127.0.0.1:<port>.
    const hub = new HubConnectionBuilder().withUrl(`${devnet.tzktUrl}/v1/ws`).configureLogging(LogLevel.None).build();
    await hub.start();
    try {
      expect(await hub.invoke<number>('SubscribeToHead')).toBeGreaterThanOrEqual(0);
    } finally {
      await hub.stop();
    }
  });

  test('an HTTP/1.0 request without Host is served to a loopback peer', async () => {
    expect(await raw('GET /chains/main/chain_id HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  test('real Taquito and the TzKT SDK work unchanged', async () => {
    const tz = new TezosToolkit(devnet.rpcUrl);
    expect((await tz.tz.getBalance(devnet.accounts[0]!.address)).toNumber()).toBeGreaterThan(0);
    expect((await headGet({ baseUrl: devnet.tzktUrl })).chainId).toBe(devnet.chain.chainId);
  });
});

/**
 * The node's handler on a connection whose peer is `remoteAddress` (a devnet listening on another interface than
 * loopback, which startDevnet never does), fed one raw HTTP/1.0 request (so its answer is not chunked); resolves to
 * the raw response.
 */
function fromPeer(remoteAddress: string, text: string): Promise<string> {
  const accounts = bootstrapAccounts(2);
  const server = createServer(rpcHandler(new Chain({ accounts }), { blockTime: 0, cors: new CorsPolicy(), accounts }));
  let out = '';
  const socket = new Duplex({
    read() {},
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString('utf8');
      done();
    },
  });
  Object.defineProperty(socket, 'remoteAddress', { value: remoteAddress });
  return new Promise((resolve) => {
    socket.on('finish', () => resolve(out));
    server.emit('connection', socket);
    socket.push(text);
  });
}

describe('a devnet reached from another machine', () => {
  test('GET /devnet/accounts answers 403 with a coded error and no key to a non-loopback peer', async () => {
    const r = await fromPeer('192.0.2.7', 'GET /devnet/accounts HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n');
    expect(r).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(JSON.parse(r.split('\r\n\r\n')[1]!)).toMatchObject([
      { kind: 'permanent', id: expect.stringMatching(/loopback/) },
    ]);
    for (const a of bootstrapAccounts(2)) expect(r).not.toContain(a.secretKey);
    const local = await fromPeer('::ffff:127.0.0.1', 'GET /devnet/accounts HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n');
    expect(local).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
  });

  test('an HTTP/1.0 request without Host is refused from a non-loopback peer', async () => {
    expect(await fromPeer('192.0.2.7', 'GET /chains/main/chain_id HTTP/1.0\r\n\r\n')).toMatch(/^HTTP\/1\.1 421 /);
  });

  test('loopback peers: 127.0.0.0/8, ::1 and IPv4 loopback mapped into IPv6', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.9.9.9'])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [
      undefined,
      '',
      '192.0.2.7',
      '10.0.0.1',
      '::2',
      '::ffff:10.0.0.1',
      'fe80::1',
      '128.0.0.1',
      '0.0.0.0',
    ])
      expect(isLoopbackAddress(a), String(a)).toBe(false);
  });
});

describe('DEVNET_HOSTS and the hostNames option', () => {
  test('comma-separated names, normalized; none when unset; a malformed one named', () => {
    expect(hostNamesFrom(undefined)).toEqual([]);
    expect(hostNamesFrom(' ')).toEqual([]);
    expect(hostNamesFrom(' Pole.LAN, 192.168.1.20 ,::1,[fe80:0::1],devnet_box ')).toEqual([
      'pole.lan',
      '192.168.1.20',
      '[::1]',
      '[fe80::1]',
      'devnet_box',
    ]);
    for (const bad of ['pole.lan:8732', 'http://pole.lan', 'pole.lan/x', 'a b', 'user@pole.lan', '[pole]', '-x.lan'])
      expect(() => hostNamesFrom(bad), bad).toThrow(
        new RegExp(`^DEVNET_HOSTS: ${JSON.stringify(bad).replace(/[.[\]/]/g, '\\$&')} is not a host name`),
      );
    expect(() => new HostPolicy(['pole.lan:1'])).toThrow(/is not a host name/);
  });

  test('the policy: loopback’s names and the extra ones, whatever the port or case', () => {
    const p = new HostPolicy(['Pole.Lan', 'fe80::1']);
    for (const h of [
      'localhost',
      'localhost:1',
      '127.0.0.1:8732',
      '[::1]:8732',
      'pole.lan:80',
      'POLE.LAN',
      '[FE80::1]:2',
    ])
      expect(p.admits(h, '192.0.2.7'), h).toBe(true);
    for (const h of ['pole.lan.evil', 'evil', '::1', '[::1', '[::1]x', 'localhost:80:80', '127.0.0.2', ' '])
      expect(p.admits(h, '127.0.0.1'), h).toBe(false);
    expect(p.admits(undefined, '127.0.0.1')).toBe(true);
    expect(p.admits(undefined, '192.0.2.7')).toBe(false);
  });
});
