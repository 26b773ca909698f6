/**
 * A rules page per game, in our own words, one section per rules section anchored by its ruling (`#p5`),
 * the rulings that decide it cited in place; and the prompts' links into it ("Why can't I buy?" → P5).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { botRngFor, playStep, type GameEvent } from '../../engine';
import type { GameId } from '../../engine/core';
import { gotopoly, gotopolyView, type GotopolyState } from '../../engine/gotopoly';
import { pole, poleBots, type PoleAction, type PoleEvent, type PoleState } from '../../engine/pole';
import { ten, tenHeuristicBot, tenView, type TenState } from '../../engine/ten';
import { GotopolyTable } from '../../ui/gotopoly/gotopoly-table';
import { PoleTable } from '../../ui/pole/pole-table';
import type { PoleView } from '../../ui/pole/pole-scene';
import { viewOf } from '../../ui/replay/record-file';
import { rulesFor, RulesView } from '../../ui/rules/rules-view';
import { TenTable } from '../../ui/ten/ten-table';
import { IDLE_TABLE, seatsOf } from './fixtures';

const RULES_DIR = resolve(import.meta.dirname, '../../docs/rules');
/** Each game's page in docs/rules, which states every ruling of the game once, as a bold label: "**P6a** …". */
const RULES_PAGE: Record<GameId, string> = { pole: 'tezos-pole.md', gotopoly: 'gotopoly.md', ten: 'ten.md' };
const PREFIX: Record<GameId, string> = { pole: 'P', gotopoly: 'G', ten: 'T' };
const rulingLabels = (markdown: string): string[] =>
  [...markdown.matchAll(/^\*\*([PGT]\d+[a-z]?)\*\*/gm)].map((m) => m[1]!);
/** Every ruling id stated in docs/rules: "P5", "P6a", "G14a"… */
const LABELS = readdirSync(RULES_DIR)
  .filter((name) => name.endsWith('.md'))
  .flatMap((name) => rulingLabels(readFileSync(resolve(RULES_DIR, name), 'utf8')));
const RULING_IDS = new Set(LABELS);

const docSchema = z
  .object({
    game: z.enum(['pole', 'gotopoly', 'ten']),
    title: z.string().min(5),
    intro: z.string().min(40),
    source: z.string().min(10),
    sections: z
      .array(
        z
          .object({
            id: z.string().regex(/^[pgt]\d+$/),
            title: z.string().min(3),
            body: z.array(z.string().min(20)).min(1),
            rulings: z.array(z.object({ id: z.string(), text: z.string().min(10) }).strict()).min(1),
          })
          .strict(),
      )
      .min(10),
  })
  .strict();

const base = { ...IDLE_TABLE, outcome: null };
const seats = (n: number) => seatsOf(['Ada', 'Bao', 'Cleo', 'Dev', 'Eun', 'Femi'].slice(0, n));

describe('the rulings in docs/rules', () => {
  it('states each ruling once, on its own game’s page, numbered from 1 without a gap', () => {
    expect(LABELS.length).toBe(RULING_IDS.size);
    for (const [game, page] of Object.entries(RULES_PAGE) as [GameId, string][]) {
      const ids = rulingLabels(readFileSync(resolve(RULES_DIR, page), 'utf8'));
      expect(
        ids.filter((id) => !id.startsWith(PREFIX[game])),
        page,
      ).toEqual([]);
      const numbers = [...new Set(ids.map((id) => Number(/\d+/.exec(id)![0])))].sort((a, b) => a - b);
      expect(numbers, page).toEqual(numbers.map((_, i) => i + 1));
    }
  });
});

describe('the rules pages', () => {
  for (const game of ['pole', 'gotopoly', 'ten'] as const) {
    for (const locale of game === 'ten' ? (['en', 'hu'] as const) : (['en'] as const)) {
      it(`${game} (${locale}): valid data, an anchor per section named after its ruling, every ruling of the game cited`, () => {
        const { doc } = rulesFor(game, locale);
        docSchema.parse(doc);
        expect(doc.game).toBe(game);
        const ids = doc.sections.map((s) => s.id);
        expect(new Set(ids).size).toBe(ids.length);
        const cited = new Set<string>();
        for (const s of doc.sections) {
          for (const r of s.rulings) {
            expect(RULING_IDS.has(r.id), `${r.id} is a ruling`).toBe(true);
            cited.add(r.id);
          }
          // The anchor is the section's own ruling: #p5 cites P5.
          expect(s.rulings.map((r) => r.id)).toContain(s.id.toUpperCase());
        }
        expect([...RULING_IDS].filter((id) => id.startsWith(PREFIX[game])).sort()).toEqual([...cited].sort());

        const html = renderToStaticMarkup(createElement(RulesView, { game, locale }));
        expect(html).toContain(`lang="${locale}"`);
        for (const s of doc.sections) {
          expect(html).toContain(`id="${s.id}"`);
          expect(html).toContain(`href="#${s.id}"`);
          for (const r of s.rulings) expect(html).toContain(`data-ruling="${r.id}"`);
        }
        expect(html).toContain(`href="/new/${game}"`);
      });
    }
  }

  it('Ten’s page switches language, and Hungarian reads in the user’s terms', () => {
    const hu = renderToStaticMarkup(createElement(RulesView, { game: 'ten', locale: 'hu' }));
    expect(hu).toContain('A Tízes szabályai');
    expect(hu).toContain('Döntés T3');
    expect(hu).toMatch(/href="\?lang=en"[^>]*>English/);
    expect(hu).toMatch(/aria-current="true"[^>]*>Magyar/);
    const en = renderToStaticMarkup(createElement(RulesView, { game: 'ten', locale: 'en' }));
    expect(en).toContain('How to play Ten');
    expect(en).toContain('Ruling T3');
    // Pole's and Gotopoly's pages are English only: no switch.
    expect(renderToStaticMarkup(createElement(RulesView, { game: 'pole', locale: 'hu' }))).not.toContain('Magyar');
  });
});

describe('links into the rules', () => {
  it('Tezos Pole: the buy prompt links P4/P5, the must-flip choice P7, and a landing with no offer asks "Why can’t I buy?"', () => {
    let state: PoleState = pole.setup({ players: 6, startingCash: 100 }, 'rules-links');
    const rng = botRngFor('rules-links');
    const events: PoleEvent[] = [];
    const found = { buy: false, flip: false, why: false };
    for (let i = 0; i < 4000 && !(found.buy && found.flip && found.why); i++) {
      const decision = pole.pending(state)[0];
      if (!decision) break;
      const seat = decision.seat;
      const html = renderToStaticMarkup(
        createElement(PoleTable, {
          ...base,
          view: viewOf('pole', state, seat) as PoleView,
          seat,
          seats: seats(6),
          pending: pole.pending(state),
          legal: pole.legal(state, seat) as PoleAction[],
          events,
        }),
      );
      if (decision.kind === 'buy') {
        expect(html).toMatch(/href="\/rules\/pole#p[45]"[^>]*>Buying/);
        found.buy = true;
      }
      if (decision.kind === 'flip') {
        expect(html).toMatch(/href="\/rules\/pole#p7"[^>]*>Out of cash/);
        found.flip = true;
      }
      // The previous seat's view right after its landing: an artist tile and no offer → the question, linked.
      const last = [...events].reverse().find((e) => e.type === 'landed');
      if (last?.type === 'landed' && decision.kind === 'roll' && last.seat !== seat) {
        const tile = state.config.board.tiles[last.tile]!;
        const offered = events.slice(events.lastIndexOf(last)).some((e) => e.type === 'offered');
        const theirs = renderToStaticMarkup(
          createElement(PoleTable, {
            ...base,
            view: viewOf('pole', state, last.seat) as PoleView,
            seat: last.seat,
            seats: seats(6),
            pending: pole.pending(state),
            legal: [],
            events,
          }),
        );
        if (tile.kind === 'artist' && !offered) {
          expect(theirs).toMatch(
            new RegExp(`href="/rules/pole#p${tile.editionSize > 1 ? 5 : 4}"[^>]*>Why can’t I buy `),
          );
          found.why = true;
        } else expect(theirs).not.toContain('Why can’t I buy');
      }
      const step = playStep(pole, state, Array(6).fill(poleBots.random), rng);
      if (!step) break;
      state = step.state;
      events.push(...(step.events as PoleEvent[]));
    }
    expect(found).toEqual({ buy: true, flip: true, why: true });
  });

  it('Gotopoly: the sealed bids link the auction section (G4)', () => {
    const state: GotopolyState = gotopoly.setup({ players: 3 }, 'rules-g4');
    const decision = gotopoly.pending(state).find((d) => d.kind === 'bid')!;
    const html = renderToStaticMarkup(
      createElement(GotopolyTable, {
        ...base,
        view: gotopolyView(state, decision.seat),
        seat: decision.seat,
        seats: seats(3),
        pending: gotopoly.pending(state),
        legal: gotopoly.legal(state, decision.seat),
        events: [],
      }),
    );
    expect(html).toMatch(/href="\/rules\/gotopoly#g4"[^>]*>How the auction works/);
  });

  it('Ten: the bust odds link the bust section (T3), the joker auction its section (T7)', () => {
    let state: TenState = ten.setup({ players: 2 }, 'rules-t3');
    const rng = botRngFor('rules-t3');
    const events: GameEvent[] = [];
    const found = { t3: false, t7: false };
    for (let i = 0; i < 3000 && !(found.t3 && found.t7); i++) {
      const decision = ten.pending(state)[0];
      if (!decision) break;
      const html = renderToStaticMarkup(
        createElement(TenTable, {
          ...base,
          view: tenView(state, decision.seat),
          seat: decision.seat,
          seats: seats(2),
          pending: ten.pending(state),
          legal: ten.legal(state, decision.seat),
          events,
        }),
      );
      if (html.includes('Next draw busts')) {
        expect(html).toMatch(/Next draw busts.*href="\/rules\/ten#t3"[^>]*>When do I bust\?/s);
        found.t3 = true;
      }
      if (decision.kind === 'bid') {
        expect(html).toMatch(/href="\/rules\/ten#t7"[^>]*>How the auction works/);
        found.t7 = true;
      }
      const step = playStep(ten, state, [tenHeuristicBot, tenHeuristicBot], rng);
      if (!step) break;
      state = step.state;
      events.push(...step.events);
    }
    expect(found).toEqual({ t3: true, t7: true });
  });
});
