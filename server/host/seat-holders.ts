import type { SeatId } from '../../engine';
import type { SqlDriver } from '../store/driver';
import type { GameRow } from '../store';
import type { Holder } from './access';
import { hashToken } from './tokens';

/** The most games My games lists (the newest opened): each listed game is read, so the list is bounded. */
export const MY_GAMES = 100;

/**
 * Who holds which seats ("My games"): a browser, by its httpOnly `tp_browser` cookie, and a signed-in
 * wallet remember the seats whose invite tokens they handed over, so a closed tab or another device (signed in) gets
 * back in without the link. Only hashes are kept: the browser id's and the seat token's. An entry counts only while
 * its token hash is the seat's current one (migration 6).
 */

/** The seat number a host token's entry is stored under. */
const HOST_SEAT = -1;

/** A seat (or the host token: `seat` null) some holder keeps, with the hash of the token it was given. */
export interface HeldSeat {
  readonly gameId: string;
  readonly seat: SeatId | null;
  readonly tokenHash: string;
}

/** The holder key of a browser id (its cookie's value, hashed: a leaked table names no browser's cookie). */
export const browserHolder = (browserId: string): string => `browser:${hashToken(browserId)}`;

/** The holder key of a signed-in wallet. */
export const walletHolder = (address: string): string => `wallet:${address}`;

/** The holder keys of a request: its browser's and its signed-in wallet's, when it has them. */
export function holderKeys(context: { readonly browser?: string | null; readonly address?: string | null }): string[] {
  return [
    ...(context.browser ? [browserHolder(context.browser)] : []),
    ...(context.address ? [walletHolder(context.address)] : []),
  ];
}

/** Whether a held entry still holds its seat: its token is still the seat's (or the host's). */
export function stillHeld(row: GameRow, held: HeldSeat): boolean {
  const current = held.seat === null ? row.hostTokenHash : (row.seats[held.seat]?.tokenHash ?? null);
  return current !== null && current === held.tokenHash;
}

/**
 * Who a request without a token is, from the seats its browser and wallet hold in this game. The hot-seat host token
 * holds every human seat; otherwise the seat asked for (`seat`) when held, else the first held seat; else the online
 * host token (a spectator who mutes); else a spectator.
 */
export function heldHolder(row: GameRow, held: readonly HeldSeat[], seat: SeatId | undefined): Holder {
  const valid = held.filter((h) => h.gameId === row.id && stillHeld(row, h));
  const host = valid.some((h) => h.seat === null);
  if (host && row.mode === 'hotseat') return { kind: 'host' };
  const seats = valid.flatMap((h) => (h.seat === null ? [] : [h.seat])).sort((a, b) => a - b);
  const chosen = seat !== undefined && seats.includes(seat) ? seat : seats[0];
  if (chosen !== undefined) return { kind: 'seat', seat: chosen };
  return host ? { kind: 'spectator', onlineHost: true } : { kind: 'spectator' };
}

interface HeldRow {
  readonly game_id: string;
  readonly seat: number;
  readonly token_hash: string;
}

const heldOf = (r: HeldRow): HeldSeat => ({
  gameId: r.game_id,
  seat: r.seat === HOST_SEAT ? null : r.seat,
  tokenHash: r.token_hash,
});

/** The seat_holders table. */
export class SeatHolders {
  constructor(private readonly sql: SqlDriver) {}

  /** `holders` hold `seat` (null: the host token) of a game with the token whose hash is `tokenHash`. */
  async hold(holders: readonly string[], gameId: string, seat: SeatId | null, tokenHash: string): Promise<void> {
    for (const holder of holders) {
      await this.sql.query(
        `INSERT INTO seat_holders (holder, game_id, seat, token_hash) VALUES ($1, $2, $3, $4)
         ON CONFLICT (holder, game_id, seat) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
        [holder, gameId, seat ?? HOST_SEAT, tokenHash],
      );
    }
  }

  /**
   * What `holders` hold in one game, or, without `gameId`, in their newest MY_GAMES games (the ones they opened last):
   * My games reads every game it lists, so a holder of thousands of seats must not make it read thousands.
   */
  async held(holders: readonly string[], gameId?: string): Promise<HeldSeat[]> {
    if (holders.length === 0) return [];
    const rows = await this.sql.query<HeldRow>(
      gameId === undefined
        ? `SELECT DISTINCT game_id, seat, token_hash FROM seat_holders
           WHERE holder = ANY($1::text[]) AND game_id IN (
             SELECT game_id FROM seat_holders WHERE holder = ANY($1::text[])
             GROUP BY game_id ORDER BY max(created_at) DESC, game_id LIMIT $2)
           ORDER BY game_id, seat`
        : 'SELECT DISTINCT game_id, seat, token_hash FROM seat_holders WHERE holder = ANY($1::text[]) AND game_id = $2 ORDER BY seat',
      gameId === undefined ? [holders, MY_GAMES] : [holders, gameId],
    );
    return rows.map(heldOf);
  }

  /** Every holder of a game's seats (not of its host token), with the token hash each was given. */
  async holdersOf(gameId: string): Promise<(HeldSeat & { readonly holder: string })[]> {
    const rows = await this.sql.query<HeldRow & { holder: string }>(
      'SELECT holder, game_id, seat, token_hash FROM seat_holders WHERE game_id = $1 AND seat <> $2 ORDER BY seat, holder',
      [gameId, HOST_SEAT],
    );
    return rows.map((r) => ({ ...heldOf(r), holder: r.holder }));
  }

  /**
   * A wallet signing in on a browser takes on the seats that browser holds: opened before signing in,
   * they come back on any device signed in with it. Whoever signs in here could play them on this browser already.
   */
  async adopt(browser: string, wallet: string): Promise<void> {
    await this.sql.query(
      `INSERT INTO seat_holders (holder, game_id, seat, token_hash)
       SELECT $2, game_id, seat, token_hash FROM seat_holders WHERE holder = $1
       ON CONFLICT (holder, game_id, seat) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = now()`,
      [browser, wallet],
    );
  }

  /** `holders` forget every seat of a game. */
  async forget(holders: readonly string[], gameId: string): Promise<void> {
    if (holders.length === 0) return;
    await this.sql.query('DELETE FROM seat_holders WHERE holder = ANY($1::text[]) AND game_id = $2', [holders, gameId]);
  }
}
