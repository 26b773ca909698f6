import { randomInt, rngFromSeed } from '../core/rng';
import { checkTenDeck } from './card-schema';
import { deckFor, TEN_DECK } from './cards';
import { resolveConfig } from './config';
import { Draft } from './draft';
import { startTurn } from './drawing';
import type { TenState } from './state';

/**
 * Set-up: the deck for the player count (T2), shuffled from the seed; 5 currency tokens each, the rest and the bust
 * tokens in the supply; a start player drawn from the seed (the reference card with the start symbol), whose turn
 * begins with a draw (T3).
 * @throws ConfigError on invalid options (or a deck that fails its schema).
 */
export function setupTen(input: unknown, seed: string): TenState {
  const config = resolveConfig(input);
  // The rules read the deck as typed data; it is validated before a game is played with it (once: checkTenDeck
  // remembers it).
  checkTenDeck(TEN_DECK);
  const rng = rngFromSeed(seed);
  const startSeat = randomInt(rng, 0, config.players - 1);
  const blank: TenState = {
    game: 'ten',
    seq: 0,
    config,
    rng: rng.getState(),
    deck: [],
    tableau: [],
    market: [],
    discard: [],
    supply: { tokens: config.tokenSupply - config.startingTokens * config.players, bustTokens: config.bustSupply },
    players: Array.from({ length: config.players }, () => ({
      tokens: config.startingTokens,
      bustTokens: 0,
      collection: [],
    })),
    startSeat,
    current: startSeat,
    turn: 0,
    deckOut: false,
    stage: { kind: 'over', scores: [], winners: [] }, // replaced by the first turn below
  };
  const d = new Draft(blank);
  d.deck = d.shuffle(deckFor(config.players).map((c) => c.id));
  startTurn(d, startSeat);
  return { ...d.commit(), seq: 0 };
}
