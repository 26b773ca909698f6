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
  /** The site footer on this game's pages: which rules are played, and what its pictures are. */
  readonly footer: string;
}

export const GAMES: Readonly<Record<GameId, GameInfo>> = {
  pole: {
    id: 'pole',
    name: 'Tezos Pole',
    pitch:
      'Roll around a gallery of artists’ works, buy 1/1s and editions, collect royalties, and let the final valuation roll crown the richest collector.',
    minSeats: 2,
    maxSeats: 6,
    defaultSeats: 4,
    money: 'Tz',
    footer:
      'Tezos Pole rules v1.0 with the table’s rulings. Tile art is generated from each tile’s id; no real artwork is reproduced, and apart from the two editions the rules name, every artist and work on the Genesis board is invented.',
  },
  gotopoly: {
    id: 'gotopoly',
    name: 'Gotopoly',
    pitch:
      'Students race anti-clockwise round London for nine term credits while their landlord uncles bid, build and trade behind their backs.',
    minSeats: 2,
    maxSeats: 6,
    defaultSeats: 4,
    money: '£',
    footer:
      'Gotopoly V2.1 by Howard Bishop, a Monopoly variant, with the table’s rulings. The board is drawn from its data; no published board’s artwork is reproduced.',
  },
  ten: {
    id: 'ten',
    name: 'Ten',
    pitch:
      'Draw as many cards as you dare without busting, bid for jokers, and build the longest runs of each colour — solo or with up to five.',
    minSeats: 1,
    maxSeats: 5,
    defaultSeats: 3,
    money: 'tokens',
    footer:
      'Ten, the auction card game, played from an English rendering of its rules summary with the table’s rulings. The cards are drawn from their numbers and colours; no published card art is reproduced.',
  },
};

export const GAME_IDS: readonly GameId[] = ['pole', 'gotopoly', 'ten'];

export const isGameId = (value: unknown): value is GameId =>
  typeof value === 'string' && (GAME_IDS as readonly string[]).includes(value);
