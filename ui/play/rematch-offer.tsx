'use client';

import { useEffect, useState } from 'react';
import type { SeatId } from '../../engine/core';
import type { GameSnapshot, JoinedSeat } from '../../server/protocol';
import { apiFetch, jsonPost } from '../api/client';
import { cx } from '../lib/cx';
import ui from '../styles/controls.module.css';
import { invitePath, playPath } from './game-api';
import styles from './rematch-offer.module.css';
import { usePlayWords } from './play-words';

/**
 * How often the game-over screen asks whether a rematch was made. A finished game's event stream has
 * ended (it holds no connection once nothing more can happen), so this screen polls one small read rather
 * than keeping every finished table's stream open for a rematch that may never come.
 */
const POLL_MS = 2_000;

const rematchUrl = (id: string): string => `/api/games/${encodeURIComponent(id)}/rematch`;

/**
 * The game-over screen's "Play again": the first to press it makes the rematch (the same seats, options
 * and board, a new seed) and takes their seat in it; everyone else at the table then sees "Join the rematch" within a
 * few seconds and takes theirs. A spectator may watch it; a seat that left has its bot in it.
 */
export function RematchOffer({
  id,
  seat,
  facts,
}: {
  id: string;
  seat: SeatId | null;
  facts: Pick<GameSnapshot, 'access' | 'seats' | 'rematch'>;
}) {
  const words = usePlayWords().rematch;
  const [found, setFound] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const rematch = facts.rematch ?? found;

  useEffect(() => {
    if (rematch !== null) return;
    const timer = window.setInterval(() => {
      apiFetch<{ id: string | null }>(rematchUrl(id)).then(
        (answer) => {
          if (answer.id) setFound(answer.id);
        },
        () => undefined, // the next poll asks again
      );
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [id, rematch]);

  const mine = seat === null ? undefined : facts.seats[seat];
  const plays = facts.access === 'host' || (facts.access === 'seat' && mine?.kind === 'human' && !mine.botTakeover);
  const join = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      // The server knows this browser's seat (its cookie, or the signed-in wallet): no token to send.
      const joined = await apiFetch<JoinedSeat>(rematchUrl(id), jsonPost({}));
      // A seat's new token is handed over by its play page (the fragment); the hot-seat host holds the rematch already.
      window.location.assign(
        joined.token === null ? playPath(joined.id) : invitePath(joined.id, joined.token, joined.seat),
      );
    } catch (err) {
      setBusy(false);
      setRefusal(err instanceof Error ? err.message : words.failed);
    }
  };

  return (
    <section
      className={cx(ui.panel, styles.offer)}
      aria-label={words.label}
      data-testid="rematch"
      data-rematch={rematch ?? ''}
    >
      <p className={styles.words} role="status">
        {rematch === null ? words.ask : plays ? words.readyYours : mine?.botTakeover ? words.readyBot : words.ready}
      </p>
      {plays ? (
        <button type="button" className={cx(ui.button, ui.primary)} disabled={busy} onClick={() => void join()}>
          {rematch === null ? words.playAgain : facts.access === 'host' ? words.open : words.join}
        </button>
      ) : (
        rematch !== null && (
          <a className={ui.button} href={playPath(rematch)}>
            {words.watch}
          </a>
        )
      )}
      {refusal && (
        <p className={cx(ui.alert, ui.small)} role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}
