'use client';

import dynamic from 'next/dynamic';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { SeatId } from '../../engine/core';
import type { Board, PoleState } from '../../engine/pole';
import type { GameSnapshot } from '../../server/protocol';
import type { PoleStart } from './log-entries';
import { WaitingRoomPanel } from './waiting-room';
import { GAMES } from '../lib/game-catalog';
import {
  downloadRecord,
  fetchSnapshot,
  followSeat,
  forgetGame,
  fragmentToken,
  holdSeat,
  humanSeats,
  leaveSeat,
  rejoinSeat,
  pendingHumanSeats,
  playPath,
  useGameConnection,
} from './game-client';
import { seatColor } from '../lib/seats';
import { useChainInfo, useMoveSending } from './chain-info';
import { GameLog } from './game-log';
import { GameTable } from './game-table';
import { useFooterGame } from '../home/site-footer';
import { RatingResult } from './rating-result';
import { RematchOffer } from './rematch-offer';
import { SeedFacts } from './seed-facts';
import { TurnTimer } from './turn-timer';
import { TurnFeedback } from './turn-feedback';
import { keepScreenTop } from './screen-fit';
import { keepCurrentSeatInView } from './current-seat-view';
import styles from './play.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { rulesHref } from '../rules/rules-doc';
import { useTenLocale } from '../ten/ten-language-choice';
import { PLAY_WORDS, PlayWordsContext, type PlayWords } from './play-words';

// The chain's panels (and the wallet calls they make) load for a game on Tezos only: an off-chain game never needs them.
const ChainSetup = dynamic(() => import('./chain-panel').then((m) => m.ChainSetup));
const ChainPanel = dynamic(() => import('./chain-panel').then((m) => m.ChainPanel));
const ChainProgress = dynamic(() => import('./chain-progress').then((m) => m.ChainProgress));
const ChainToasts = dynamic(() => import('./chain-progress').then((m) => m.ChainToasts));
// An online game's chat: hot-seat tables never load it.
const ChatPanel = dynamic(() => import('./chat-panel').then((m) => m.ChatPanel));

/** What handing the link's token over gave: the seat this browser now holds (null: the host's), or the refusal. */
type HandedOver = { readonly seat: SeatId | null } | { readonly refused: string };

/**
 * The play page's client side. An invite link carries its token in the fragment (`#token=…`, never sent
 * to the server; an old link's `?token=` is still read): it is handed to the server once, which remembers that this
 * browser (its httpOnly cookie) holds the seat, and leaves the address bar. From then on the page follows the game
 * with no token at all: the server knows the seat, after a refresh and after the tab is closed too.
 */
export function PlayGame({ id, token, seat }: { id: string; token: string | null; seat: SeatId | null }) {
  // The fragment, read in the browser only (undefined while the server renders and the page hydrates).
  const hash = useSyncExternalStore(
    noChanges,
    () => window.location.hash,
    () => undefined,
  );
  const [handed, setHanded] = useState<HandedOver | null>(null);
  const done = useCallback((result: HandedOver) => {
    // The token leaves the address bar (and so the history, bookmarks and a copied URL); the rest of it stays.
    // `null`, not the current state: Next's router then copies its own state in and takes the new address as its
    // own. Given its state back (`__NA`), it leaves its address as it was, and its next history write restored it:
    // the `#token=…` and an old `?seat=`.
    const url = new URL(window.location.href);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', `${url.pathname}${url.search}`);
    setHanded(result);
  }, []);
  if (hash === undefined) return <p className={cx(ui.muted, styles.loading)}>Opening the table…</p>;
  const invite = fragmentToken(hash) ?? token;
  if (invite !== null && handed === null) return <HandOver id={id} token={invite} onDone={done} />;
  if (handed !== null && 'refused' in handed) {
    return (
      <section className={cx(ui.panel, styles.fatal)} role="alert">
        <h1>This invite link cannot be used</h1>
        <p>{handed.refused}</p>
        <p>
          <a href={playPath(id)}>Watch the game</a> · <a href="/games">My games</a>
        </p>
      </section>
    );
  }
  return <LiveGame id={id} initialSeat={handed?.seat ?? seat} />;
}

/** Hands the link's token to the server once; a second mount (React's strict mode) hands it again, harmlessly. */
function HandOver({ id, token, onDone }: { id: string; token: string; onDone: (result: HandedOver) => void }) {
  useEffect(() => {
    let current = true;
    holdSeat(id, token).then(
      (held) => current && onDone({ seat: held.seat }),
      (err: unknown) => current && onDone({ refused: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      current = false;
    };
  }, [id, token, onDone]);
  return <p className={cx(ui.muted, styles.loading)}>Taking your seat…</p>;
}

/** The fragment is read, not followed: only this page changes it. */
const noChanges = (): (() => void) => () => undefined;

function LiveGame({ id, initialSeat }: { id: string; initialSeat: SeatId | null }) {
  const [seat, setSeat] = useState(initialSeat);
  /**
   * Hot-seat: the seat asked for (a click, or following whoever must decide). Its snapshot is read first, and the
   * table switches to it whole, at once — never the previous seat's view under the new seat's name.
   */
  const [wanted, setWanted] = useState(initialSeat);
  const [opening, setOpening] = useState<GameSnapshot | null>(null);
  const [follow, setFollow] = useState(true);
  const [handoff, setHandoff] = useState<SeatId | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const conn = useGameConnection(id, seat, opening);
  const tenLocale = useTenLocale();
  const [lastShown, setLastShown] = useState<GameSnapshot | null>(null);
  if (conn.snapshot && conn.snapshot !== lastShown) setLastShown(conn.snapshot);
  /** While the game (or a seat the server chose) loads, the last table stays up, inert. */
  const shown = conn.snapshot ?? lastShown;
  const chain = useChainInfo(id, shown?.onChain === true, shown?.seq ?? -1, Boolean(shown?.outcome), conn.chainNotices);
  const sendingToChain = useMoveSending(conn.busy, shown?.seq ?? -1, chain);
  useFooterGame(shown?.game ?? null);
  const stale = conn.snapshot === null;
  /** A host token (hot-seat) acts for every human seat: the server says so with every snapshot. */
  const host = shown === null ? null : shown.access === 'host';

  // The seat in the address bar (the server holds the seat itself: a refresh comes back to it).
  useEffect(() => {
    if (seat === null) return;
    const path = playPath(id, seat);
    if (`${window.location.pathname}${window.location.search}` !== path) window.history.replaceState(null, '', path);
  }, [id, seat]);

  // The server chose the seat (a seat link without `?seat=`): adopt it, with the snapshot it came with.
  if (conn.snapshot && seat === null && conn.snapshot.seat !== null) {
    setOpening(conn.snapshot);
    setSeat(conn.snapshot.seat);
    setWanted(conn.snapshot.seat);
  }

  // A hot-seat switch: read the wanted seat's snapshot, then show it (a failed read leaves it to the connection).
  useEffect(() => {
    if (wanted === null || wanted === seat) return;
    const controller = new AbortController();
    fetchSnapshot(id, wanted, controller.signal).then(
      (snap) => {
        setOpening(snap);
        setSeat(wanted);
      },
      () => {
        if (controller.signal.aborted) return;
        setOpening(null);
        setSeat(wanted);
      },
    );
    return () => controller.abort();
  }, [id, seat, wanted]);

  // Hot-seat: follow whoever must decide, so the device can be passed round the table. Only a new state (seq), or
  // turning following on, moves the device on; a seat picked by hand stays until then.
  const followKey = conn.snapshot && host === true && follow ? conn.snapshot.seq : null;
  const [followedKey, setFollowedKey] = useState<number | null>(null);
  if (followKey !== followedKey) {
    setFollowedKey(followKey);
    const snap = conn.snapshot;
    const next = snap && followKey !== null ? followSeat(snap.pending, snap.seats, seat) : null;
    if (snap && next !== null && next !== seat) {
      const sealed = snap.game === 'gotopoly' && snap.pending.some((d) => d.seat === next && d.kind === 'bid');
      if (sealed && seat !== null && humanSeats(snap.seats).includes(seat)) setHandoff(next);
      setWanted(next);
    }
  }

  if (conn.fatal && !shown) {
    return (
      <section className={cx(ui.panel, styles.fatal)} role="alert">
        <h1>This game cannot be opened</h1>
        <p>{conn.fatal}</p>
        <p>
          <a href="/">Back to the games</a>
        </p>
      </section>
    );
  }
  if (!shown) return <p className={cx(ui.muted, styles.loading)}>Loading the game…</p>;

  // Ten's table speaks the language its players chose, and the page around it does too.
  const words = PLAY_WORDS[shown.game === 'ten' ? tenLocale : 'en'];
  const gameName = words.gameNames[shown.game] ?? GAMES[shown.game].name;
  const board: Board | null = shown.game === 'pole' ? ((shown.view as PoleState).config?.board ?? null) : null;
  const names = shown.seats.map((s) => s.name);
  const titles = tileTitles(board);
  const humans = humanSeats(shown.seats);
  const waiting = pendingHumanSeats(shown.pending, shown.seats);
  const mySeat = shown.seats.find((s) => s.seat === seat);
  // Once the game is over there is nothing left to leave.
  const canLeave = seat !== null && mySeat?.kind === 'human' && !mySeat.botTakeover && !shown.outcome;
  // An online seat its bot plays (its person left, or their grace ran out) is theirs to take back.
  const canTakeBack =
    seat !== null && host === false && mySeat?.kind === 'human' && mySeat.botTakeover && !shown.outcome;
  const pendingNames = words.list(
    [...new Set(shown.pending.map((d) => d.seat))].map((s) => names[s] ?? words.seat(s + 1)),
  );

  const leave = async () => {
    if (seat === null) return;
    if (!window.confirm(words.notice.leaveConfirm(names[seat] ?? null))) return;
    try {
      await leaveSeat(id, seat);
      if (host) {
        conn.refresh();
      } else {
        // The seat is its bot's now: this browser forgets it, and follows the game as a spectator.
        await forgetGame(id);
        setSeat(null);
        setWanted(null);
        window.history.replaceState(null, '', playPath(id));
      }
      setNotice(words.notice.left);
    } catch (err) {
      setNotice(err instanceof Error ? err.message : words.notice.leaveFailed);
    }
  };

  const takeBack = async () => {
    if (seat === null) return;
    try {
      await rejoinSeat(id, seat);
      setNotice(words.notice.tookBack);
    } catch (err) {
      setNotice(err instanceof Error ? err.message : words.notice.takeBackFailed);
    }
  };

  const exportRecord = async () => {
    try {
      await downloadRecord(id, `${shown.game}-${id}.json`);
    } catch (err) {
      setNotice(words.notice.exportFailed(err instanceof Error ? err.message : null));
    }
  };

  return (
    <PlayWordsContext.Provider value={words}>
      <div
        className={styles.play}
        data-testid="play"
        lang={words.locale}
        data-seq={shown.seq}
        data-seat={shown.seat ?? 'spectator'}
      >
        {/* The game as it stands fits the window; the record of it — log, chain panel, seed — follows below. */}
        <div
          ref={keepScreenTop}
          className={styles.screen}
          data-fit={shown.outcome === null && !(handoff !== null && handoff === seat)}
        >
          <header className={styles.bar}>
            <div className={styles.title}>
              <h1>{gameName}</h1>
              <span className={styles.conn} data-status={conn.status} role="status">
                {shown.outcome ? words.header.gameOver : words.header.status[conn.status]}
              </span>
              <span className={cx(ui.muted, ui.small)}>
                {seat === null ? words.header.spectating : words.header.seatOf(seat + 1, names[seat] ?? '')}
                {shown.waitingRoom
                  ? words.header.waitingForPlayers
                  : shown.outcome === null && pendingNames && words.header.waitingFor(pendingNames)}
              </span>
              {shown.outcome === null && <TurnTimer deadline={shown.deadline} who={pendingNames || null} />}
            </div>
            <div className={styles.actions}>
              {/* A new tab: the game stays open where it is. */}
              <a
                className={cx(ui.button, ui.ghost, ui.small)}
                href={rulesHref(shown.game)}
                target="_blank"
                rel="noopener"
              >
                {words.header.rules}
              </a>
              {canTakeBack && (
                <button type="button" className={cx(ui.button, ui.small)} onClick={() => void takeBack()}>
                  {words.header.takeBack}
                </button>
              )}
              {canLeave && (
                <button type="button" className={cx(ui.button, ui.ghost, ui.small)} onClick={() => void leave()}>
                  {words.header.leave}
                </button>
              )}
              {/* The record (seed and sealed bids) is published once the game is over. */}
              {shown.outcome && (
                <>
                  <button
                    type="button"
                    className={cx(ui.button, ui.ghost, ui.small)}
                    onClick={() => void exportRecord()}
                  >
                    {words.header.exportRecord}
                  </button>
                  <a className={cx(ui.button, ui.small)} href={`/replay?game=${encodeURIComponent(id)}`}>
                    {words.header.replay}
                  </a>
                </>
              )}
            </div>
            <TurnFeedback gameId={id} gameName={gameName} facts={shown} seat={seat} host={host === true} />
          </header>

          {host === true && humans.length > 0 && (
            <div className={styles.seatSwitcher} role="group" aria-label={words.hotSeat.group}>
              <span className={cx(ui.muted, ui.small)}>{words.hotSeat.seat}</span>
              {humans.map((s) => (
                <button
                  key={s}
                  type="button"
                  className={cx(ui.button, ui.small, styles.seatButton)}
                  style={{ '--seat': seatColor(s) } as React.CSSProperties}
                  aria-pressed={s === wanted}
                  onClick={() => {
                    setHandoff(null);
                    setWanted(s);
                  }}
                >
                  {names[s]}
                  {waiting.includes(s) && (
                    <span className={styles.seatWaiting} aria-label={words.hotSeat.toDecide}>
                      {' '}
                      ●
                    </span>
                  )}
                </button>
              ))}
              <label className={cx(ui.check, ui.small)}>
                <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} />
                {words.hotSeat.follow}
              </label>
            </div>
          )}

          {notice && (
            <p className={ui.notice} role="status">
              {notice}{' '}
              <button type="button" className={cx(ui.button, ui.ghost, ui.small)} onClick={() => setNotice(null)}>
                {words.notice.dismiss}
              </button>
            </p>
          )}
          {shown.waitingRoom && <WaitingRoomPanel id={id} room={shown.waitingRoom} seats={shown.seats} />}
          {shown.outcome && <OutcomeBanner names={names} winners={shown.outcome.winners} words={words} />}
          {/* An online game (it has a chat) may be rated: how it changed the viewer's rating, or why it did not. */}
          {shown.outcome && shown.chat !== null && <RatingResult id={id} seat={seat} names={names} />}
          {shown.outcome && <RematchOffer id={id} seat={seat} facts={shown} />}
          {shown.onChain && (
            <>
              <ChainSetup id={id} seat={seat} seats={shown.seats} chain={chain} />
              <ChainProgress seats={shown.seats} titles={titles} sending={sendingToChain} chain={chain} />
            </>
          )}

          {handoff !== null && handoff === seat ? (
            <HandOff name={names[handoff] ?? words.seat(handoff + 1)} onReady={() => setHandoff(null)} />
          ) : (
            <div
              ref={keepCurrentSeatInView}
              className={cx(styles.table, stale && styles.isStale, shown.waitingRoom && styles.isWaiting)}
              aria-busy={stale || conn.busy}
              // Before the start nothing at the table can be done, and no one's turn has begun.
              inert={shown.waitingRoom !== null}
              data-testid="play-table"
            >
              <GameTable
                game={shown.game}
                view={shown.view}
                seat={shown.seat}
                seats={shown.seats}
                pending={shown.waitingRoom ? [] : shown.pending}
                legal={stale || shown.waitingRoom ? [] : shown.legal}
                events={shown.events}
                outcome={shown.outcome}
                deadline={shown.deadline}
                act={conn.act}
                busy={stale || conn.busy}
                error={conn.error}
              />
            </div>
          )}
        </div>

        {shown.onChain && (
          <>
            <ChainPanel id={id} seats={shown.seats} titles={titles} chain={chain} />
            <ChainToasts seat={seat} seats={shown.seats} titles={titles} chain={chain} />
          </>
        )}

        {shown.chat && <ChatPanel id={id} seat={seat} seats={shown.seats} chat={shown.chat} />}
        <PlayLog snapshot={shown} />
        <SeedFacts
          commitment={shown.seedCommitment}
          seed={shown.seed}
          mode={shown.fair ? { fair: true, chain: conn.chain } : { fair: false }}
        />
      </div>
    </PlayWordsContext.Provider>
  );
}

function tileTitles(board: Board | null): Map<number, string> {
  const titles = new Map<number, string>();
  board?.tiles.forEach((t, i) => {
    if (t.kind === 'artist') titles.set(i, t.title);
  });
  return titles;
}

/** The running log of a live game, from its snapshot: the events in words, and Tezos Pole's set-up. */
export function PlayLog({ snapshot }: { snapshot: GameSnapshot }) {
  const board: Board | null = snapshot.game === 'pole' ? ((snapshot.view as PoleState).config?.board ?? null) : null;
  // The turn-order roll is set-up's, in no action's events: the log tells it from the view.
  const start: PoleStart | null =
    snapshot.game === 'pole' && (snapshot.view as Partial<PoleState>).turnOrderRolls
      ? (snapshot.view as PoleState)
      : null;
  return <GameLog game={snapshot.game} events={snapshot.events} seats={snapshot.seats} board={board} start={start} />;
}

function OutcomeBanner({
  names,
  winners,
  words,
}: {
  names: readonly string[];
  winners: readonly SeatId[];
  words: PlayWords;
}) {
  const who = words.list(winners.map((s) => names[s] ?? words.seat(s + 1)));
  return (
    <p className={cx(ui.notice, styles.outcomeBanner)} role="status" data-testid="outcome-banner">
      <span className={ui.trophy} aria-hidden="true">
        ★
      </span>{' '}
      {winners.length === 0
        ? words.outcome.nobody
        : winners.length === 1
          ? words.outcome.wins(who)
          : words.outcome.shared(who)}
    </p>
  );
}

/** Hot-seat privacy for sealed bids: the next bidder takes the device before their view appears. */
function HandOff({ name, onReady }: { name: string; onReady: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  return (
    <section className={cx(ui.panel, styles.handoff)} aria-labelledby="handoff-heading" data-testid="handoff">
      <h2 id="handoff-heading">Pass the device to {name}</h2>
      <p>The next bid is sealed: only {name} should see the table now.</p>
      <button ref={button} type="button" className={cx(ui.button, ui.primary)} onClick={onReady}>
        I am {name}: show my table
      </button>
    </section>
  );
}
