/**
 * What the ratings routes answer (their shapes, for the pages and the verifier) and the limits of what they take.
 * Types and constants only: the browser imports this module.
 */
import type { GameId } from '../../engine';
import type { Skill } from './model';

/** The games with ratings, by id, as their boards' paths name them. */
export const RATED_GAMES: readonly GameId[] = ['pole', 'gotopoly', 'ten'];

/** A leaderboard page's size unless the request names one, and the most a page may hold. */
export const BOARD_PAGE = 50;
export const BOARD_PAGE_MAX = 100;
/** The most rated games one page of the published list holds. */
export const RATED_LIST_MAX = 500;
/** A player's newest rated games on their profile. */
export const PROFILE_RECENT = 20;
/** How long a player keeps a name before changing it again (their first choice is free). */
export const RENAME_EVERY_MS = 7 * 24 * 60 * 60 * 1000;

/** A leaderboard row: the conservative rating μ − 3σ the board sorts by, and what it comes from. */
export interface BoardRow extends Skill {
  /** 1 is first. */
  readonly position: number;
  readonly address: string;
  /** The player's chosen name, if any. */
  readonly name: string | null;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  /** Games left before their end, ranked last. */
  readonly left: number;
}

/** `GET /api/leaderboard/<game>?page=&size=&all=`. */
export interface LeaderboardResponse {
  readonly game: GameId;
  /** 1-based. */
  readonly page: number;
  readonly size: number;
  /** Players on the board (with `all`, every rated player). */
  readonly total: number;
  /** Rated games a player needs to be on the board (0 with `all`). */
  readonly minGames: number;
  readonly rows: readonly BoardRow[];
  /** The signed-in player's own row, wherever it is on the board; null when they are not on it or not signed in. */
  readonly you: BoardRow | null;
}

/** A player's standing in one game. */
export interface PlayerGameStats extends Skill {
  readonly game: GameId;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly left: number;
  /** Their place on the game's board; null until they have played enough rated games. */
  readonly position: number | null;
}

/** One rated game on a player's profile. */
export interface PlayerRecentGame {
  readonly gameId: string;
  readonly game: GameId;
  readonly finishedAt: number;
  readonly rank: number;
  readonly people: number;
  readonly leaver: boolean;
  readonly before: Skill;
  readonly after: Skill;
}

/** `GET /api/players/<address>`. */
export interface PlayerProfile {
  readonly address: string;
  readonly name: string | null;
  /** When they may change their name again (ms since epoch); null: now. */
  readonly renameAfter: number | null;
  readonly stats: readonly PlayerGameStats[];
  readonly recent: readonly PlayerRecentGame[];
  /** Rated games a player needs to be on a board. */
  readonly boardMinGames: number;
}

/** A rated person's place in a published rated game, and their skill before and after it. */
export interface PublishedPlacing {
  readonly seat: number;
  readonly address: string;
  readonly rank: number;
  readonly leaver: boolean;
  readonly before: Skill;
  readonly after: Skill;
}

/** One entry of the published list of rated games, in the order their ratings were applied. */
export interface PublishedRatedGame {
  readonly n: number;
  readonly gameId: string;
  readonly game: GameId;
  readonly finishedAt: number;
  /** The hash of the final state its record must replay to. */
  readonly finalHash: string;
  /** The path of its record (`/api/games/<id>/record`). */
  readonly record: string;
  readonly placings: readonly PublishedPlacing[];
}

/** `GET /api/ratings/games?after=&limit=`. */
export interface RatedGamesResponse {
  readonly games: readonly PublishedRatedGame[];
  /** The `after` of the next page; null on the last. */
  readonly next: number | null;
}

/** `GET /api/games/<id>/rating`: how a finished game was rated, or why it was not. */
export type GameRatingResponse =
  | { readonly rated: true; readonly placings: readonly PublishedPlacing[] }
  | { readonly rated: false; readonly reason: string | null };

/** `PUT /api/players/me/name` answers the profile as it is now. */
export interface RenameRequest {
  readonly name: string;
}
