import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { botRngFor, playStep, type Bot, type GameDefinition, type GameEvent } from '../../engine';
import { gotopoly, gotopolyHeuristicBot, gotopolyView } from '../../engine/gotopoly';
import { pole, poleBots, type PoleAction } from '../../engine/pole';
import { ten, tenHeuristicBot, tenView } from '../../engine/ten';
import { GotopolyTable } from '../../ui/gotopoly/gotopoly-table';
import { seatInitial } from '../../ui/lib/seats';
import { PoleTable, type PoleView } from '../../ui/pole/pole-table';
import { SetupForm } from '../../ui/pole/setup-form';
import { DEFAULT_OPTIONS } from '../../ui/pole/watch-session';
import { viewOf } from '../../ui/replay/record-file';
import { TenTable } from '../../ui/ten/ten-table';
import { IDLE_TABLE, seatsOf } from './fixtures';

// A fox emoji (a surrogate pair), an astronaut with a skin tone (a ZWJ sequence), and "é" written as e + accent.
const NAMES = ['🦊 Fox', '👩🏽‍🚀 Ana', 'e\u0301va'];
const seats = seatsOf(NAMES);

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The text of every pawn and seat badge in the markup. */
const badges = (html: string): string[] =>
  [...html.matchAll(/class="(?:pawn|playerPawn)"[^>]*>([^<]*)</g)].map((m) => m[1]!);

/** Plays a few bot steps so that the pawns stand on the board. */
function played<S, A, C, E extends GameEvent>(
  game: GameDefinition<S, A, C, E>,
  config: C,
  bots: readonly Bot<S, A>[],
  steps: number,
) {
  let state = game.setup(config, 'initials-1');
  const rng = botRngFor('initials-1');
  const events: GameEvent[] = [];
  for (let i = 0; i < steps; i++) {
    const step = playStep(game, state, bots, rng);
    if (!step) break;
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

function expectWholeInitials(html: string) {
  const shown = badges(html);
  expect(shown.length).toBeGreaterThan(0);
  expect(LONE_SURROGATE.test(html), 'half of a surrogate pair in the markup').toBe(false);
  for (const letter of shown) expect(['🦊', '👩🏽‍🚀', 'É']).toContain(letter);
  expect(shown).toContain('🦊');
  expect(shown).toContain('👩🏽‍🚀');
}

/** An emoji name once drew half a surrogate pair ("�") as the seat letter on pawns and panels. */
describe('seat initials take the first grapheme of a name', () => {
  it('seatInitial keeps an emoji, a ZWJ sequence and a combining accent whole', () => {
    expect(seatInitial('🦊 Fox')).toBe('🦊');
    expect(seatInitial('👩🏽‍🚀 Ana')).toBe('👩🏽‍🚀');
    expect(seatInitial('e\u0301va')).toBe('E\u0301');
    expect(seatInitial('  bao')).toBe('B');
    expect(seatInitial('')).toBe('?');
  });

  it('on the Tezos Pole board pawns and player panels', () => {
    const { state, events } = played(
      pole,
      { players: 3 },
      [poleBots.heuristic, poleBots.heuristic, poleBots.heuristic],
      12,
    );
    const html = renderToStaticMarkup(
      createElement(PoleTable, {
        ...IDLE_TABLE,
        view: viewOf('pole', state, 0) as PoleView,
        seat: 0,
        seats,
        pending: pole.pending(state),
        legal: pole.legal(state, 0) as PoleAction[],
        events,
        outcome: pole.outcome(state),
      }),
    );
    expectWholeInitials(html.normalize('NFC'));
  });

  it('on the Gotopoly board and seats', () => {
    const { state, events } = played(
      gotopoly,
      { players: 3 },
      [gotopolyHeuristicBot, gotopolyHeuristicBot, gotopolyHeuristicBot],
      40,
    );
    const html = renderToStaticMarkup(
      createElement(GotopolyTable, {
        ...IDLE_TABLE,
        view: gotopolyView(state, 0),
        seat: 0,
        seats,
        pending: gotopoly.pending(state),
        legal: gotopoly.legal(state, 0),
        events,
        outcome: null,
      }),
    );
    expectWholeInitials(html.normalize('NFC'));
  });

  it('on the Ten collections', () => {
    const { state, events } = played(ten, { players: 3 }, [tenHeuristicBot, tenHeuristicBot, tenHeuristicBot], 10);
    const html = renderToStaticMarkup(
      createElement(TenTable, {
        ...IDLE_TABLE,
        view: tenView(state, 0),
        seat: 0,
        seats,
        pending: ten.pending(state),
        legal: ten.legal(state, 0),
        events,
        outcome: null,
      }),
    );
    expectWholeInitials(html.normalize('NFC'));
  });

  it('in the watch-mode setup form', () => {
    const initial = {
      seats: NAMES.map((name) => ({ name, bot: 'heuristic' as const })),
      seed: 's',
      options: DEFAULT_OPTIONS,
    };
    const html = renderToStaticMarkup(
      createElement(SetupForm, { initial, onStart: () => undefined, onCancel: null, error: null }),
    );
    expectWholeInitials(html.normalize('NFC'));
  });
});
