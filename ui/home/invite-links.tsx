'use client';

import { useEffect, useState } from 'react';
import type { GameId, SeatId } from '../../engine/core';
import type { CreateGameResponse } from '../../server/protocol';
import { useOrigin } from '../lib/browser-state';
import { GAMES } from '../lib/game-catalog';
import { invitePath, playPath } from '../play/game-api';
import { seatColor, seatInitial } from '../lib/seats';
import styles from './home.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

/** A link with a copy button; the link text can also be selected by hand. */
function CopyLink({ label, url, id }: { label: string; url: string; id: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(t);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.select();
    }
  };
  return (
    <span className={styles.copyLink}>
      <input
        id={id}
        type="text"
        readOnly
        value={url}
        aria-label={label}
        onFocus={(e) => e.currentTarget.select()}
        spellCheck={false}
      />
      <button type="button" className={cx(ui.button, ui.small)} onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
      <span className={ui.visuallyHidden} role="status">
        {copied ? `${label} copied` : ''}
      </span>
    </span>
  );
}

/**
 * After creating an online game: one secret link per human seat and the spectator link, each with a copy button;
 * the host then opens their own seat here.
 */
export function InviteLinks({ game, created }: { game: GameId; created: CreateGameResponse }) {
  const origin = useOrigin();
  const name = (seat: SeatId) => created.seats.find((s) => s.seat === seat)?.name ?? `Seat ${seat + 1}`;
  // The play page's own paths, whatever page the server's `path` names: each token in the fragment, which no request
  // carries; the page hands it over once and this browser then holds the seat.
  const seatPath = (token: string) => invitePath(created.id, token);
  const spectatorPath = playPath(created.id);
  const hostPath = invitePath(created.id, created.hostToken);

  return (
    <section className={cx(ui.panel, styles.invites)} aria-labelledby="invites-heading">
      <h2 id="invites-heading" className={ui.panelTitle}>
        {GAMES[game].name} is ready
      </h2>
      {created.roomPath ? (
        <>
          <p>
            The game waits for its players: nothing moves until it starts. Share the room link — whoever opens it picks
            a free seat and a name — or send each person their own seat’s link below; then open yours. This browser is
            the host: the table shows the room link and Start again whenever you open it.
          </p>
          <div className={styles.invite}>
            <span className={styles.inviteWho}>
              <strong>Room</strong>
              <span className={cx(ui.muted, ui.small)}>anyone with it takes a free seat</span>
            </span>
            <CopyLink label="Room link" url={`${origin}${created.roomPath}`} id="invite-room" />
          </div>
        </>
      ) : (
        <p>
          Send each person their own link (it holds their seat, so keep it private), then open yours. Bots play as soon
          as it is their turn.
        </p>
      )}
      {created.invites.length > 0 ? (
        <ul className={cx(ui.stack, styles.inviteList)}>
          {created.invites.map((invite) => (
            <li
              key={invite.seat}
              className={styles.invite}
              style={{ '--seat': seatColor(invite.seat) } as React.CSSProperties}
            >
              <span className={styles.inviteWho}>
                <span className={ui.playerPawn} aria-hidden="true">
                  {seatInitial(name(invite.seat))}
                </span>
                <strong>{name(invite.seat)}</strong>
                <span className={cx(ui.muted, ui.small)}>seat {invite.seat + 1}</span>
              </span>
              <CopyLink
                label={`Invite link for ${name(invite.seat)}`}
                url={`${origin}${seatPath(invite.token)}`}
                id={`invite-${invite.seat}`}
              />
              <a className={cx(ui.button, ui.primary, ui.small)} href={seatPath(invite.token)}>
                This is me — open
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className={ui.muted}>No seat is played by a person: everyone can watch with the spectator link.</p>
      )}
      <div className={styles.invite}>
        <span className={styles.inviteWho}>
          <strong>Spectators</strong>
          <span className={cx(ui.muted, ui.small)}>read-only</span>
        </span>
        <CopyLink label="Spectator link" url={`${origin}${spectatorPath}`} id="invite-spectator" />
        <a className={cx(ui.button, ui.small)} href={spectatorPath}>
          Watch
        </a>
      </div>
      {/* The host token watches and moderates the chat (it mutes seats); it plays no seat. */}
      <div className={styles.invite}>
        <span className={styles.inviteWho}>
          <strong>Host</strong>
          <span className={cx(ui.muted, ui.small)}>watch and mute the chat — keep it private</span>
        </span>
        <CopyLink label="Host link" url={`${origin}${hostPath}`} id="invite-host" />
        <a className={cx(ui.button, ui.small)} href={hostPath}>
          Host
        </a>
      </div>
    </section>
  );
}
