/**
 * What one client may cost the server, from the environment: request rates, live event streams, how
 * long an idle game stays in memory, and how much of the bank's tez one signed-in wallet may commit. Every limit has
 * a default (docs/security-and-limits.md); a malformed value stops the server with a one-line explanation rather than
 * running without the limit.
 */
import { ServerError } from '../errors';
import { parseRange, type ClientIdentity } from './client';

/**
 * `points` requests per `seconds` (a fixed window), per client and per signed-in wallet; and `global` requests in
 * the same window from everyone together (null: no global cap), so many clients cannot add up to what the server
 * cannot afford.
 */
export interface Rate {
  readonly points: number;
  readonly seconds: number;
  readonly global: number | null;
}

/**
 * The requests that are rate-limited — each costs CPU, storage, a signature or the bank's tez: game creation,
 * actions (and a fair chain's registration), chat posts (per seat too), lobby/room/rematch joins, balance labs,
 * image uploads, sign-in challenges and sessions (and player-name changes), seat hand-overs, and the studio's pieces and
 * boards.
 */
export type RateKind = 'create' | 'action' | 'chat' | 'lab' | 'join' | 'upload' | 'signIn' | 'seat' | 'studio';

export interface LimitSettings {
  /** null: that kind of request is not limited (`off`). */
  readonly rates: Readonly<Record<RateKind, Rate | null>>;
  /** How clients are told apart: trusted proxies and their header, the IPv6 prefix one client owns. */
  readonly identity: ClientIdentity;
  /** Live Server-Sent Events streams at once: per game, and per client over all games. */
  readonly streams: { readonly perGame: number; readonly perClient: number };
  /** A game nobody touched for this long (no stream open, no bot to move) leaves memory until it is next asked for. */
  readonly idleSeconds: number;
  /**
   * Per signed-in wallet: live (unfinished) on-chain games it created, and bot seats over them (the bank funds each);
   * and what the bank may spend on on-chain games in a day (the last 24 hours), in all and for one creator's games
   * (tez; null: no limit).
   */
  readonly chain: {
    readonly gamesPerWallet: number;
    readonly botSeatsPerWallet: number;
    readonly tezPerDay: number | null;
    readonly tezPerWalletPerDay: number | null;
  };
}

export const RATE_VARS: Readonly<Record<RateKind, string>> = {
  create: 'POLE_RATE_CREATE',
  action: 'POLE_RATE_ACTION',
  chat: 'POLE_RATE_CHAT',
  join: 'POLE_RATE_JOIN',
  lab: 'POLE_RATE_LAB',
  upload: 'POLE_RATE_UPLOAD',
  signIn: 'POLE_RATE_SIGN_IN',
  seat: 'POLE_RATE_SEAT',
  studio: 'POLE_RATE_STUDIO',
};

export const LIMIT_VARS = {
  trustedProxies: 'POLE_TRUSTED_PROXIES',
  trustedProxyHeader: 'POLE_TRUSTED_PROXY_HEADER',
  ipv6Prefix: 'POLE_IPV6_PREFIX',
  streamsPerGame: 'POLE_SSE_PER_GAME',
  streamsPerClient: 'POLE_SSE_PER_CLIENT',
  idleSeconds: 'POLE_GAME_IDLE_SECONDS',
  chainGamesPerWallet: 'POLE_CHAIN_GAMES_PER_WALLET',
  chainBotSeatsPerWallet: 'POLE_CHAIN_BOT_SEATS_PER_WALLET',
  bankTezPerDay: 'POLE_BANK_TEZ_PER_DAY',
  bankTezPerWalletPerDay: 'POLE_BANK_TEZ_PER_WALLET_PER_DAY',
} as const;

export const DEFAULT_LIMITS: LimitSettings = {
  rates: {
    // A person creates a few games an hour; a script creating hundreds is what this stops.
    create: { points: 10, seconds: 60, global: 300 },
    // Hot-seat play is a click a second at most; bots move on the server and are not counted.
    action: { points: 120, seconds: 10, global: 6000 },
    chat: { points: 20, seconds: 60, global: 3000 },
    // A person joins a game or two from the lobby; a script collecting every free seat is what this stops.
    join: { points: 10, seconds: 60, global: 600 },
    // A lab plays up to 5,000 games (a few CPU seconds each time): the server runs a few a minute for everyone.
    lab: { points: 6, seconds: 60, global: 30 },
    // An artist uploads a work's image now and then; each is up to 10 MiB kept on IPFS, and decoding it costs CPU.
    upload: { points: 20, seconds: 600, global: 300 },
    // Each challenge is a stored nonce and each session a signature checked: a person signs in now and then.
    signIn: { points: 20, seconds: 60, global: 1200 },
    // Opening an invite link hands a token over once per browser.
    seat: { points: 30, seconds: 60, global: 1800 },
    // Featuring a piece (up to 256 KiB stored) or composing a board: an artist's afternoon, not a script's second.
    studio: { points: 30, seconds: 600, global: 600 },
  },
  identity: { trustedProxies: [], forwardedHeader: 'x-forwarded-for', ipv6Prefix: 64 },
  streams: { perGame: 100, perClient: 20 },
  idleSeconds: 300,
  // A 4-bot game costs the bank about 1.2 ꜩ (npm run bench -- --filter bank); a new game holds its bound (up to 5 ꜩ)
  // until it is closed. Fresh keys cost the bank no more than the day's allowance in all.
  chain: { gamesPerWallet: 2, botSeatsPerWallet: 5, tezPerDay: 100, tezPerWalletPerDay: 10 },
};

/** A limit variable that cannot be read. */
export class LimitConfigError extends ServerError {
  override readonly name = 'LimitConfigError';
  protected readonly kind = 'LimitConfigError';
  readonly code = 'BAD_LIMIT';
}

type Env = Readonly<Record<string, string | undefined>>;

function rate(env: Env, variable: string, fallback: Rate | null): Rate | null {
  const raw = env[variable]?.trim();
  if (!raw) return fallback;
  if (raw === 'off') return null;
  const m = /^(\d{1,9})\/(\d{1,7})(?:\/(\d{1,9}|off))?$/.exec(raw);
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1 || m[3] === '0')
    throw new LimitConfigError(
      `${variable} must be REQUESTS/SECONDS (e.g. 10/60), REQUESTS/SECONDS/GLOBAL (10/60/500) or off, not ${JSON.stringify(raw)}`,
    );
  const points = Number(m[1]);
  const seconds = Number(m[2]);
  // Without a global figure, the default's ratio of global to per-client is kept.
  const global =
    m[3] === 'off'
      ? null
      : m[3] !== undefined
        ? Number(m[3])
        : fallback?.global != null
          ? Math.max(points, Math.round((fallback.global / fallback.points) * points))
          : null;
  return { points, seconds, global };
}

function proxies(env: Env, variable: string): ClientIdentity['trustedProxies'] {
  const raw = env[variable]?.trim();
  if (!raw) return [];
  return raw.split(',').map((entry) => {
    const range = parseRange(entry);
    if (range === null)
      throw new LimitConfigError(
        `${variable} must list addresses or CIDR ranges, comma-separated (e.g. 10.0.0.0/8,::1), not ${JSON.stringify(entry.trim())}`,
      );
    return range;
  });
}

function count(env: Env, variable: string, fallback: number, min = 0, max = 999_999_999): number {
  const raw = env[variable]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new LimitConfigError(
      `${variable} must be a whole number${min > 0 || max < 999_999_999 ? ` from ${min} to ${max}` : ''}, not ${JSON.stringify(raw)}`,
    );
  return Number(raw);
}

/** Tez as a decimal (at most 6 places), or `off` for no limit. */
function tezOrOff(env: Env, variable: string, fallback: number | null): number | null {
  const raw = env[variable]?.trim();
  if (!raw) return fallback;
  if (raw === 'off') return null;
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(raw))
    throw new LimitConfigError(`${variable} must be an amount of tez (e.g. 12.5) or off, not ${JSON.stringify(raw)}`);
  return Number(raw);
}

function headerName(env: Env, variable: string): string | null {
  const raw = env[variable]?.trim().toLowerCase();
  if (!raw) return null;
  if (!/^[a-z0-9-]{1,64}$/.test(raw))
    throw new LimitConfigError(`${variable} must be a header name (e.g. x-forwarded-for), not ${JSON.stringify(raw)}`);
  return raw;
}

/**
 * The limits under this environment: each variable overrides its default.
 * @throws LimitConfigError naming the variable and what it must look like
 */
export function limitSettingsFromEnv(env: Env): LimitSettings {
  const d = DEFAULT_LIMITS;
  return {
    rates: {
      create: rate(env, RATE_VARS.create, d.rates.create),
      action: rate(env, RATE_VARS.action, d.rates.action),
      chat: rate(env, RATE_VARS.chat, d.rates.chat),
      join: rate(env, RATE_VARS.join, d.rates.join),
      lab: rate(env, RATE_VARS.lab, d.rates.lab),
      upload: rate(env, RATE_VARS.upload, d.rates.upload),
      signIn: rate(env, RATE_VARS.signIn, d.rates.signIn),
      seat: rate(env, RATE_VARS.seat, d.rates.seat),
      studio: rate(env, RATE_VARS.studio, d.rates.studio),
    },
    identity: {
      trustedProxies: proxies(env, LIMIT_VARS.trustedProxies),
      forwardedHeader: headerName(env, LIMIT_VARS.trustedProxyHeader) ?? d.identity.forwardedHeader,
      ipv6Prefix: count(env, LIMIT_VARS.ipv6Prefix, d.identity.ipv6Prefix, 16, 128),
    },
    streams: {
      perGame: count(env, LIMIT_VARS.streamsPerGame, d.streams.perGame),
      perClient: count(env, LIMIT_VARS.streamsPerClient, d.streams.perClient),
    },
    idleSeconds: count(env, LIMIT_VARS.idleSeconds, d.idleSeconds),
    chain: {
      gamesPerWallet: count(env, LIMIT_VARS.chainGamesPerWallet, d.chain.gamesPerWallet),
      botSeatsPerWallet: count(env, LIMIT_VARS.chainBotSeatsPerWallet, d.chain.botSeatsPerWallet),
      tezPerDay: tezOrOff(env, LIMIT_VARS.bankTezPerDay, d.chain.tezPerDay),
      tezPerWalletPerDay: tezOrOff(env, LIMIT_VARS.bankTezPerWalletPerDay, d.chain.tezPerWalletPerDay),
    },
  };
}
