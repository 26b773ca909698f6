/**
 * Ten's table, its prompts, its log and its rules page in Hungarian as well as English, through next-intl.
 * Every English message has a Hungarian one, and the Hungarian text uses the terms of the user's own Hungarian rules
 * text as that text spells them (docs/rules/ten.md lists them beside their English words).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { botRngFor, playStep, type GameEvent } from '../../engine';
import { ten, tenHeuristicBot, tenRandomBot, tenView, type TenEvent, type TenState } from '../../engine/ten';
import { TEN_RULES_MESSAGES } from '../../ui/rules/ten-rules';
import { TEN_MESSAGES, tenWords } from '../../ui/ten/ten-locale';
import { describeTenEvent } from '../../ui/ten/ten-log';
import { LocalizedTenTable } from '../../ui/ten/ten-table';
import { IDLE_TABLE, seatsOf } from './fixtures';

const lower = (s: string) => s.toLocaleLowerCase('hu');

/** Every leaf of a message tree, as "a.b.c" → text. */
function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else for (const [kk, vv] of leaves(v as object, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const huText = [...leaves(TEN_MESSAGES.hu).values(), ...leaves(TEN_RULES_MESSAGES.hu).values()].join('\n');

/** The game's key terms, copied as the user's Hungarian rules text writes them (case aside). */
const TERMS = [
  'Tízes',
  'húzópakli',
  'dobóhalom',
  'készlet',
  'táblakép',
  'piac',
  'jutalom',
  'bukik',
  'lebukási jelző',
  'valutakockát',
  'valutakártya',
  'joker',
  'aukció',
  'passzol',
  'kártyahúzási fázis',
  'vásárlási fázis',
  'sorozat',
  'Wildcard',
];

describe('Ten in Hungarian', () => {
  it('has a Hungarian message for every English one (table, prompts, log and rules), and no other', () => {
    for (const [en, hu] of [
      [TEN_MESSAGES.en, TEN_MESSAGES.hu],
      [TEN_RULES_MESSAGES.en, TEN_RULES_MESSAGES.hu],
    ] as const) {
      const e = leaves(en);
      const h = leaves(hu);
      expect([...h.keys()].sort()).toEqual([...e.keys()].sort());
      for (const [k, v] of h) expect(v.trim(), k).not.toBe('');
    }
  });

  it('uses each key term of the game as the user’s Hungarian text spells it', () => {
    for (const term of TERMS) {
      expect(lower(huText), `the Hungarian text uses "${term}"`).toContain(lower(term));
    }
    // Jokers in the plural ("jokerek"), and no English words for the game's things left in the Hungarian.
    expect(huText).toContain('jokerek');
    for (const english of ['tableau', 'market', 'bust token', 'Running total', 'Draw pile'])
      expect(huText).not.toContain(english);
  });

  describe('the table and its log', () => {
    afterEach(() => vi.restoreAllMocks());

    it('renders every decision of a bot game in Hungarian, with no message missing', () => {
      const errors = vi.spyOn(console, 'error');
      const seats = seatsOf(['Ada', 'Bao', 'Cleo']);
      let state: TenState = ten.setup({ players: 3 }, 'ten-hu-1');
      const rng = botRngFor('ten-hu-1');
      const events: GameEvent[] = [];
      const kinds = new Set<string>();
      let html = '';
      for (let i = 0; i < 5000; i++) {
        const pending = ten.pending(state);
        const seat = pending[0]?.seat ?? null;
        if (pending[0]) kinds.add(pending[0].kind);
        html = renderToStaticMarkup(
          createElement(LocalizedTenTable, {
            ...IDLE_TABLE,
            locale: 'hu',
            view: tenView(state, seat),
            seat,
            seats,
            pending,
            legal: seat === null ? [] : ten.legal(state, seat),
            events,
            outcome: ten.outcome(state),
          }),
        );
        expect(html).toContain('lang="hu"');
        expect(html).not.toMatch(/Running total|Draw a card|Your decision|Final scores/);
        if (pending[0]?.kind === 'draw') expect(html).toContain('Futó végösszeg');
        if (pending[0]?.kind === 'buy') expect(html).toMatch(/vásárlási fázis|Vegyél egy kártyát/);
        const step = playStep(ten, state, [tenHeuristicBot, tenRandomBot, tenHeuristicBot], rng);
        if (!step) break;
        state = step.state;
        events.push(...step.events);
      }
      expect([...kinds].sort()).toEqual(['bid', 'buy', 'draw', 'pay']);
      expect(html).toContain('Végeredmény');
      expect(errors).not.toHaveBeenCalled();

      const hu = tenWords('hu');
      const lines = events
        .map((e) => describeTenEvent(e as TenEvent, ['Ada', 'Bao', 'Cleo'], hu))
        .filter((l): l is string => l !== null);
      expect(lines.length).toBeGreaterThan(20);
      for (const line of lines)
        expect(line).not.toMatch(/\b(log|count|card|colour)\.\w+|\bdrew\b|\bbusted\b|\bbought\b/);
      expect(lines.some((l) => l.includes('lebukott'))).toBe(true);
      expect(lines.some((l) => l.startsWith('Aukció: '))).toBe(true);
      expect(errors).not.toHaveBeenCalled();
    });

    it('says a card and a list the Hungarian way', () => {
      const hu = tenWords('hu');
      expect(describeTenEvent({ type: 'bought', seat: 1, card: 'green-7', price: 7 }, ['Ada', 'Bao'], hu)).toBe(
        'Bao megvette: Zöld 7, ár: 7',
      );
      expect(describeTenEvent({ type: 'toMarket', cards: ['red-5a', 'blue-2a', 'white-7'] }, [], hu)).toBe(
        'A piacra került: Piros 5, Kék 2 és Fehér 7',
      );
    });
  });
});
