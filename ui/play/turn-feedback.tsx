'use client';

import { useEffect, useRef } from 'react';
import type { SeatId } from '../../engine/core';
import { turnKey, useTurnTitle, type TurnFacts } from './turn-alert';
import { noticeTurn, setTurnNotice, useTurnNotice } from './turn-notice';
import { playTurnChime, setTurnSound, useTurnSound } from './turn-sound';
import styles from './turn-feedback.module.css';
import { usePlayWords } from './play-words';

/**
 * Tells the person at this table when it becomes their turn: the tab's title and favicon always; a chime and, in an
 * online game with the tab out of sight, a system notification when they turned those on (the switches here).
 * Nothing for a spectator, who never has a turn.
 */
export function TurnFeedback({
  gameId,
  gameName,
  facts,
  seat,
  host,
}: {
  readonly gameId: string;
  readonly gameName: string;
  readonly facts: TurnFacts;
  readonly seat: SeatId | null;
  /** A hot-seat host acts for every human seat; otherwise the page plays `seat` alone (an online game). */
  readonly host: boolean;
}) {
  const words = usePlayWords();
  const key = turnKey(facts, seat, host);
  useTurnTitle(key !== null, words.turn.title(gameName));
  const sound = useTurnSound();
  const notice = useTurnNotice();
  const online = !host;
  const name = seat === null ? null : (facts.seats.find((s) => s.seat === seat)?.name ?? null);

  // Only a turn that begins while the table is open rings: none for the one already waiting when the page opens.
  const lastKey = useRef(key);
  useEffect(() => {
    if (key === lastKey.current) return;
    lastKey.current = key;
    if (key === null) return;
    if (sound) playTurnChime();
    if (online && notice.on) noticeTurn(gameId, words.turn.title(gameName), words.turn.notification(name));
  }, [key, sound, online, notice.on, gameId, gameName, name, words]);

  if (seat === null && !host) return null;
  return (
    <div className={styles.switches} role="group" aria-label={words.turn.group}>
      <button
        type="button"
        role="switch"
        aria-checked={sound}
        className={styles.switch}
        onClick={() => setTurnSound(!sound)}
      >
        <span className={styles.track} aria-hidden="true" />
        {words.turn.sound}
      </button>
      {online && notice.permission !== 'unsupported' && (
        <button
          type="button"
          role="switch"
          aria-checked={notice.on}
          className={styles.switch}
          disabled={notice.permission === 'denied'}
          title={notice.permission === 'denied' ? words.turn.notifyBlocked : words.turn.notifyHint}
          onClick={() => void setTurnNotice(!notice.on)}
        >
          <span className={styles.track} aria-hidden="true" />
          {words.turn.notify}
        </button>
      )}
    </div>
  );
}
