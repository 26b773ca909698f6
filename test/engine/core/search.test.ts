/**
 * The strong players (engine/core/search.ts) of every game: they decide from a seat's view only, keep to their budget,
 * and always answer an action the rules accept. Each game's determinization has its own file
 * (test/engine/<game>/strong.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  forkRng,
  games,
  playStep,
  rngFromSeed,
  strongBot,
  strongPlayers,
  type Bot,
  type GameDefinition,
  type GameId,
  type SearchGame,
  type SeatId,
} from '../../../engine';
import { gotopolyBots } from '../../../engine/gotopoly';
import { gotopolySearch } from '../../../engine/gotopoly/strong';
import { poleBots } from '../../../engine/pole';
import { poleSearch } from '../../../engine/pole/strong';
import { tenBots } from '../../../engine/ten';
import { tenSearch } from '../../../engine/ten/strong';

interface Table {
  readonly id: GameId;
  readonly definition: GameDefinition<unknown, unknown, unknown>;
  readonly bots: { readonly random: Bot<unknown, unknown>; readonly heuristic: Bot<unknown, unknown> };
  /** What the search needs of the game: its first candidate is the move played with no time to search. */
  readonly search: SearchGame<unknown, unknown, unknown>;
}

const TABLES: readonly Table[] = [
  { id: 'pole', definition: games.pole, bots: poleBots as Table['bots'], search: poleSearch as Table['search'] },
  {
    id: 'gotopoly',
    definition: games.gotopoly,
    bots: gotopolyBots as Table['bots'],
    search: gotopolySearch as Table['search'],
  },
  { id: 'ten', definition: games.ten, bots: tenBots as Table['bots'], search: tenSearch as Table['search'] },
];

interface Position {
  readonly state: unknown;
  readonly seat: SeatId;
}

/** Plays `steps` actions of a game with `bot` in every seat; the position then, or null once the game is over. */
function positionAfter(table: Table, players: number, seed: string, steps: number, bot: Bot<unknown, unknown>) {
  const { definition } = table;
  let state = definition.setup({ players }, seed);
  const rng = rngFromSeed(`${seed}/bots`);
  const bots = new Array<Bot<unknown, unknown>>(players).fill(bot);
  for (let k = 0; k < steps; k++) {
    const step = playStep(definition, state, bots, rng);
    if (!step) return null;
    state = step.state;
  }
  const pending = definition.pending(state);
  return pending.length ? { state, seat: pending[0]!.seat } : null;
}

/** The first positions of a heuristic game where the seat to act has a real choice (more than one legal action). */
function choices(table: Table, seed: string, count: number): Position[] {
  const out: Position[] = [];
  for (let steps = 0; out.length < count; steps++) {
    const position = positionAfter(table, 4, seed, steps, table.bots.heuristic);
    if (!position) break;
    if (table.definition.legal(position.state, position.seat).length > 1) out.push(position);
  }
  return out;
}

const view = (table: Table, { state, seat }: Position) => table.definition.view(state, seat);

/**
 * Actions whose terms `legal` lists only a representative menu of, while the rules accept any within them: sealed
 * bids and trade offers (Gotopoly), and which cards pay a price (Ten). The heuristic bots, and so the strong players,
 * may choose terms off the menu.
 */
const OPEN_TERMS: Readonly<Record<GameId, readonly string[]>> = {
  pole: [],
  gotopoly: ['bid', 'offerTrade'],
  ten: ['buy', 'pay'],
};

/** The rules accept `action` from the seat, and it is on the legal menu (or of a kind whose terms are open). */
function expectAccepted(table: Table, { state, seat }: Position, action: unknown): void {
  expect(() => table.definition.apply(state, seat, action)).not.toThrow();
  const legal = table.definition.legal(state, seat);
  const type = (action as { type: string }).type;
  if (OPEN_TERMS[table.id].includes(type)) expect(legal.map((a) => (a as { type: string }).type)).toContain(type);
  else expect(legal).toContainEqual(action);
}

describe.each(TABLES)('$id: the strong player', (table) => {
  const player = strongPlayers[table.id];

  it('is named strong and searches with a default budget', () => {
    expect(player.name).toBe('strong');
    expect(player.defaultIterations).toBeGreaterThan(0);
  });

  it('answers at once, without searching, when only one action is legal', () => {
    const position = positionAfter(table, 4, 'single', 0, table.bots.heuristic)!;
    let forced: Position = position;
    for (let steps = 0; table.definition.legal(forced.state, forced.seat).length !== 1; steps++) {
      forced = positionAfter(table, 4, 'single', steps, table.bots.heuristic)!;
    }
    let asked = 0;
    const action = player.choose(view(table, forced), forced.seat, rngFromSeed('one'), {
      iterations: 100,
      shouldStop: () => (asked++, false),
    });
    expect(action).toEqual(table.definition.legal(forced.state, forced.seat)[0]);
    expect(asked).toBe(0);
  });

  it('with no time at all still answers a legal action: its own policy’s choice, the first candidate', () => {
    for (const position of choices(table, 'no-time', 6)) {
      const seen = view(table, position);
      const action = player.choose(seen, position.seat, rngFromSeed('stop'), {
        iterations: 1000,
        shouldStop: () => true,
      });
      expectAccepted(table, position, action);
      // The same draws as the player's: the worlds' generator first, then the first world, then the candidates.
      const rng = rngFromSeed('stop');
      const first = table.search.determinize(seen, position.seat, forkRng(rng));
      expect(action).toEqual(table.search.candidates(first, position.seat, rng)[0]);
    }
  });

  it('runs exactly its iterations, asks shouldStop before each, and stops when told', () => {
    const [position] = choices(table, 'iterations', 1);
    let asked = 0;
    player.choose(view(table, position!), position!.seat, rngFromSeed('n'), {
      iterations: 12,
      shouldStop: () => (asked++, false),
    });
    expect(asked).toBe(12);
    asked = 0;
    player.choose(view(table, position!), position!.seat, rngFromSeed('n'), {
      iterations: 12,
      shouldStop: () => ++asked > 5,
    });
    expect(asked).toBe(6);
  });

  it('is deterministic for a given generator and budget', () => {
    for (const position of choices(table, 'repeat', 4)) {
      const once = player.choose(view(table, position), position.seat, rngFromSeed('same'), { iterations: 40 });
      const again = player.choose(view(table, position), position.seat, rngFromSeed('same'), { iterations: 40 });
      expect(again).toEqual(once);
    }
  });

  it('always answers an action the rules accept, over many random positions', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }),
        fc.string({ minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 400 }),
        fc.constantFrom('random', 'heuristic'),
        (players, seed, steps, botName: 'random' | 'heuristic') => {
          const position = positionAfter(table, players, seed, steps, table.bots[botName]);
          if (!position) return;
          const action = player.choose(view(table, position), position.seat, rngFromSeed(seed), { iterations: 6 });
          expectAccepted(table, position, action);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('as a Bot (strongBot) decides from the seat’s view: the same move as the player given that view', () => {
    const bot = strongBot(table.id, { iterations: 20 });
    expect(bot.name).toBe('strong');
    for (const position of choices(table, 'adapter', 3)) {
      expect(bot.choose(position.state, position.seat, rngFromSeed('a'))).toEqual(
        player.choose(view(table, position), position.seat, rngFromSeed('a'), { iterations: 20 }),
      );
    }
  });
});
