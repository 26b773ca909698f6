import type { GameId } from '../../engine/core';

/** What the app says about each game: its name, a one-line pitch, its seat range and its money. */
export interface GameInfo {
  readonly id: GameId;
  readonly name: string;
  readonly pitch: string;
  /** Seats a table may have (the engine's `players` bounds). */
  readonly minSeats: number;
  readonly maxSeats: number;
  /** Seats a new-game form starts with. */
  readonly defaultSeats: number;
  /** How money is written in this game's options ("Tz", "£", "tokens"). */
  readonly money: string;
}

export const GAMES: Readonly<Record<GameId, GameInfo>> = {
  pole: {
    id: 'pole',
    name: 'Tezos Pole',
    pitch: 'Roll around a gallery of artists’ works, buy 1/1s and editions, collect royalties, and let the final valuation roll crown the richest collector.',
    minSeats: 2,
    maxSeats: 6,
    defaultSeats: 4,
    money: 'Tz',
  },
  gotopoly: {
    id: 'gotopoly',
    name: 'Gotopoly',
    pitch: 'Students race anti-clockwise round London for nine term credits while their landlord uncles bid, build and trade behind their backs.',
    minSeats: 2,
    maxSeats: 6,
    defaultSeats: 4,
    money: '£',
  },
  ten: {
    id: 'ten',
    name: 'Ten',
    pitch: 'Draw as many cards as you dare without busting, bid for jokers, and build the longest runs of each colour — solo or with up to five.',
    minSeats: 1,
    maxSeats: 5,
    defaultSeats: 3,
    money: 'tokens',
  },
};

export const GAME_IDS: readonly GameId[] = ['pole', 'gotopoly', 'ten'];

export const isGameId = (value: unknown): value is GameId => typeof value === 'string' && (GAME_IDS as readonly string[]).includes(value);
