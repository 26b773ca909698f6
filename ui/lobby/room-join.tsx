'use client';

/**
 * What a room link opens on: the game, its seats, and for each free one "Take this seat" under the name given here.
 * The seat's token is minted for this browser alone and handed over by the play page, as a lobby join's is. A game
 * that has started offers to watch it instead.
 */
import { useEffect, useState } from 'react';
import type { JoinedSeat, RoomInfo } from '../../server/protocol';
import { apiFetch, jsonPost } from '../api/client';
import { Alert } from '../lib/alert';
import { JoinerName } from './joiner-name';
import { SEAT_KIND_TAGS } from '../play/seat-kinds';
import { cx } from '../lib/cx';
import { GAMES } from '../lib/game-catalog';
import { invitePath, playPath } from '../play/game-api';
import ui from '../styles/controls.module.css';
import styles from './lobby.module.css';

const roomUrl = (code: string): string => `/api/rooms/${encodeURIComponent(code)}`;

export function RoomJoin({ code }: { code: string }) {
  const [room, setRoom] = useState<RoomInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [joining, setJoining] = useState<number | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<RoomInfo>(roomUrl(code), { signal: controller.signal }).then(setRoom, (err: unknown) => {
      if (!controller.signal.aborted) setProblem(err instanceof Error ? err.message : String(err));
    });
    return () => controller.abort();
  }, [code]);

  const join = async (seat: number) => {
    setJoining(seat);
    setProblem(null);
    try {
      const joined = await apiFetch<JoinedSeat>(
        `${roomUrl(code)}/join`,
        jsonPost({ seat, ...(name.trim() ? { name } : {}) }),
      );
      window.location.assign(invitePath(joined.id, joined.token!, joined.seat));
    } catch (err) {
      setJoining(null);
      setProblem(err instanceof Error ? err.message : String(err));
      // The seats may have changed meanwhile: read them again.
      apiFetch<RoomInfo>(roomUrl(code)).then(setRoom, () => undefined);
    }
  };

  return (
    <section className={cx(ui.panel, styles.game)} aria-labelledby="room-heading" data-testid="room-join">
      <h1 id="room-heading">{room ? `Join a game of ${GAMES[room.game].name}` : 'Join a game'}</h1>
      <Alert problem={problem} />
      {room === null ? (
        !problem && <p className={ui.muted}>Reading the room…</p>
      ) : !room.waiting ? (
        <p>
          {room.finished ? 'This game is over.' : 'This game has started: its seats are taken.'}{' '}
          <a className={cx(ui.button, ui.small)} href={playPath(room.id)}>
            Watch it
          </a>
        </p>
      ) : (
        <>
          <JoinerName name={name} setName={setName} />
          <ul className={styles.seats} aria-label="Seats">
            {room.seats.map((s) => (
              <li key={s.seat} className={styles.seat} data-free={s.free}>
                {s.free ? (
                  <button
                    type="button"
                    className={cx(ui.button, ui.primary, ui.small)}
                    disabled={joining !== null}
                    onClick={() => void join(s.seat)}
                  >
                    {joining === s.seat ? 'Taking it…' : `Take seat ${s.seat + 1}`}
                  </button>
                ) : (
                  `Seat ${s.seat + 1}: ${s.name}${s.kind === 'human' ? '' : ` (${SEAT_KIND_TAGS[s.kind]})`}`
                )}
              </li>
            ))}
          </ul>
          {room.seats.every((s) => !s.free) && <p className={ui.muted}>Every seat is taken.</p>}
        </>
      )}
    </section>
  );
}
