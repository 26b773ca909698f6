/**
 * The play page around Ten's table speaks the table's language (ui/play/play-words.ts): in Hungarian, the waiting
 * room, the chat, the rematch offer, the seed and the turn switches carry none of their English sentences, and every
 * English word has its Hungarian one.
 */
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ChatView } from '../../server/protocol';
import { ChatPanel } from '../../ui/play/chat-panel';
import { PLAY_WORDS, PlayWordsContext, type PlayLocale } from '../../ui/play/play-words';
import { RematchOffer } from '../../ui/play/rematch-offer';
import { SeedFacts } from '../../ui/play/seed-facts';
import { TurnFeedback } from '../../ui/play/turn-feedback';
import { WaitingRoomPanel } from '../../ui/play/waiting-room';
import { seatsOf } from './fixtures';

/** Every string of a words tree (functions aside), as "path" → text. */
function strings(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else if (v !== null && typeof v === 'object') for (const [kk, vv] of strings(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const seats = seatsOf(['Ada', 'Bao', 'Cleo']).map((s, i) =>
  i === 2 ? { ...s, taken: false } : { ...s, taken: true, presence: 'connected' as const },
);
const chat: ChatView = {
  entries: [
    { n: 1, seat: 0, kind: 'text', text: 'szia', at: 0 },
    { n: 2, seat: 1, kind: 'emote', emote: 'gg', at: 0 },
    { n: 3, seat: 1, kind: 'mute', muted: true, at: 0 },
  ],
  last: 3,
  muted: [],
  mayPost: true,
  mayMute: true,
} as unknown as ChatView;

/** The page's chrome around a table, as a waiting game's host with a seat sees it, in `locale`. */
function chrome(locale: PlayLocale): string {
  const parts: ReactElement[] = [
    createElement(WaitingRoomPanel, { id: 'g1', room: { autoStart: false, roomPath: null, mayStart: true }, seats }),
    createElement(ChatPanel, { id: 'g1', seat: 0, seats, chat }),
    createElement(RematchOffer, { id: 'g1', seat: 0, facts: { access: 'seat', seats, rematch: null } }),
    createElement(RematchOffer, { id: 'g1', seat: 0, facts: { access: 'seat', seats, rematch: 'g2' } }),
    createElement(SeedFacts, { commitment: 'c0ffee', seed: null, mode: { fair: true, chain: { kind: 'absent' } } }),
    createElement(SeedFacts, { commitment: 'c0ffee', seed: 'seed-1', mode: { fair: false } }),
    createElement(TurnFeedback, {
      gameId: 'g1',
      gameName: 'Tízes',
      facts: { pending: [], seats, outcome: null },
      seat: 0,
      host: false,
    }),
  ];
  return renderToStaticMarkup(createElement(PlayWordsContext.Provider, { value: PLAY_WORDS[locale] }, ...parts));
}

describe('the play page’s words in Ten’s Hungarian', () => {
  it('has a Hungarian word for every English one, none left empty', () => {
    // Game names aside: only a name that differs from the catalogue's is given.
    const { gameNames: _en, ...en } = PLAY_WORDS.en;
    const { gameNames: _hu, ...hu } = PLAY_WORDS.hu;
    expect([...strings(hu).keys()].sort()).toEqual([...strings(en).keys()].sort());
    for (const [key, text] of strings(hu)) expect(text.trim(), key).not.toBe('');
  });

  it('renders the waiting room, chat, rematch, seed and turn switches with none of their English sentences', () => {
    const english = chrome('en');
    const hungarian = chrome('hu');
    // The English page does say them: the check below looks for what is really there.
    const sentences = [...strings(PLAY_WORDS.en).entries()].filter(
      ([key, text]) => text.length >= 4 && text !== strings(PLAY_WORDS.hu).get(key) && english.includes(text),
    );
    expect(sentences.length).toBeGreaterThan(20);
    // A sentence anywhere in what is read; a short word (“Chat”, “Send”) as a whole line of it.
    const lines = new Set(hungarian.split('\n').map((line) => line.trim()));
    const says = (text: string) => (text.length >= 12 ? hungarian.includes(text) : lines.has(text.trim()));
    for (const [key, text] of sentences) expect(says(text), `${key}: "${text}"`).toBe(false);
    for (const said of ['Várakozás a játékosokra', 'Csevegés', 'Még egy kör', 'Bizonyíthatóan tisztességes', 'Hang'])
      expect(hungarian).toContain(said);
    // Names and counts as Hungarian writes them.
    expect(hungarian).toContain('3. hely');
    expect(PLAY_WORDS.hu.list(['Ada', 'Bao', 'Cleo'])).toBe('Ada, Bao és Cleo');
  });
});
