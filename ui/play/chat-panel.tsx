'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { SeatId } from '../../engine/core';
import type { ChatEntry, ChatView, Emote, SeatInfo } from '../../server/protocol';
import { seatColor } from '../lib/seats';
import { cx } from '../lib/cx';
import { postChat, postMute } from './game-api';
import styles from './chat-panel.module.css';
import ui from '../styles/controls.module.css';
import { Alert } from '../lib/alert';
import { usePlayWords, type PlayWords } from './play-words';

/** The longest message the server takes (protocol CHAT_MAX_LENGTH; a type-only import cannot bring the value). */
const MAX_LENGTH = 280;

/**
 * How each emote is drawn (its name is in the page's words). Keyed by the protocol's `Emote`, so an emote the server
 * adds fails the build here until it has a face.
 */
const EMOTE_GLYPHS: Readonly<Record<Emote, string>> = {
  wave: '👋',
  gg: '🤝',
  laugh: '😂',
  wow: '😮',
  think: '🤔',
  oops: '🙈',
};
const EMOTE_NAMES = Object.keys(EMOTE_GLYPHS) as Emote[];

const length = (text: string): number => [...text.trim()].length;

/**
 * An online game's chat: the messages with each seat's colour and name in a log region screen readers
 * follow, an input with a counter and the emote buttons for a seat that may post, what a spectator or a muted seat
 * may not, and the host's mute switches. Every text is React text (escaped), never markup.
 */
export function ChatPanel({
  id,
  seat,
  seats,
  chat,
}: {
  id: string;
  seat: SeatId | null;
  seats: readonly SeatInfo[];
  chat: ChatView;
}) {
  const words = usePlayWords();
  const w = words.chat;
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const log = useRef<HTMLOListElement>(null);
  const inputId = useId();
  const counterId = useId();
  const name = (s: SeatId) => seats.find((x) => x.seat === s)?.name ?? words.seat(s + 1);
  const muted = seat !== null && chat.muted.includes(seat);
  const used = length(draft);

  // The newest message in view, as a chat keeps it.
  const newest = chat.entries.at(-1)?.n ?? 0;
  useEffect(() => {
    const el = log.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);

  const send = async (message: { text: string } | { emote: Emote }) => {
    if (!chat.mayPost || sending) return;
    setSending(true);
    setError(null);
    try {
      await postChat(id, message);
      if ('text' in message) setDraft('');
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };

  const mute = async (target: SeatId, on: boolean) => {
    setError(null);
    try {
      await postMute(id, target, on);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <section className={cx(ui.panel, styles.chat)} aria-labelledby={`${inputId}-heading`} data-testid="chat">
      <h2 id={`${inputId}-heading`} className={ui.panelTitle}>
        {w.heading}
      </h2>
      {/* The live region wraps the list: a role on the <ol> itself would take its messages out of a list. */}
      <div role="log" aria-live="polite" aria-label={w.messages}>
        <ol ref={log} className={styles.log} aria-label={w.messages}>
          {chat.entries.length === 0 && <li className={cx(ui.muted, ui.small)}>{w.none}</li>}
          {chat.entries.map((entry) => (
            <ChatLine key={entry.n} entry={entry} name={name(entry.seat)} words={w} />
          ))}
        </ol>
      </div>

      {chat.mayPost && !muted ? (
        <form
          className={styles.compose}
          onSubmit={(e) => {
            e.preventDefault();
            if (used > 0 && used <= MAX_LENGTH) void send({ text: draft });
          }}
        >
          <label htmlFor={inputId} className={ui.visuallyHidden}>
            {w.input}
          </label>
          <input
            id={inputId}
            className={styles.input}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={w.placeholder}
            aria-describedby={counterId}
            aria-invalid={used > MAX_LENGTH}
            autoComplete="off"
          />
          <span id={counterId} className={cx(ui.small, styles.counter)} data-over={used > MAX_LENGTH}>
            {used}/{MAX_LENGTH}
          </span>
          <button
            type="submit"
            className={cx(ui.button, ui.primary, ui.small)}
            disabled={sending || used === 0 || used > MAX_LENGTH}
          >
            {w.send}
          </button>
          <div className={styles.emotes} role="group" aria-label={w.emotes}>
            {EMOTE_NAMES.map((emote) => (
              <button
                key={emote}
                type="button"
                className={cx(ui.button, ui.ghost, ui.small, styles.emote)}
                aria-label={w.sendEmote(w.emote[emote])}
                title={w.emote[emote]}
                disabled={sending}
                onClick={() => void send({ emote })}
              >
                {EMOTE_GLYPHS[emote]}
              </button>
            ))}
          </div>
        </form>
      ) : (
        <p className={cx(ui.muted, ui.small)} data-testid="chat-readonly">
          {muted ? w.muted : seat === null ? w.spectator : w.closed}
        </p>
      )}

      {chat.mayMute && (
        <div className={styles.moderation} role="group" aria-label={w.moderation}>
          {seats
            .filter((s) => s.kind === 'human')
            .map((s) => {
              const on = chat.muted.includes(s.seat);
              return (
                <button
                  key={s.seat}
                  type="button"
                  className={cx(ui.button, ui.ghost, ui.small)}
                  aria-pressed={on}
                  onClick={() => void mute(s.seat, !on)}
                >
                  {on ? w.unmute(s.name) : w.mute(s.name)}
                </button>
              );
            })}
        </div>
      )}

      <Alert problem={error} />
    </section>
  );
}

function ChatLine({ entry, name, words }: { entry: ChatEntry; name: string; words: PlayWords['chat'] }) {
  const colour = { '--seat': seatColor(entry.seat) } as React.CSSProperties;
  if (entry.kind === 'mute') {
    return (
      <li className={cx(ui.muted, ui.small, styles.line)} data-kind="mute">
        {words.muteLine(name, entry.muted)}
      </li>
    );
  }
  return (
    <li className={styles.line} data-kind={entry.kind} data-seat={entry.seat}>
      <span className={cx(ui.seatChip, styles.who)} style={colour}>
        {name}
      </span>{' '}
      {entry.kind === 'text' ? (
        <span className={styles.text}>{entry.text}</span>
      ) : (
        <span className={styles.emoteShown} role="img" aria-label={words.emote[entry.emote]}>
          {EMOTE_GLYPHS[entry.emote]}
        </span>
      )}
    </li>
  );
}
