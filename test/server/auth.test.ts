/**
 * Wallet sign-in over an in-memory PGlite store, with real keys: a devnet account's InMemorySigner signs the
 * challenge exactly as the browser does, and the server's checks decide whether a session opens.
 */
import { packDataBytes, unpackDataBytes } from '@taquito/michel-codec';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { Fa2Editions } from '../../chain/fa2-editions';
import { devnetWallet } from '../../ui/wallet/wallets';
import { isHostError } from '../../server/errors';
import {
  createChallenge,
  devnetPlayerAccounts,
  endSession,
  messageAddress,
  packedStringPayload,
  sessionFor,
  verifySignIn,
  type DevnetAccount,
  type SignInInput,
} from '../../server/auth';
import { openPgliteStore, type GameStore, type SqlClient } from '../../server/store';

const T0 = new Date('2030-01-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

const ada = bootstrapAccount(2);
const bea = bootstrapAccount(3);

let store: GameStore;
let sql: SqlClient;

beforeAll(async () => {
  store = await openPgliteStore();
  sql = store.sql;
});
afterAll(async () => {
  await store.close();
});

/** A challenge for `account`, signed by `signer` (the account's own key unless said otherwise). */
async function signedChallenge(
  account: DevnetAccount,
  now = T0,
  signer: DevnetAccount = account,
): Promise<SignInInput> {
  const challenge = await createChallenge(sql, account.address, now, 'devnet');
  const { prefixSig } = await new InMemorySigner(signer.secretKey).sign(challenge.payload);
  return { nonce: challenge.nonce, address: account.address, publicKey: account.publicKey, signature: prefixSig };
}

/** The code of the HostError `work` is refused with. */
async function refusal(work: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  try {
    await work;
  } catch (err) {
    if (isHostError(err)) return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

const sessionCount = async () =>
  Number((await sql.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0]!.n);

describe('the sign-in message', () => {
  it('names the app, the address, the network, the nonce and the time, and its payload is that text PACKed', async () => {
    const challenge = await createChallenge(sql, ada.address, T0, 'devnet');
    expect(challenge.message).toContain('Tezos Pole sign-in');
    expect(challenge.message).toContain(`Address: ${ada.address}`);
    expect(challenge.message).toContain('Network: devnet');
    expect(challenge.message).toContain(`Nonce: ${challenge.nonce}`);
    expect(challenge.message).toContain('Issued: 2030-01-01T12:00:00.000Z');
    expect(messageAddress(challenge.message)).toBe(ada.address);
    // The bytes Taquito's own PACK gives for the string, which wallets decode back to the text they show.
    expect(challenge.payload).toBe(packDataBytes({ string: challenge.message }).bytes);
    expect(unpackDataBytes({ bytes: challenge.payload })).toEqual({ string: challenge.message });
    expect(packedStringPayload('ab')).toBe('050100000002' + '6162');
  });

  it('is issued only to account addresses', async () => {
    expect(await refusal(createChallenge(sql, 'KT1RJ6PbjHpwc3M5rw5s2Nbmefwbuwbdxton', T0, 'devnet'))).toMatchObject({
      status: 400,
      code: 'BAD_ADDRESS',
    });
    expect(await refusal(createChallenge(sql, 'tz1nope', T0, 'devnet'))).toMatchObject({
      status: 400,
      code: 'BAD_ADDRESS',
    });
  });
});

describe('signing in', () => {
  it('a challenge signed by the address’s key opens a 30-day session for it', async () => {
    const opened = await verifySignIn(sql, await signedChallenge(ada), at(MINUTE));
    expect(opened.address).toBe(ada.address);
    expect(opened.expiresAt.toISOString()).toBe('2030-01-31T12:01:00.000Z');
    expect(await sessionFor(sql, opened.token, at(2 * MINUTE))).toBe(ada.address);
    expect(await sessionFor(sql, opened.token, at(31 * 24 * 60 * MINUTE))).toBeNull();
    // Only the token's hash is stored.
    const rows = await sql.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.map((r) => r.token_hash)).not.toContain(opened.token);
  });

  it('refuses a signature by another key, and opens nothing', async () => {
    const before = await sessionCount();
    const forged = await signedChallenge(ada, T0, bea);
    expect(await refusal(verifySignIn(sql, forged, T0))).toMatchObject({ status: 401, code: 'BAD_SIGNATURE' });
    // Claiming the address with another account's public key is refused too.
    expect(await refusal(verifySignIn(sql, { ...forged, publicKey: bea.publicKey }, T0))).toMatchObject({
      status: 401,
      code: 'BAD_SIGNATURE',
    });
    expect(await sessionCount()).toBe(before);
    // Nothing changed: the challenge can still be answered by the right key.
    const { prefixSig } = await new InMemorySigner(ada.secretKey).sign(
      packedStringPayload((await challengeMessage(forged.nonce))!),
    );
    expect((await verifySignIn(sql, { ...forged, signature: prefixSig }, T0)).address).toBe(ada.address);
  });

  it('refuses a challenge answered for another address than the one it was issued to', async () => {
    const before = await sessionCount();
    const forAda = await createChallenge(sql, ada.address, T0, 'devnet');
    const { prefixSig } = await new InMemorySigner(bea.secretKey).sign(forAda.payload);
    const refused = await refusal(
      verifySignIn(
        sql,
        { nonce: forAda.nonce, address: bea.address, publicKey: bea.publicKey, signature: prefixSig },
        T0,
      ),
    );
    expect(refused).toMatchObject({ status: 400, code: 'BAD_ADDRESS' });
    expect(refused.message).toContain(ada.address);
    expect(await sessionCount()).toBe(before);
  });

  it('a challenge is single-use', async () => {
    const input = await signedChallenge(ada);
    await verifySignIn(sql, input, T0);
    const before = await sessionCount();
    expect(await refusal(verifySignIn(sql, input, T0))).toMatchObject({ status: 401, code: 'CHALLENGE_EXPIRED' });
    expect(await sessionCount()).toBe(before);
  });

  it('a challenge expires after 5 minutes', async () => {
    const input = await signedChallenge(ada);
    const before = await sessionCount();
    expect(await refusal(verifySignIn(sql, input, at(5 * MINUTE)))).toMatchObject({
      status: 401,
      code: 'CHALLENGE_EXPIRED',
    });
    expect(await sessionCount()).toBe(before);
    expect((await verifySignIn(sql, input, at(5 * MINUTE - 1))).address).toBe(ada.address);
  });

  it('refuses keys and signatures that are not Tezos ones', async () => {
    const input = await signedChallenge(ada);
    expect(await refusal(verifySignIn(sql, { ...input, publicKey: 'edpkNOPE' }, T0))).toMatchObject({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(await refusal(verifySignIn(sql, { ...input, signature: 'edsigNOPE' }, T0))).toMatchObject({
      status: 400,
      code: 'MALFORMED_REQUEST',
    });
    expect(await refusal(verifySignIn(sql, { ...input, address: 'tz1nope' }, T0))).toMatchObject({
      status: 400,
      code: 'BAD_ADDRESS',
    });
    expect(await refusal(verifySignIn(sql, { ...input, nonce: 'f'.repeat(32) }, T0))).toMatchObject({
      status: 401,
      code: 'CHALLENGE_EXPIRED',
    });
  });

  it('signing out ends the session', async () => {
    const opened = await verifySignIn(sql, await signedChallenge(bea), T0);
    expect(await sessionFor(sql, opened.token, T0)).toBe(bea.address);
    await endSession(sql, opened.token);
    expect(await sessionFor(sql, opened.token, T0)).toBeNull();
  });
});

describe('devnet accounts', () => {
  let devnet: Devnet;
  beforeAll(async () => {
    devnet = await startDevnet({ ephemeral: true });
  });
  afterAll(async () => {
    await devnet.stop();
  });
  const onDevnet = (bankKey: string) => ({
    TEZOS_NETWORK: 'devnet',
    TEZOS_RPC_URL: devnet.rpcUrl,
    TZKT_URL: devnet.tzktUrl,
    POLE_BANK_SECRET_KEY: bankKey,
  });

  it('are the devnet’s own bootstrap accounts 2 to 10, as the devnet lists them, never the bank (bootstrap1)', async () => {
    const accounts = await devnetPlayerAccounts(onDevnet(bootstrapAccount(1).secretKey));
    expect(accounts.map((a) => a.alias)).toEqual([
      'bootstrap2',
      'bootstrap3',
      'bootstrap4',
      'bootstrap5',
      'bootstrap6',
      'bootstrap7',
      'bootstrap8',
      'bootstrap9',
      'bootstrap10',
    ]);
    for (const [i, account] of accounts.entries()) expect(account).toEqual(bootstrapAccount(i + 2));
    expect(accounts.map((a) => a.address)).not.toContain(bootstrapAccount(1).address);
  });

  it('leave out whichever account holds the bank key', async () => {
    const accounts = await devnetPlayerAccounts(onDevnet(bootstrapAccount(4).secretKey));
    expect(accounts.map((a) => a.alias)).not.toContain('bootstrap4');
    expect(accounts).toHaveLength(8);
  });

  it('are served on the devnet only, and a devnet that does not answer is said to be unavailable', async () => {
    expect(await refusal(devnetPlayerAccounts({ TEZOS_NETWORK: 'shadownet' }))).toMatchObject({
      status: 404,
      code: 'NOT_DEVNET',
    });
    expect(await refusal(devnetPlayerAccounts({}))).toMatchObject({ status: 404, code: 'NOT_DEVNET' });
    const gone = { TEZOS_NETWORK: 'devnet', TEZOS_RPC_URL: 'http://127.0.0.1:9', TZKT_URL: 'http://127.0.0.1:9/tzkt' };
    expect(await refusal(devnetPlayerAccounts(gone))).toMatchObject({ status: 503, code: 'CHAIN_UNAVAILABLE' });
  });
});

describe('the devnet wallet the browser signs with', () => {
  it('signs and injects a contract call as the signed-in account, answering the operation hash', async () => {
    const devnet = await startDevnet({ ephemeral: true });
    try {
      const admin = new TezosToolkit(devnet.rpcUrl);
      admin.setSignerProvider(new InMemorySigner(bootstrapAccount(1).secretKey));
      const { client } = await Fa2Editions.originate(admin, { admin: bootstrapAccount(1).address });
      const chain = {
        ok: true,
        network: 'devnet',
        rpcUrl: devnet.rpcUrl,
        tzktUrl: devnet.tzktUrl,
        explorerUrl: null,
        contract: client.address,
        beacon: { relays: null, requestTimeoutMs: null },
      } as const;

      const wallet = await devnetWallet(chain, ada);
      const { opHash } = await wallet.send(client.updateOperators([]));
      expect(opHash).toMatch(/^o[1-9A-HJ-NP-Za-km-z]{50}$/);
      // The devnet bakes a block per injected operation: the call is on chain, signed by the account.
      const included = (await admin.rpc.getBlock()).operations.flat().find((op) => op.hash === opHash);
      expect(included?.contents[0]).toMatchObject({
        kind: 'transaction',
        source: ada.address,
        destination: client.address,
        parameters: { entrypoint: 'update_operators' },
      });
    } finally {
      await devnet.stop();
    }
  });
});

async function challengeMessage(nonce: string): Promise<string | undefined> {
  return (await sql.query<{ message: string }>('SELECT message FROM sign_in_challenges WHERE nonce = $1', [nonce]))[0]
    ?.message;
}
