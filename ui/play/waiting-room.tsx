'use client';

/**
 * A waiting game's room, above its table: who has come (a seat taken, and whether they are here now), the room link
 * that seats a newcomer in a free seat, and — for the host — Start, with the free seats given to bots if they say so.
 * Nothing moves until the game starts; the page's stream says when it does (a `seats` event no longer waiting).
 */
import { useState } from 'react';
import type { SeatInfo, WaitingRoomView } from '../../server/protocol';
import { apiFetch, jsonPost } from '../api/client';
import { cx } from '../lib/cx';
import ui from '../styles/controls.module.css';
import styles from './waiting-room.module.css';
import { usePlayWords } from './play-words';

type SeatState = 'easy' | 'normal' | 'strong' | 'here' | 'joined' | 'free';

function seatState(s: SeatInfo): SeatState {
  if (s.kind !== 'human') return s.kind;
  if (!s.taken) return 'free';
  return s.presence === 'connected' ? 'here' : 'joined';
}

export function WaitingRoomPanel({
  id,
  room,
  seats,
}: {
  id: string;
  room: WaitingRoomView;
  seats: readonly SeatInfo[];
}) {
  const { room: words, seat: seatName } = usePlayWords();
  const [fill, setFill] = useState(false);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const free = seats.filter((s) => seatState(s) === 'free');
  const link =
    room.roomPath && typeof window !== 'undefined' ? new URL(room.roomPath, window.location.origin).href : null;

  const start = async () => {
    setStarting(true);
    setProblem(null);
    try {
      await apiFetch<void>(`/api/games/${encodeURIComponent(id)}/start`, jsonPost({ fillWithBots: fill }));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setStarting(false);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setProblem(words.copyRefused);
    }
  };

  return (
    <section className={cx(ui.panel, styles.room)} aria-labelledby="waiting-room-heading" data-testid="waiting-room">
      <h2 id="waiting-room-heading" className={ui.panelTitle}>
        {words.heading}
      </h2>
      <ul className={styles.seats} aria-label={words.seats}>
        {seats.map((s) => {
          const state = seatState(s);
          return (
            <li key={s.seat} className={styles.seat} data-state={state} data-testid="waiting-seat">
              {seatName(s.seat + 1)} · {state === 'free' ? words.freeSeat : s.name}{' '}
              <span className={ui.muted}>({words.states[state]})</span>
            </li>
          );
        })}
      </ul>
      <p className={ui.small} role="status">
        {free.length === 0
          ? room.autoStart
            ? words.allTakenStarting
            : words.allTaken
          : words.free(free.length, room.autoStart)}
      </p>
      {link && (
        <div className={styles.link}>
          <label className={ui.field}>
            <span>{words.link}</span>
            <input
              type="text"
              readOnly
              value={link}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="room-link"
            />
          </label>
          <button type="button" className={cx(ui.button, ui.small)} onClick={() => void copy()}>
            {copied ? words.copied : words.copy}
          </button>
        </div>
      )}
      {room.mayStart && (
        <div className={styles.start}>
          {free.length > 0 && (
            <label className={ui.check}>
              <input type="checkbox" checked={fill} onChange={(e) => setFill(e.target.checked)} />
              {words.fill(free.length)}
            </label>
          )}
          <button
            type="button"
            className={cx(ui.button, ui.primary)}
            disabled={starting || (free.length > 0 && !fill)}
            onClick={() => void start()}
          >
            {starting ? words.starting : words.start}
          </button>
        </div>
      )}
      {problem && (
        <p className={ui.alert} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
