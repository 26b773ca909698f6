import { rngFromSeed } from '../core/rng';
import { openAuction } from './auction';
import { parseBoard } from './board';
import { LONDON, londonBoardData } from './boards/london';
import { shuffledDecks } from './card-deck';
import { parseDecks } from './cards';
import { resolveConfig } from './config';
import { POLY_FIED_DECKS } from './decks/poly-fied';
import { Draft } from './draft';
import { FRESH_TOKENS } from './movement';
import type { GotopolyState } from './state';

/**
 * G2/G3 and seed 1.2–1.3, 3.1: every student starts on GO with a £200 grant and one each of the move tokens 1–6;
 * every uncle with £2,000. The decks are shuffled from the seed (G13), then the opening auction of 6 properties
 * opens (G3) — the first decision of the game is every uncle's sealed bids.
 * @throws ConfigError on invalid options (or a built-in board or deck that fails its schema).
 */
/** The engine version: 2 since ruling G7's amendment of 2026-12-05 (level students move in a drawn order). */
export const GOTOPOLY_VERSION = 2;

/** Version 1 sent level students in seat order, lowest first: its games replay under it. */
const SEAT_ORDER_VERSION = 1;

export function setupGotopoly(input: unknown, seed: string, version = GOTOPOLY_VERSION): GotopolyState {
  const config = resolveConfig(input);
  // The rules read the built-in board and decks as typed data; they are validated like any board and deck before a
  // game is played on them (once: both parsers remember what they have read).
  parseBoard(londonBoardData);
  parseDecks(POLY_FIED_DECKS, LONDON);
  const rng = rngFromSeed(seed);
  const blank: GotopolyState = {
    game: 'gotopoly',
    seq: 0,
    config,
    rng: rng.getState(),
    term: 0,
    stage: { kind: 'over', reason: 'noStudents', winners: [] }, // replaced by the opening auction below
    students: Array.from({ length: config.players }, () => ({
      cash: config.studentGrant,
      progress: 0,
      credits: 0,
      tokens: FRESH_TOKENS,
      risk: 0,
      kept: [],
      jailed: null,
      retired: false,
      restarts: 0,
    })),
    uncles: Array.from({ length: config.players }, () => ({ cash: config.uncleCash })),
    estates: LONDON.spaces.map(() => ({ owner: null, houses: 0, visited: 0 })),
    decks: { chance: { draw: [], discard: [] }, chest: { draw: [], discard: [] } },
  };
  const d = new Draft(blank);
  d.decks = shuffledDecks((items) => d.shuffle(items));
  // G7: drawn after the decks, so a version-1 game's draws stay exactly what they were.
  if (version > SEAT_ORDER_VERSION) d.tieOrder = d.shuffle(Array.from({ length: config.players }, (_, seat) => seat));
  d.emit({ type: 'phaseStarted', term: 0, phase: 'auction' });
  openAuction(d, config.openingLots);
  return { ...d.commit(), seq: 0 };
}
