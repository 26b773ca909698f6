/**
 * Seed 4.1 (a random card from a Poly-fied card set) and ruling G13: "Chance and Community Chest are our own
 * 'Poly-fied' 16-card decks … money in and out, moves, Go To Jail, Get Out Of Jail Free, RISK cards, a Student
 * Railcard. Decks are shuffled from the seed and reshuffled when empty."
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../engine';
import {
  LONDON,
  POLY_FIED_DECKS,
  parseDecks,
  positionOf,
  type Card,
  type DeckName,
  type GotopolyState,
} from '../../../engine/gotopoly';
import { act, landOn, netTo, ofType, pendingOf, setup, sp, stackDeck, turnOf, unowned, withStudents } from './helpers';

const DECKS: DeckName[] = ['chance', 'chest'];
const effects = (deck: DeckName) => POLY_FIED_DECKS[deck].map((c) => c.effect);
const allCards: Card[] = [...POLY_FIED_DECKS.chance, ...POLY_FIED_DECKS.chest];
const copy = () =>
  JSON.parse(JSON.stringify(POLY_FIED_DECKS)) as {
    chance: Record<string, unknown>[];
    chest: Record<string, unknown>[];
  };

function deckError(input: unknown): ConfigError {
  try {
    parseDecks(input, LONDON);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('the decks were accepted');
}

/** A state whose `deck` has an empty draw pile and `discard` as its discard pile. */
function emptied(state: GotopolyState, deck: DeckName, discard: string[]): GotopolyState {
  return { ...state, decks: { ...state.decks, [deck]: { draw: [], discard } } };
}

/** Draws the top Chance card by landing on Chance (route offset 4) from GO with a 4. */
const drawChance = (base: GotopolyState, patch = {}) => landOn('chance-3', 4, patch, base);

describe('G13 the Poly-fied decks', () => {
  it('"16-card decks": Chance and Community Chest have 16 cards each, all ids different', () => {
    expect(POLY_FIED_DECKS.chance).toHaveLength(16);
    expect(POLY_FIED_DECKS.chest).toHaveLength(16);
    expect(new Set(allCards.map((c) => c.id)).size).toBe(32);
    for (const card of allCards) expect(card.text.length).toBeGreaterThan(10);
  });

  it.each(DECKS)('"money in and out": the %s deck has cards that collect and cards that pay', (deck) => {
    const kinds = effects(deck).map((e) => e.kind);
    expect(kinds).toContain('collect');
    expect(kinds).toContain('pay');
  });

  it.each(DECKS)('"moves … Go To Jail, Get Out Of Jail Free, RISK cards": all in the %s deck', (deck) => {
    const kinds = new Set(effects(deck).map((e) => e.kind));
    for (const kind of ['moveTo', 'moveBy', 'goToJail', 'jailFree', 'risk'] as const) expect(kinds).toContain(kind);
  });

  it('"moves" include moves to stations: a card goes to a named station, one to the next station', () => {
    const stationIds = LONDON.spaces.filter((s) => s.kind === 'station').map((s) => s.id);
    const toStations = allCards.filter((c) => c.effect.kind === 'moveTo' && stationIds.includes(c.effect.space));
    expect(toStations.length).toBeGreaterThanOrEqual(2);
    expect(allCards.some((c) => c.effect.kind === 'nextStation')).toBe(true);
  });

  it('"a Student Railcard": exactly one card of the 32 is the Railcard', () => {
    expect(allCards.filter((c) => c.effect.kind === 'railcard')).toHaveLength(1);
  });
});

describe('G13 drawing a card applies it', () => {
  it('money in: "Collect £50" pays the student £50 from the bank', () => {
    const { events } = drawChance(stackDeck(unowned(setup()), 'chance', ['loan-instalment']));
    expect(ofType(events, 'transfer').filter((t) => t.reason === 'card')).toEqual([
      { type: 'transfer', from: 'bank', to: { student: 0 }, amount: 50, reason: 'card' },
    ]);
  });

  it('money out: "Set texts … Pay £50" from Community Chest takes £50', () => {
    const base = stackDeck(unowned(setup()), 'chest', ['textbooks']);
    const { events } = landOn('community-chest-3', 6, {}, base);
    expect(netTo(events, { student: 0 })).toBe(-6 - 50);
  });

  it('a move to a station: "wake up at Liverpool St. Station" — no fare for the card move, and the station is acted on', () => {
    const { state, events } = drawChance(stackDeck(unowned(setup()), 'chance', ['night-bus']));
    expect(ofType(events, 'moved')).toMatchObject([
      { by: 'token', steps: 4 },
      { by: 'card', steps: 1, to: sp('liverpool-street') },
    ]);
    expect(netTo(events, { student: 0 })).toBe(-4);
    expect(pendingOf(state)).toEqual(['0:station']);
  });

  it('"Hitch a lift to the next station along the line": from the last Chance (route 33) that is King\'s Cross', () => {
    const { state } = landOn('chance-1', 3, {}, stackDeck(unowned(setup()), 'chance', ['hitch-a-lift']));
    expect(positionOf(state.students[0]!.progress)).toBe(sp('kings-cross'));
    expect(state.stage).toMatchObject({ decision: { kind: 'station', fare: 200 } });
  });

  // G12 "No money for passing GO" applies to card moves too.
  it('a card move past GO collects nothing: the night bus from the last Chance passes GO to Liverpool St', () => {
    const { state, events } = landOn('chance-1', 3, {}, stackDeck(unowned(setup()), 'chance', ['night-bus']));
    expect(ofType(events, 'passedGo')).toHaveLength(1);
    expect(positionOf(state.students[0]!.progress)).toBe(sp('liverpool-street'));
    expect(netTo(events, { student: 0 })).toBe(-3);
  });

  it('"Join the protest march to Trafalgar Square" from the middle Chance goes forward, round past GO (no money)', () => {
    const { state, events } = landOn('chance-2', 6, {}, stackDeck(unowned(setup()), 'chance', ['protest-march']));
    expect(ofType(events, 'moved')[1]).toMatchObject({ by: 'card', steps: 38, to: sp('trafalgar-square') });
    expect(ofType(events, 'passedGo')).toHaveLength(1);
    expect(state.students[0]!.progress).toBe(40 + 16);
    expect(netTo(events, { student: 0 })).toBe(-6 - 20);
  });

  it('"Book a cheap coach home from Marylebone Station" from the middle Community Chest: the £100 fare is offered', () => {
    const { state, events } = landOn('community-chest-2', 4, {}, stackDeck(unowned(setup()), 'chest', ['marylebone']));
    expect(ofType(events, 'moved')[1]).toMatchObject({ by: 'card', steps: 2, to: sp('marylebone') });
    expect(state.stage).toMatchObject({ decision: { kind: 'station', space: sp('marylebone'), fare: 100 } });
  });

  it('"Go back 3 spaces" from Chance (route 4) lands on Mayfair, which is then acted on (rent, study or work)', () => {
    const { state, events } = drawChance(stackDeck(unowned(setup()), 'chance', ['lost-phone']));
    expect(positionOf(state.students[0]!.progress)).toBe(sp('mayfair'));
    expect(ofType(events, 'rent')).toMatchObject([{ space: sp('mayfair'), amount: 50 }]);
    expect(pendingOf(state)).toEqual(['0:study']);
  });

  it('"Go to Jail" card: the student is in jail, on the jail square', () => {
    const { state, events } = drawChance(stackDeck(unowned(setup()), 'chance', ['busking']));
    expect(ofType(events, 'sentToJail')).toMatchObject([{ seat: 0, cause: 'card' }]);
    expect(state.students[0]!.jailed).toBe(0);
    expect(positionOf(state.students[0]!.progress)).toBe(sp('jail'));
  });

  it('"Get Out Of Jail Free: keep this card": it is kept, not discarded, and later frees the student', () => {
    const { state } = drawChance(stackDeck(unowned(setup()), 'chance', ['tutor-reference']));
    expect(state.students[0]!.kept).toEqual([{ deck: 'chance', card: 'tutor-reference' }]);
    expect(state.decks.chance.discard).not.toContain('tutor-reference');
    const jailed = turnOf(withStudents(state, { 0: { progress: 30, jailed: 0 } }), 0, { decision: { kind: 'jail' } });
    const { state: free, events } = act(jailed, 0, { type: 'useJailCard' });
    expect(ofType(events, 'leftJail')).toEqual([{ type: 'leftJail', seat: 0, how: 'card' }]);
    expect(free.students[0]!.kept).toEqual([]);
    expect(free.decks.chance.discard).toContain('tutor-reference');
  });

  it('"Take two RISK cards" adds two RISK cards; "Return a RISK card" hands one back', () => {
    const took = drawChance(stackDeck(unowned(setup()), 'chance', ['graduation-ball']), { risk: 1 });
    expect(took.state.students[0]!.risk).toBe(3);
    const back = drawChance(stackDeck(unowned(setup()), 'chance', ['fake-id']), { risk: 1 });
    expect(back.state.students[0]!.risk).toBe(0);
  });

  it('a drawn card that is not kept goes to the discard pile; the next card is the one below it', () => {
    const { state } = drawChance(stackDeck(unowned(setup()), 'chance', ['pub-quiz', 'library-fine']));
    expect(state.decks.chance.discard).toEqual(['pub-quiz']);
    expect(state.decks.chance.draw[0]).toBe('library-fine');
    expect(state.decks.chance.draw).toHaveLength(15);
  });
});

describe('G13 shuffling', () => {
  // G13: "Decks are shuffled from the seed"
  it('"shuffled from the seed": the same seed deals the same order; different seeds differ', () => {
    expect(setup({}, 'deal').decks).toEqual(setup({}, 'deal').decks);
    const orders = new Set(['d1', 'd2', 'd3', 'd4'].map((seed) => setup({}, seed).decks.chance.draw.join()));
    expect(orders.size).toBeGreaterThan(1);
    for (const deck of DECKS) {
      expect([...setup().decks[deck].draw].sort()).toEqual(POLY_FIED_DECKS[deck].map((c) => c.id).sort());
    }
  });

  // G13: "… and reshuffled when empty."
  it('"reshuffled when empty": an empty Chance pile is reshuffled from its discards, then a card is drawn', () => {
    const ids = POLY_FIED_DECKS.chance.map((c) => c.id);
    const { state, events } = drawChance(emptied(unowned(setup()), 'chance', ids));
    expect(ofType(events, 'deckReshuffled')).toEqual([{ type: 'deckReshuffled', deck: 'chance' }]);
    expect(ofType(events, 'cardDrawn')).toHaveLength(1);
    const { draw, discard } = state.decks.chance;
    const kept = state.students[0]!.kept.map((k) => k.card);
    expect([...draw, ...discard, ...kept].sort()).toEqual([...ids].sort());
    expect(draw).toHaveLength(15);
  });

  it('the last card is drawn without a reshuffle; the draw after it reshuffles', () => {
    const others = POLY_FIED_DECKS.chest.map((c) => c.id).filter((id) => id !== 'birthday-tenner');
    const base = unowned(setup());
    const last: GotopolyState = {
      ...base,
      decks: { ...base.decks, chest: { draw: ['birthday-tenner'], discard: others } },
    };
    const first = landOn('community-chest-3', 6, {}, last);
    expect(ofType(first.events, 'deckReshuffled')).toEqual([]);
    expect(ofType(first.events, 'cardDrawn')).toMatchObject([{ card: 'birthday-tenner' }]);
    const second = landOn('community-chest-3', 6, {}, { ...base, decks: first.state.decks });
    expect(ofType(second.events, 'deckReshuffled')).toEqual([{ type: 'deckReshuffled', deck: 'chest' }]);
  });

  it('a Get Out Of Jail Free card a student keeps is not reshuffled into the deck', () => {
    const ids = POLY_FIED_DECKS.chance.map((c) => c.id).filter((id) => id !== 'tutor-reference');
    const { state } = drawChance(emptied(unowned(setup()), 'chance', ids), {
      kept: [{ deck: 'chance', card: 'tutor-reference' }],
    });
    const { draw, discard } = state.decks.chance;
    expect([...draw, ...discard]).not.toContain('tutor-reference');
  });
});

describe('parseDecks refuses bad decks (BAD_DECK)', () => {
  it('accepts the Poly-fied decks', () => {
    expect(parseDecks(copy(), LONDON).chance).toHaveLength(16);
  });

  it('a deck of 15 cards', () => {
    const decks = copy();
    decks.chest.pop();
    const err = deckError(decks);
    expect(err.code).toBe('BAD_DECK');
    expect(err.issues.join('\n')).toMatch(/chest/);
  });

  it('a card id used in both decks names the card', () => {
    const decks = copy();
    decks.chest[0] = { ...decks.chest[0], id: 'pub-quiz' };
    const err = deckError(decks);
    expect(err.code).toBe('BAD_DECK');
    expect(err.issues.join('\n')).toMatch(/chest\.0 "pub-quiz": id/);
  });

  it('a move to a space the board does not have names the card and the field', () => {
    const decks = copy();
    decks.chance[4] = { ...decks.chance[4], effect: { kind: 'moveTo', space: 'waterloo' } };
    const err = deckError(decks);
    expect(err.code).toBe('BAD_DECK');
    expect(err.issues.join('\n')).toMatch(/chance\.4 "night-bus": effect\.space/);
  });

  it('an unknown effect, a zero move, a negative amount', () => {
    for (const effect of [{ kind: 'teleport' }, { kind: 'moveBy', steps: 0 }, { kind: 'collect', amount: -5 }]) {
      const decks = copy();
      decks.chance[0] = { ...decks.chance[0], effect };
      expect(deckError(decks).code).toBe('BAD_DECK');
    }
  });
});
