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

/** The longest message the server takes (protocol CHAT_MAX_LENGTH; a type-only import cannot bring the value). */
const MAX_LENGTH = 280;

/**
 * How each emote is drawn and named. Keyed by the protocol's `Emote`, so an emote the server adds fails the build
 * here until it has a face.
 */
const EMOTE_FACES: Readonly<Record<Emote, { readonly glyph: string; readonly label: string }>> = {
  wave: { glyph: '👋', label: 'Hello' },
  gg: { glyph: '🤝', label: 'Good game' },
  laugh: { glyph: '😂', label: 'Laugh' },
  wow: { glyph: '😮', label: 'Wow' },
  think: { glyph: '🤔', label: 'Thinking' },
  oops: { glyph: '🙈', label: 'Oops' },
};
const EMOTE_NAMES = Object.keys(EMOTE_FACES) as Emote[];

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
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const log = useRef<HTMLOListElement>(null);
  const inputId = useId();
  const counterId = useId();
  const name = (s: SeatId) => seats.find((x) => x.seat === s)?.name ?? `Seat ${s + 1}`;
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
        Chat
      </h2>
      {/* The live region wraps the list: a role on the <ol> itself would take its messages out of a list. */}
      <div role="log" aria-live="polite" aria-label="Chat messages">
        <ol ref={log} className={styles.log} aria-label="Chat messages">
          {chat.entries.length === 0 && <li className={cx(ui.muted, ui.small)}>No messages yet.</li>}
          {chat.entries.map((entry) => (
            <ChatLine key={entry.n} entry={entry} name={name(entry.seat)} />
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
            Message to the table
          </label>
          <input
            id={inputId}
            className={styles.input}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Say something to the table"
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
            Send
          </button>
          <div className={styles.emotes} role="group" aria-label="Emotes">
            {EMOTE_NAMES.map((emote) => (
              <button
                key={emote}
                type="button"
                className={cx(ui.button, ui.ghost, ui.small, styles.emote)}
                aria-label={`Send emote: ${EMOTE_FACES[emote].label}`}
                title={EMOTE_FACES[emote].label}
                disabled={sending}
                onClick={() => void send({ emote })}
              >
                {EMOTE_FACES[emote].glyph}
              </button>
            ))}
          </div>
        </form>
      ) : (
        <p className={cx(ui.muted, ui.small)} data-testid="chat-readonly">
          {muted
            ? "The game's host has muted your chat."
            : seat === null
              ? 'Spectators read the chat; only the seats can post.'
              : 'The chat is closed.'}
        </p>
      )}

      {chat.mayMute && (
        <div className={styles.moderation} role="group" aria-label="Mute seats (you host this game)">
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
                  {on ? `Unmute ${s.name}` : `Mute ${s.name}`}
                </button>
              );
            })}
        </div>
      )}

      <Alert problem={error} />
    </section>
  );
}

function ChatLine({ entry, name }: { entry: ChatEntry; name: string }) {
  const colour = { '--seat': seatColor(entry.seat) } as React.CSSProperties;
  if (entry.kind === 'mute') {
    return (
      <li className={cx(ui.muted, ui.small, styles.line)} data-kind="mute">
        The host {entry.muted ? 'muted' : 'unmuted'} {name}.
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
        <span className={styles.emoteShown} role="img" aria-label={EMOTE_FACES[entry.emote].label}>
          {EMOTE_FACES[entry.emote].glyph}
        </span>
      )}
    </li>
  );
}
