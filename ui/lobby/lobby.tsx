'use client';

import { useEffect, useState } from 'react';
import type { JoinedSeat, LobbyGame } from '../../server/protocol';
import { apiFetch, jsonPost } from '../api/client';
import { cx } from '../lib/cx';
import { GAMES } from '../lib/game-catalog';
import { invitePath, playPath } from '../play/game-api';
import ui from '../styles/controls.module.css';
import styles from './lobby.module.css';
import { Alert } from '../lib/alert';
import { JoinerName } from './joiner-name';
import { SEAT_KIND_TAGS } from '../play/seat-kinds';

/** How often the list is read again: a game filling up or starting shows within a few seconds. */
const REFRESH_MS = 3_000;

function age(seconds: number): string {
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  return `${Math.floor(seconds / 3600)} h ago`;
}

const STATUS_WORDS: Record<LobbyGame['status'], string> = {
  waiting: 'Waiting for players',
  playing: 'Playing',
  finished: 'Finished',
};

/**
 * The lobby: public online games, waiting for players, playing or finished. "Join" — only while a game waits with a
 * free seat — takes the first free seat (under the name given here, if any) with an invite made for the joiner, and
 * opens it; every other game is there to watch.
 */
export function Lobby() {
  const [games, setGames] = useState<readonly LobbyGame[] | null>(null);
  const [readFailed, setReadFailed] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [joining, setJoining] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ readonly game: string; readonly message: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const read = () =>
      apiFetch<{ games: LobbyGame[] }>('/api/lobby', { signal: controller.signal }).then(
        (answer) => {
          setGames(answer.games);
          setReadFailed(null);
        },
        (err: unknown) => {
          if (!controller.signal.aborted)
            setReadFailed(err instanceof Error ? err.message : 'The lobby could not be read.');
        },
      );
    void read();
    const timer = window.setInterval(() => void read(), REFRESH_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, []);

  const join = async (game: string) => {
    setJoining(game);
    setRefusal(null);
    try {
      const joined = await apiFetch<JoinedSeat>(
        '/api/lobby/join',
        jsonPost({ game, ...(name.trim() ? { name } : {}) }),
      );
      // The seat's only token: its play page hands it to the server, which keeps it for this browser.
      window.location.assign(
        joined.token === null ? playPath(joined.id, joined.seat) : invitePath(joined.id, joined.token, joined.seat),
      );
    } catch (err) {
      setJoining(null);
      setRefusal({ game, message: err instanceof Error ? err.message : 'The seat could not be taken.' });
    }
  };

  return (
    <div className={styles.lobby}>
      <JoinerName name={name} setName={setName} />
      <Alert problem={readFailed} />
      {games === null ? (
        <p className={ui.muted}>Reading the lobby…</p>
      ) : games.length === 0 ? (
        <p className={ui.muted}>
          No public game just now. <a href="/">Start one</a> and tick “Public”.
        </p>
      ) : (
        <ul className={styles.games} aria-label="Public games">
          {games.map((game) => {
            const free = game.seats.filter((s) => s.free).length;
            const joinable = game.status === 'waiting' && free > 0;
            return (
              <li
                key={game.id}
                className={cx(ui.panel, styles.game)}
                data-testid="lobby-game"
                data-game-id={game.id}
                data-status={game.status}
              >
                <h2 className={styles.kind} id={`lobby-${game.id}`}>
                  {GAMES[game.game].name}
                </h2>
                <p className={cx(ui.muted, ui.small)}>
                  <strong data-testid="lobby-status">{STATUS_WORDS[game.status]}</strong> · Created{' '}
                  {age(game.ageSeconds)}
                  {game.status === 'waiting' && ` · ${free} free ${free === 1 ? 'seat' : 'seats'}`}
                  {game.options.length > 0 && ` · ${game.options.join(', ')}`}
                </p>
                <ul className={styles.seats} aria-label="Seats">
                  {game.seats.map((s) => (
                    <li key={s.seat} className={styles.seat} data-free={s.free}>
                      {s.free
                        ? `Seat ${s.seat + 1}: free`
                        : `${s.name}${s.kind === 'human' ? '' : ` (${SEAT_KIND_TAGS[s.kind]})`}`}
                    </li>
                  ))}
                </ul>
                {joinable ? (
                  <button
                    type="button"
                    className={cx(ui.button, ui.primary)}
                    aria-describedby={`lobby-${game.id}`}
                    disabled={joining !== null}
                    onClick={() => void join(game.id)}
                  >
                    {joining === game.id ? 'Joining…' : 'Join'}
                  </button>
                ) : (
                  <a className={ui.button} href={playPath(game.id)} aria-describedby={`lobby-${game.id}`}>
                    Watch
                  </a>
                )}
                {refusal?.game === game.id && (
                  <p className={cx(ui.alert, ui.small)} role="alert">
                    {refusal.message}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
