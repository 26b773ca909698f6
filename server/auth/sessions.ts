/**
 * Wallet sign-in over the database (tables `sign_in_challenges` and `sessions`), without HTTP: a one-time message
 * for an address, its signature checked against the address's public key, and the session it opens. Only hashes of
 * session tokens are stored, so a copy of the database cannot be replayed as cookies.
 */
import { randomBytes } from 'node:crypto';
import { getPkhfromPk, verifySignature } from '@taquito/utils';
import { z } from 'zod';
import { plainText } from '../../engine/core/text';
import { isNetworkConfigError } from '../../chain/errors';
import { networkFromEnv } from '../../chain/networks';
import { isAccountAddress, isPublicKey, isSignature } from '../../chain/validate';
import { AccessError, ChainGameError, RequestError } from '../errors';
import { hashToken, newToken } from '../host/tokens';
import type { SqlClient } from '../store';
import { messageAddress, packedStringPayload, signInMessage } from './sign-in-message';

/** How long a sign-in message can be signed and sent back. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** How long a session lasts (the cookie's Max-Age too). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface Challenge {
  readonly nonce: string;
  /** The text the wallet shows and signs. */
  readonly message: string;
  /** Hex bytes to sign with SigningType.MICHELINE: `message` packed as a Michelson string. */
  readonly payload: string;
}

export interface SignInInput {
  readonly nonce: string;
  readonly address: string;
  /** The address's public key (edpk…, sppk…, p2pk…, BLpk…). */
  readonly publicKey: string;
  /** The signature of the challenge's payload (edsig…, spsig1…, p2sig…, BLsig…, or sig…). */
  readonly signature: string;
}

export interface OpenedSession {
  /** The secret the cookie carries; never stored. */
  readonly token: string;
  readonly address: string;
  readonly expiresAt: Date;
}

const NONCE = /^[0-9a-f]{32}$/;

// Strict: a form posted from another site cannot smuggle a sign-in in extra fields of another shape.
const challengeRequestSchema = z.object({ address: plainText(z.string().max(64)) }).strict();
const signInSchema = z
  .object({
    nonce: plainText(z.string().max(64)),
    address: plainText(z.string().max(64)),
    publicKey: plainText(z.string().max(256)),
    signature: plainText(z.string().max(256)),
  })
  .strict();

/** `{ address }` of a challenge request. @throws HostError 400 `MALFORMED_REQUEST`. */
export function parseChallengeRequest(body: unknown): { address: string } {
  const parsed = challengeRequestSchema.safeParse(body);
  if (!parsed.success) throw new RequestError('MALFORMED_REQUEST', 'expected { address: "tz1…" }');
  return parsed.data;
}

/** `{ nonce, address, publicKey, signature }` of a sign-in request. @throws HostError 400 `MALFORMED_REQUEST`. */
export function parseSignInRequest(body: unknown): SignInInput {
  const parsed = signInSchema.safeParse(body);
  if (!parsed.success)
    throw new RequestError('MALFORMED_REQUEST', 'expected { nonce, address, publicKey, signature } (strings)');
  return parsed.data;
}

/** Only implicit accounts (tz1–tz4) hold a key that can sign. @throws HostError 400 `BAD_ADDRESS`. */
function checkAccountAddress(address: string): void {
  if (!isAccountAddress(address)) {
    throw new AccessError(
      'BAD_ADDRESS',
      `not a Tezos account address (tz1…, tz2…, tz3… or tz4…): ${JSON.stringify(address)}`,
    );
  }
}

/** The name of the network this process is configured for, as the sign-in message states it. */
function configuredNetwork(): string {
  try {
    return networkFromEnv(process.env).name;
  } catch (err) {
    if (isNetworkConfigError(err))
      throw new ChainGameError('CHAIN_NOT_CONFIGURED', `the Tezos network setting is unusable: ${err.message}`);
    throw err;
  }
}

/**
 * A one-time sign-in message for `address`, valid for 5 minutes. Expired messages are cleared on the way.
 * @throws HostError 400 `BAD_ADDRESS` when `address` is not a tz1–tz4 account.
 */
export async function createChallenge(
  sql: SqlClient,
  address: string,
  now: Date,
  network: string = configuredNetwork(),
): Promise<Challenge> {
  checkAccountAddress(address);
  const nonce = randomBytes(16).toString('hex');
  const message = signInMessage({ address, network, nonce, issuedAt: now.toISOString() });
  await sql.query('DELETE FROM sign_in_challenges WHERE expires_at <= $1', [now.toISOString()]);
  await sql.query('INSERT INTO sign_in_challenges (nonce, message, expires_at) VALUES ($1, $2, $3)', [
    nonce,
    message,
    new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
  ]);
  return { nonce, message, payload: packedStringPayload(message) };
}

/**
 * Checks a signed challenge and opens a 30-day session for its address; the challenge is used up. Nothing changes
 * when it is refused, so a mistyped request can be corrected and sent again while the challenge lasts.
 * @throws HostError 400 `MALFORMED_REQUEST` (not a key / signature), 400 `BAD_ADDRESS` (not an account, or not the
 *   address the message was issued to), 401 `CHALLENGE_EXPIRED` (unknown, used or past its 5 minutes),
 *   401 `BAD_SIGNATURE` (the key is not the address's, or did not sign this message).
 */
export async function verifySignIn(sql: SqlClient, input: SignInInput, now: Date): Promise<OpenedSession> {
  const { nonce, address, publicKey, signature } = input;
  checkAccountAddress(address);
  if (!isPublicKey(publicKey)) throw new RequestError('MALFORMED_REQUEST', 'publicKey is not a Tezos public key');
  if (!isSignature(signature)) throw new RequestError('MALFORMED_REQUEST', 'signature is not a Tezos signature');

  const expired = new AccessError(
    'CHALLENGE_EXPIRED',
    'this sign-in message has expired or was already used: ask for a new one',
  );
  if (!NONCE.test(nonce)) throw expired;
  const [challenge] = await sql.query<{ message: string; expires_at: Date | string }>(
    'SELECT message, expires_at FROM sign_in_challenges WHERE nonce = $1',
    [nonce],
  );
  if (!challenge || new Date(challenge.expires_at).getTime() <= now.getTime()) throw expired;

  const issuedTo = messageAddress(challenge.message);
  if (issuedTo !== address)
    throw new AccessError('BAD_ADDRESS', `this sign-in message was issued to ${issuedTo}, not to ${address}`);
  if (getPkhfromPk(publicKey) !== address)
    throw new AccessError('BAD_SIGNATURE', `the public key ${publicKey} is not the key of ${address}`);
  let valid: boolean;
  try {
    valid = verifySignature(packedStringPayload(challenge.message), publicKey, signature);
  } catch {
    // A signature of another curve than the key's: not a signature by this key either.
    valid = false;
  }
  if (!valid)
    throw new AccessError('BAD_SIGNATURE', `the signature is not ${address}'s signature of this sign-in message`);

  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await sql.query('DELETE FROM sessions WHERE expires_at <= $1', [now.toISOString()]);
  // One statement uses the challenge up and opens the session, so two requests racing with one signature open one.
  const opened = await sql.query(
    `WITH used AS (DELETE FROM sign_in_challenges WHERE nonce = $1 AND expires_at > $2 RETURNING nonce)
     INSERT INTO sessions (token_hash, address, public_key, expires_at) SELECT $3, $4, $5, $6 FROM used RETURNING token_hash`,
    [nonce, now.toISOString(), hashToken(token), address, publicKey, expiresAt.toISOString()],
  );
  if (opened.length === 0) throw expired;
  return { token, address, expiresAt };
}

/** The address a session token is signed in as, or null when the token is unknown or its session has expired. */
export async function sessionFor(sql: SqlClient, token: string, now: Date): Promise<string | null> {
  const [row] = await sql.query<{ address: string }>(
    'SELECT address FROM sessions WHERE token_hash = $1 AND expires_at > $2',
    [hashToken(token), now.toISOString()],
  );
  return row?.address ?? null;
}

/** Signs out: the session of `token` ends (nothing happens for an unknown token). */
export async function endSession(sql: SqlClient, token: string): Promise<void> {
  await sql.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}
