/**
 * The Beacon relay on loopback (Synapse with relay/beacon_relay.py) as a stranger on the internet meets it: it answers
 * Beacon's node probe, lets a key log in as its own user only — with a signature of the current login window — and
 * refuses a login as someone else's user, a stale signature and a guessed password.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJsonTrusting, startBeaconRelay, type BeaconRelay } from './beacon-relay';

let relay: BeaconRelay;

beforeAll(async () => {
  relay = await startBeaconRelay();
}, 120_000);

afterAll(async () => {
  await relay?.stop();
});

/** POSTs JSON to the relay over its own TLS certificate: the status and the parsed body. */
function postJson(pathname: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = request(
      `https://${relay.node}${pathname}`,
      {
        method: 'POST',
        ca: relay.certificate,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
        timeout: 10_000,
      },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const hash = (bytes: Uint8Array): Uint8Array => blake2b(bytes, { dkLen: 32 });

/** A Beacon peer's key pair and its Matrix user (the hex of its public key's blake2b-256). */
function peer() {
  const secret = ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secret);
  return { secret, publicKey, user: bytesToHex(hash(publicKey)) };
}

/** Beacon's login password: `ed:<signature of blake2b-256("login:<window>")>:<public key>`, both in hex. */
function password(signer: ReturnType<typeof peer>, timestampSeconds: number): string {
  const window = Math.floor(timestampSeconds / 300);
  const signature = ed25519.sign(hash(utf8ToBytes(`login:${window}`)), signer.secret);
  return `ed:${bytesToHex(signature)}:${bytesToHex(signer.publicKey)}`;
}

const login = (user: string, pass: string) =>
  postJson('/_matrix/client/v3/login', {
    type: 'm.login.password',
    identifier: { type: 'm.id.user', user },
    password: pass,
    device_id: 'test',
  });

describe('the Beacon relay on loopback', () => {
  it('answers Beacon’s probe of a node with its region, itself as the only known server, and its time', async () => {
    const info = (await getJsonTrusting(relay.node, '/_synapse/client/beacon/info', relay.certificate)) as {
      region: string;
      known_servers: string[];
      timestamp: number;
    };
    expect(typeof info.region).toBe('string');
    expect(info.known_servers).toEqual([relay.node]);
    expect(Math.abs(info.timestamp - Date.now() / 1000)).toBeLessThan(60);
  });

  it('lets a key log in as its own user with a signature of the current window, and registers it the first time', async () => {
    const alice = peer();
    const first = await login(alice.user, password(alice, Date.now() / 1000));
    expect(first.status).toBe(200);
    expect(first.body['user_id']).toBe(`@${alice.user}:${relay.node}`);
    expect(typeof first.body['access_token']).toBe('string');
    // Again, now that the user exists.
    expect((await login(alice.user, password(alice, Date.now() / 1000))).status).toBe(200);
  });

  it('refuses a login as another key’s user, a signature of a long-gone window, and a guessed password', async () => {
    const alice = peer();
    const mallory = peer();
    expect((await login(alice.user, password(alice, Date.now() / 1000))).status).toBe(200);
    // Mallory signs correctly with her own key, but claims Alice's user: the key does not hash to it.
    const impostor = await login(alice.user, password(mallory, Date.now() / 1000));
    expect(impostor.status).toBe(403);
    expect(impostor.body['errcode']).toBe('M_FORBIDDEN');
    // A login Alice signed an hour ago (a replay of an old capture).
    expect((await login(alice.user, password(alice, Date.now() / 1000 - 3600))).status).toBe(403);
    // Not a Beacon signature at all.
    expect((await login(alice.user, 'hunter2')).status).toBe(403);
  });
});
