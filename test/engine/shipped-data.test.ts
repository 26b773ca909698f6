/**
 * The engines' built-in boards and decks are typed data that the rules (and a table in the browser) read as they are,
 * without zod; each must pass the schema a board or deck from outside passes, and be what its parser
 * returns, or a game would be set up on data that no custom board could match. The engine checks them again when a
 * game is set up.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configError } from './game-checks';
import {
  LONDON,
  londonBoardData,
  parseBoard as parseGotopolyBoard,
  parseDecks,
  POLY_FIED_DECKS,
} from '../../engine/gotopoly';
import { GENESIS, parseBoard as parsePoleBoard, pole } from '../../engine/pole';
import { checkTenDeck, TEN_DECK, type Card } from '../../engine/ten';

const ENGINE = path.resolve(import.meta.dirname, '../../engine');

/** The code of the ConfigError `run` throws. */
const configErrorCode = (run: () => unknown): string => configError(run).code;

describe('every shipped data file passes its schema', () => {
  it('the data files are these three, each checked below (a new board or deck is added here)', () => {
    const files = ['pole/boards', 'gotopoly/boards', 'gotopoly/decks'].flatMap((dir) =>
      readdirSync(path.join(ENGINE, dir)).map((f) => `${dir}/${f}`),
    );
    expect(files.sort()).toEqual([
      'gotopoly/boards/london.ts',
      'gotopoly/decks/poly-fied.ts',
      'pole/boards/genesis.ts',
    ]);
  });

  it('Tezos Pole, pole/boards/genesis.ts: Genesis passes the board schema as it is, and a new game is set up on it', () => {
    expect(parsePoleBoard(structuredClone(GENESIS))).toEqual(GENESIS);
    expect(pole.setup({ players: 2 }, 'shipped').config.board).toEqual(GENESIS);
  });

  it('Gotopoly, gotopoly/boards/london.ts: London passes the board schema, with the same lookups the rules read', () => {
    expect(parseGotopolyBoard(structuredClone(londonBoardData))).toEqual(LONDON);
  });

  it('Gotopoly, gotopoly/decks/poly-fied.ts: the Poly-fied decks pass the decks schema against London as they are', () => {
    expect(parseDecks(structuredClone(POLY_FIED_DECKS), LONDON)).toEqual(POLY_FIED_DECKS);
  });

  it('Ten, ten/cards.ts: the 129-card deck passes the cards schema; a card out of it or a repeated id does not', () => {
    expect(() => checkTenDeck(TEN_DECK)).not.toThrow();
    const broken = TEN_DECK.map((c): Card => (c.kind === 'number' && c.id === 'red-9' ? { ...c, number: 10 } : c));
    expect(configErrorCode(() => checkTenDeck(broken))).toBe('BAD_DECK');
    const repeated = TEN_DECK.map((c, i): Card => (i === 1 ? { ...c, id: TEN_DECK[0]!.id } : c));
    expect(configErrorCode(() => checkTenDeck(repeated))).toBe('BAD_DECK');
  });
});
