'use client';

import { useEffect, useRef, useState } from 'react';
import type { MyGame } from '../../server/protocol';
import { GAMES } from '../lib/game-catalog';
import { listNames } from '../lib/seats';
import { cx } from '../lib/cx';
import { fetchMyGames, forgetGame, playPath } from '../play/game-api';
import { noticeTurn, useTurnNotice } from '../play/turn-notice';
import ui from '../styles/controls.module.css';
import styles from './my-games.module.css';
import { titleWithTurns } from './turn-count';

/** How often the list is read again while the page is in view. */
const REFRESH_MS = 30_000;

type Loaded = { readonly games: readonly MyGame[] } | { readonly problem: string };

/**
 * "My games": every game this browser (its httpOnly cookie) or the signed-in wallet holds a seat in,
 * "your turn" first, each with a link back in and a Forget button. The server orders them.
 */
export function MyGames() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const read = () =>
      fetchMyGames().then(
        (mine) => current && setLoaded({ games: mine.games }),
        (err: unknown) => current && setLoaded({ problem: err instanceof Error ? err.message : String(err) }),
      );
    void read();
    // Turn-based games move while nobody looks: the list (and the tab's count) follows, gently.
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void read();
    }, REFRESH_MS);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, []);

  const yourTurns = loaded && 'games' in loaded ? loaded.games.filter((g) => g.yourTurn && !g.finished).length : 0;
  const turnNotice = useTurnNotice();
  const seenTurns = useRef(0);
  useEffect(() => {
    document.title = titleWithTurns(document.title, yourTurns);
    // A turn that came while the page was out of sight: the system notification the table's "Notify me" turned on.
    if (turnNotice.on && yourTurns > seenTurns.current)
      noticeTurn('my-games', 'Your turn', `${yourTurns} of your games ${yourTurns === 1 ? 'waits' : 'wait'} for you`);
    seenTurns.current = yourTurns;
  }, [yourTurns, turnNotice.on]);

  const forget = async (game: MyGame) => {
    setNotice(null);
    try {
      await forgetGame(game.id);
      setLoaded((was) => (was && 'games' in was ? { games: was.games.filter((g) => g.id !== game.id) } : was));
    } catch (err) {
      setNotice(err instanceof Error ? err.message : String(err));
    }
  };

  if (loaded === null) return <p className={ui.muted}>Looking for your games…</p>;
  if ('problem' in loaded) {
    return (
      <p className={ui.alert} role="alert">
        {loaded.problem}
      </p>
    );
  }
  if (loaded.games.length === 0) {
    return (
      <section className={cx(ui.panel, styles.empty)} data-testid="my-games-empty">
        <h2 className={ui.panelTitle}>No games yet</h2>
        <p>
          A game appears here once you open your seat in it: your invite link, or a hot-seat game you started on this
          device. Sign in with your wallet and your games follow you: on any device where you sign in, they are here.
        </p>
        <p>
          <a className={cx(ui.button, ui.primary)} href="/">
            Start a game
          </a>
        </p>
      </section>
    );
  }
  return (
    <>
      {notice && (
        <p className={ui.notice} role="status">
          {notice}
        </p>
      )}
      <ul className={styles.list} aria-label="My games">
        {loaded.games.map((g) => (
          <li
            key={g.id}
            className={styles.game}
            data-testid="my-game"
            data-game-id={g.id}
            data-your-turn={g.yourTurn}
            data-finished={g.finished}
          >
            <a className={styles.link} href={playPath(g.id, g.seat)}>
              <span className={styles.kind}>{GAMES[g.game].name}</span>
              <span className={cx(ui.muted, ui.small)}>
                {g.mode === 'hotseat' ? 'Hot-seat' : 'Online'} ·{' '}
                {g.seat === null ? (g.mode === 'hotseat' ? 'every seat' : 'host') : g.seatName}
              </span>
            </a>
            <span className={cx(styles.state, g.yourTurn && styles.isYourTurn)}>
              {g.yourTurn
                ? 'Your turn'
                : g.finished
                  ? 'Finished'
                  : g.turn.length > 0
                    ? `Waiting for ${listNames(g.turn)}`
                    : 'Running'}
            </span>
            <button
              type="button"
              className={cx(ui.button, ui.ghost, ui.small)}
              onClick={() => void forget(g)}
              aria-label={`Forget ${GAMES[g.game].name} (${g.seatName})`}
            >
              Forget
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
