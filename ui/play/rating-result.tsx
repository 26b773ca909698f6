'use client';

import { useEffect, useState } from 'react';
import type { SeatId } from '../../engine/core';
import type { GameRatingResponse } from '../../server/ratings/api';
import { apiFetch, isApiError } from '../api/client';
import { cx } from '../lib/cx';
import { conservativeOf, formatChange, formatRating, playerPath, RATINGS_RULES_PATH } from '../players/rating-words';
import ui from '../styles/controls.module.css';
import { useWallet } from '../wallet';
import { playPath } from './game-api';
import { usePlayWords } from './play-words';
import styles from './play.module.css';

/**
 * A game's end and its ratings are one transaction the server finishes just after the last move is answered. The
 * instance that made the move waits for it before answering the rating; another instance (several behind a load
 * balancer) may not have it yet: a read told GAME_NOT_OVER asks again, this often and this many times.
 */
const RETRY_MS = 1_000;
const RETRIES = 10;

type Read = { readonly rating: GameRatingResponse } | { readonly problem: string };

/**
 * The game-over banner's line on an online game's rating (`GET /api/games/<id>/rating`, read once the game is over):
 * "Rated: your rating 12.3 → 14.1" for the viewer's seat (or their wallet's), whose ratings changed when the viewer's
 * seat was not rated, or "Not rated" and the server's reason. A guest is offered to sign in for their next games.
 */
export function RatingResult({ id, seat, names }: { id: string; seat: SeatId | null; names: readonly string[] }) {
  const words = usePlayWords();
  const w = words.rating;
  const wallet = useWallet();
  const [read, setRead] = useState<Read | null>(null);

  useEffect(() => {
    let current = true;
    let timer: number | undefined;
    const ask = (tries: number) => {
      apiFetch<GameRatingResponse>(`/api/games/${encodeURIComponent(id)}/rating`).then(
        (rating) => {
          if (current) setRead({ rating });
        },
        (err: unknown) => {
          if (!current) return;
          if (isApiError(err) && err.code === 'GAME_NOT_OVER' && tries < RETRIES) {
            timer = window.setTimeout(() => ask(tries + 1), RETRY_MS);
            return;
          }
          setRead({ problem: err instanceof Error ? err.message : String(err) });
        },
      );
    };
    ask(0);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [id]);

  const guest = wallet.status === 'signed-out';
  const signIn = guest && (
    <p className={styles.ratingNote} data-testid="rating-sign-in">
      <a href={`/signin?next=${encodeURIComponent(playPath(id, seat))}`}>{w.signIn}</a>. {w.notRetroactive}
    </p>
  );
  const rules = (
    <a className={cx(ui.small)} href={RATINGS_RULES_PATH}>
      {w.howItWorks}
    </a>
  );

  if (read === null)
    return (
      <section className={cx(ui.notice, styles.rating)} aria-label={w.label} data-testid="game-rating">
        <p className={ui.muted} role="status">
          {w.checking}
        </p>
      </section>
    );

  if ('problem' in read)
    return (
      <section className={cx(ui.notice, styles.rating)} aria-label={w.label} data-testid="game-rating">
        <p className={cx(ui.alert, ui.small)} role="alert">
          {w.problem(read.problem)}
        </p>
        {signIn}
      </section>
    );

  const { rating } = read;
  if (!rating.rated)
    return (
      <section
        className={cx(ui.notice, styles.rating)}
        aria-label={w.label}
        data-testid="game-rating"
        data-rated="false"
      >
        <p role="status">
          {w.notRated(rating.reason ?? w.noReason)} {rules}
        </p>
        {signIn}
      </section>
    );

  const mine =
    rating.placings.find((p) => p.seat === seat) ??
    (wallet.address === null ? undefined : rating.placings.find((p) => p.address === wallet.address));
  if (!mine) {
    const rated = words.list(rating.placings.map((p) => names[p.seat] ?? words.seat(p.seat + 1)));
    return (
      <section
        className={cx(ui.notice, styles.rating)}
        aria-label={w.label}
        data-testid="game-rating"
        data-rated="true"
      >
        <p role="status">
          {w.ratedOthers(rated)} {rules}
        </p>
        {seat !== null && <p className={styles.ratingNote}>{w.notYours}</p>}
        {signIn}
      </section>
    );
  }
  const before = conservativeOf(mine.before);
  const after = conservativeOf(mine.after);
  return (
    <section className={cx(ui.notice, styles.rating)} aria-label={w.label} data-testid="game-rating" data-rated="true">
      <p role="status">
        <strong data-testid="rating-change">{w.rated(formatRating(before), formatRating(after))}</strong> (
        {w.detail(formatChange(after - before), mine.rank, rating.placings.length)}
        {mine.leaver && `; ${w.leaver}`}). <a href={playerPath(mine.address)}>{w.profile}</a> · {rules}
      </p>
    </section>
  );
}
