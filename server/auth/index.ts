/**
 * Wallet sign-in: a person proves they hold a Tezos address by signing a one-time message, and the
 * httpOnly cookie `tp_session` then names that address on every request. Route handlers use `sessionAddress` /
 * `requireAddress`; the lower-level functions take a SqlClient so they run without Next.
 */
import { AccessError } from '../errors';
import { getHost } from '../host';
import { sessionToken } from './cookie';
import { sessionFor } from './sessions';

export {
  createChallenge,
  verifySignIn,
  endSession,
  sessionFor,
  parseChallengeRequest,
  parseSignInRequest,
  CHALLENGE_TTL_MS,
  SESSION_TTL_MS,
  type Challenge,
  type SignInInput,
  type OpenedSession,
} from './sessions';
export { signInMessage, messageAddress, packedStringPayload, type SignInMessageFields } from './sign-in-message';
export { SESSION_COOKIE, sessionToken, sessionCookie, clearedSessionCookie } from './cookie';
export { devnetPlayerAccounts, type DevnetAccount } from './devnet-accounts';
export {
  beaconSettings,
  RELAYS_VAR,
  TIMEOUT_VAR,
  type BeaconSettings,
  type BeaconSettingsResult,
} from './beacon-settings';

/** The address the request's session cookie is signed in as, or null (no cookie, unknown or expired session). */
export async function sessionAddress(request: Request): Promise<string | null> {
  const token = sessionToken(request);
  if (token === null) return null;
  return sessionFor((await getHost()).store.sql, token, new Date());
}

/**
 * The address a page's visitor is signed in as: the value of their session cookie (`cookies().get(SESSION_COOKIE)`,
 * which a server component reads instead of a Request), or null.
 */
export async function sessionAddressOfToken(token: string | null | undefined): Promise<string | null> {
  if (!token) return null;
  return sessionFor((await getHost()).store.sql, token, new Date());
}

/**
 * The signed-in address, for routes that act for a person.
 * @throws HostError 401 `SIGN_IN_REQUIRED` when the request has no live session.
 */
export async function requireAddress(request: Request): Promise<string> {
  const address = await sessionAddress(request);
  if (address === null) throw new AccessError('SIGN_IN_REQUIRED', 'sign in with your wallet first');
  return address;
}
