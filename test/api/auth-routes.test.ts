/**
 * The sign-in, devnet-account and chain-config route handlers called directly with `Request`s, over the server
 * singleton on an in-memory PGlite (`GAMES_DATA_DIR=memory://`): the cookie a browser gets, and what it then sees.
 */
import { InMemorySigner } from '@taquito/signer';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapAccount, startDevnet } from '../../devnet/node';
import { requireAddress, sessionAddress } from '../../server/auth';
import { PEER_HEADER, PEER_STAMP_VAR } from '../../server/limits';
import { POST as postChallenge } from '../../app/api/auth/challenge/route';
import { DELETE as deleteSession, GET as getSession, POST as postSession } from '../../app/api/auth/session/route';
import { GET as getDevnetAccounts } from '../../app/api/devnet/accounts/route';
import { GET as getChainConfig } from '../../app/api/chain/config/route';
import { answer, BASE, request, sentCookie, signIn, useMemoryHost } from './helpers';

const CHAIN_VARS = ['TEZOS_NETWORK', 'TEZOS_RPC_URL', 'TZKT_URL', 'POLE_BANK_SECRET_KEY', 'POLE_FA2_CONTRACT'] as const;
const savedEnv = Object.fromEntries(CHAIN_VARS.map((v) => [v, process.env[v]]));

useMemoryHost();

afterEach(() => {
  for (const v of CHAIN_VARS) {
    if (savedEnv[v] === undefined) delete process.env[v];
    else process.env[v] = savedEnv[v];
  }
});

describe('/api/auth', () => {
  it('a signed challenge sets an httpOnly session cookie that GET /api/auth/session then recognises', async () => {
    const signedIn = await signIn(2);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toEqual({ address: bootstrapAccount(2).address });
    expect(signedIn.setCookie).toMatch(/^tp_session=[\w-]{43}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);

    const cookie = sentCookie(signedIn.setCookie);
    const withCookie = request('/api/auth/session', { cookie: `theme=dark; ${cookie}` });
    expect(await answer(getSession(withCookie))).toMatchObject({
      status: 200,
      body: { address: bootstrapAccount(2).address },
    });
    expect(await sessionAddress(withCookie)).toBe(bootstrapAccount(2).address);
    expect(await requireAddress(withCookie)).toBe(bootstrapAccount(2).address);

    expect(await answer(getSession(request('/api/auth/session')))).toMatchObject({
      status: 200,
      body: { address: null },
    });
  });

  it('marks the cookie Secure when the browser came over https', async () => {
    expect((await signIn(3)).setCookie).not.toContain('Secure');
    expect((await signIn(3, { base: 'https://pole.example' })).setCookie).toMatch(/; Secure$/);
    // Behind a TLS-terminating proxy the request URL is plain http; the forwarded protocol decides.
    expect((await signIn(3, { headers: { 'x-forwarded-proto': 'https' } })).setCookie).toMatch(/; Secure$/);
  });

  it('signing out clears the cookie and ends the session', async () => {
    const cookie = sentCookie((await signIn(4)).setCookie);
    const withCookie = () => request('/api/auth/session', { method: 'DELETE', cookie });
    const out = await answer(deleteSession(withCookie()));
    expect(out).toMatchObject({ status: 200, body: { address: null } });
    expect(out.setCookie).toMatch(/^tp_session=; Path=\/; Max-Age=0;/);
    // The old cookie, replayed, no longer signs anyone in.
    expect(await answer(getSession(withCookie()))).toMatchObject({ body: { address: null } });
    await expect(requireAddress(withCookie())).rejects.toMatchObject({ status: 401, code: 'SIGN_IN_REQUIRED' });
  });

  it('refuses a bad signature with 401 and sets no cookie', async () => {
    const account = bootstrapAccount(5);
    const challenge = await answer<{ nonce: string; payload: string }>(
      postChallenge(request('/api/auth/challenge', { body: { address: account.address } })),
    );
    const { prefixSig } = await new InMemorySigner(bootstrapAccount(6).secretKey).sign(challenge.body.payload);
    const refused = await answer(
      postSession(
        request('/api/auth/session', {
          body: {
            nonce: challenge.body.nonce,
            address: account.address,
            publicKey: account.publicKey,
            signature: prefixSig,
          },
        }),
      ),
    );
    expect(refused).toMatchObject({ status: 401, body: { error: 'BAD_SIGNATURE' }, setCookie: null });
  });

  it('refuses malformed bodies with 400', async () => {
    expect(await answer(postChallenge(request('/api/auth/challenge', { body: { who: 'me' } })))).toMatchObject({
      status: 400,
      body: { error: 'MALFORMED_REQUEST' },
    });
    expect(
      await answer(
        postChallenge(request('/api/auth/challenge', { body: { address: 'KT1RJ6PbjHpwc3M5rw5s2Nbmefwbuwbdxton' } })),
      ),
    ).toMatchObject({
      status: 400,
      body: { error: 'BAD_ADDRESS' },
    });
    const notJson = request('/api/auth/session', { body: 'tz1…' });
    expect(await answer(postSession(notJson))).toMatchObject({
      status: 400,
      body: { error: 'MALFORMED_REQUEST' },
      setCookie: null,
    });
    // A body that does not say it is JSON is refused before it is read (a form of another site sends text/plain).
    const plain = new Request(`${BASE}/api/auth/session`, { method: 'POST', body: 'tz1…' });
    expect(await answer(postSession(plain))).toMatchObject({
      status: 415,
      body: { error: 'JSON_REQUIRED' },
      setCookie: null,
    });
  });
});

describe('/api/devnet/accounts', () => {
  it('lists the devnet’s player accounts with their keys, never the bank (bootstrap1)', async () => {
    const devnet = await startDevnet({ ephemeral: true });
    process.env.TEZOS_NETWORK = 'devnet';
    process.env.TEZOS_RPC_URL = devnet.rpcUrl;
    process.env.TZKT_URL = devnet.tzktUrl;
    process.env.POLE_BANK_SECRET_KEY = bootstrapAccount(1).secretKey;
    // As scripts/serve.ts stamps a request: from this machine, and from elsewhere.
    const from = (peer: string) => new Request(`${BASE}/api/devnet/accounts`, { headers: { [PEER_HEADER]: peer } });
    process.env[PEER_STAMP_VAR] = '1';
    const [res, remote] = await Promise.all([
      answer<{ alias: string; address: string; publicKey: string; secretKey: string }[]>(
        getDevnetAccounts(from('::ffff:127.0.0.1')),
      ),
      answer(getDevnetAccounts(from('192.0.2.7'))),
    ]).finally(() => {
      delete process.env[PEER_STAMP_VAR];
      return devnet.stop();
    });
    expect(res.status).toBe(200);
    expect(res.body[0]).toEqual(bootstrapAccount(2));
    expect(res.body.map((a) => a.alias)).toEqual(Array.from({ length: 9 }, (_, i) => `bootstrap${i + 2}`));
    expect(JSON.stringify(res.body)).not.toContain(bootstrapAccount(1).secretKey);
    expect(JSON.stringify(res.body)).not.toContain(bootstrapAccount(1).address);
    // Another machine reaching a server on every interface gets no key.
    expect(remote).toMatchObject({ status: 403, body: { error: 'LOOPBACK_ONLY' } });
    expect(JSON.stringify(remote.body)).not.toMatch(/edsk/);
  });

  it('answers 404 off the devnet, and for a devnet on another machine', async () => {
    process.env.TEZOS_NETWORK = 'shadownet';
    const plain = () => new Request(`${BASE}/api/devnet/accounts`);
    expect(await answer(getDevnetAccounts(plain()))).toMatchObject({ status: 404, body: { error: 'NOT_DEVNET' } });
    process.env.TEZOS_NETWORK = 'devnet';
    process.env.TEZOS_RPC_URL = 'http://devnet.example:8732';
    process.env.TZKT_URL = 'http://devnet.example:8732/tzkt';
    expect(await answer(getDevnetAccounts(plain()))).toMatchObject({ status: 404, body: { error: 'NOT_DEVNET' } });
  });
});

describe('/api/chain/config', () => {
  it('gives the browser the network, its URLs and the contract, and never the bank key', async () => {
    process.env.TEZOS_NETWORK = 'devnet';
    process.env.POLE_BANK_SECRET_KEY = bootstrapAccount(1).secretKey;
    process.env.POLE_FA2_CONTRACT = 'KT1RJ6PbjHpwc3M5rw5s2Nbmefwbuwbdxton';
    const res = await answer(getChainConfig());
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      ok: true,
      network: 'devnet',
      rpcUrl: 'http://127.0.0.1:8732',
      tzktUrl: 'http://127.0.0.1:8732/tzkt',
      explorerUrl: null,
      contract: 'KT1RJ6PbjHpwc3M5rw5s2Nbmefwbuwbdxton',
      // No relay configured: Beacon's own public nodes and its own wait.
      beacon: { relays: null, requestTimeoutMs: null },
    });
    expect(JSON.stringify(res.body)).not.toContain(bootstrapAccount(1).secretKey);
  });

  it('names the Beacon relay nodes and wait the server is configured with, and explains a malformed list', async () => {
    process.env.TEZOS_NETWORK = 'devnet';
    process.env.POLE_BANK_SECRET_KEY = bootstrapAccount(1).secretKey;
    process.env.POLE_FA2_CONTRACT = 'KT1RJ6PbjHpwc3M5rw5s2Nbmefwbuwbdxton';
    try {
      process.env.POLE_BEACON_RELAYS = '127.0.0.1:8448, relay.example.org';
      process.env.POLE_BEACON_TIMEOUT_S = '20';
      expect((await answer(getChainConfig())).body['beacon']).toEqual({
        relays: ['127.0.0.1:8448', 'relay.example.org'],
        requestTimeoutMs: 20_000,
      });
      process.env.POLE_BEACON_RELAYS = 'https://relay.example.org';
      const res = await answer(getChainConfig());
      expect(res.body).toMatchObject({ ok: false, problem: 'BAD_BEACON_SETTINGS', network: 'devnet' });
      expect(res.body['explanation']).toContain('host:port');
    } finally {
      delete process.env.POLE_BEACON_RELAYS;
      delete process.env.POLE_BEACON_TIMEOUT_S;
    }
  });

  it('explains what is missing', async () => {
    delete process.env.TEZOS_NETWORK;
    const res = await answer(getChainConfig());
    expect(res).toMatchObject({ status: 200, body: { ok: false, problem: 'NO_NETWORK' } });
    expect(res.body['explanation']).toContain('npm start');
  });
});
