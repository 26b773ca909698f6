import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { SeatId } from '../../engine/core';
import type { ChatEntry, GameSnapshot, GameUpdate, SeatsUpdate } from '../../server/protocol';
import { isApiError, STALE_CODE } from '../api/client';
import {
  chainStanding,
  contributionFor,
  ensureChain,
  noteLinkGiven,
  resetLinksGiven,
  useStoredChain,
  type SeatChainStanding,
} from './fair-chain';
import {
  applyChat,
  applySeats,
  changesTurnClocks,
  applySnapshot,
  applyUpdate,
  eventsUrl,
  fetchSnapshot,
  mergeChat,
  postAction,
} from './game-api';

export * from './game-api';

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting' | 'closed';

export interface GameConnection {
  /** The seat's snapshot, kept current by the event stream; null until the first answer. */
  readonly snapshot: GameSnapshot | null;
  readonly status: ConnectionStatus;
  /** The last refusal (the server's own message) or connection problem, in words. */
  readonly error: string | null;
  /** A fatal problem (unknown game, bad token): nothing to retry. */
  readonly fatal: string | null;
  /** True from an action's POST until the state it produced has arrived. */
  readonly busy: boolean;
  /** How many times the stream said the game's chain status changed (an on-chain game): a reader re-reads on each. */
  readonly chainNotices: number;
  /** Provably fair: how the seat's rolls are made here; null when it gives no links (see fair-chain.ts). */
  readonly chain: SeatChainStanding | null;
  readonly act: (action: unknown) => void;
  /** Re-reads the snapshot. */
  readonly refresh: () => void;
  readonly clearError: () => void;
}

/** The server's 400 for an action whose chain link does not follow the seat's last one. */
const BAD_CONTRIBUTION_CODE = 'BAD_CONTRIBUTION';

/** How long to wait for the stream to bring an accepted action's state before reading the snapshot instead. */
const UPDATE_GRACE_MS = 4000;

/**
 * One seat's live game: GET the snapshot, then follow `/api/games/:id/events` from its `seq` (EventSource resumes
 * with Last-Event-ID by itself, and a resume from long ago opens with a `snapshot` event; a stream that closes is
 * reopened after re-reading the snapshot, with back-off; a finished game's stream ends, and stays closed).
 * `act` POSTs an action with the `seq` the seat saw; a refusal shows the server's message (and a stale seq also
 * re-reads the snapshot). Changing `seat` (hot-seat) re-reads and re-follows for that seat — or, given `opening` (that
 * seat's snapshot, already read), shows it at once and follows from its `seq`. Nothing of the game or seat followed
 * before is returned once another is asked for.
 */
export function useGameConnection(
  id: string,
  seat: SeatId | null,
  opening: GameSnapshot | null = null,
): GameConnection {
  const [snapshot, setSnapshot] = useState<GameSnapshot | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('connecting');
  const [error, setError] = useState<string | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [chainNotices, setChainNotices] = useState(0);
  const snapRef = useRef<GameSnapshot | null>(null);
  /** The seq an accepted action produced, while we wait for it. */
  const awaitedRef = useRef<number | null>(null);
  const graceRef = useRef<number | null>(null);
  /**
   * An action is on its way (POSTed, not answered): set before React re-renders, so a second click or key press in
   * the same moment — an on-chain move can take a block to be answered — sends nothing.
   */
  const postingRef = useRef(false);
  /** Re-reads the snapshot; `then` sees the snapshot read, whether or not it is newer than the one shown. */
  const reloadRef = useRef<(then?: (read: GameSnapshot) => void) => void>(() => undefined);

  // Another game or seat: start again from nothing (or from `opening`), in this very render (not after it, in an
  // effect); this render already returns nothing of the previous one, so the caller cannot act on it.
  const following = `${id}\n${seat ?? ''}`;
  const [followed, setFollowed] = useState(following);
  const ready = opening !== null && opening.id === id && opening.seat === seat ? opening : null;
  const switched = followed !== following;
  if (switched) {
    setFollowed(following);
    setSnapshot(ready);
    if (!ready) setStatus('connecting');
    setFatal(null);
    setError(null);
    setBusy(false);
  }
  /** The opening snapshot of the seat now followed, for the effect that follows it. */
  const openingRef = useRef<GameSnapshot | null>(null);
  useLayoutEffect(() => {
    openingRef.current = ready;
  });

  const commit = useCallback((next: GameSnapshot) => {
    snapRef.current = next;
    setSnapshot(next);
    if (awaitedRef.current !== null && next.seq >= awaitedRef.current) {
      awaitedRef.current = null;
      if (graceRef.current !== null) window.clearTimeout(graceRef.current);
      graceRef.current = null;
      setBusy(false);
    }
  }, []);

  // A layout effect: the previous seat's stream closes in the very commit that switches seats. A passive effect's
  // cleanup runs later (after paint, later still on a busy phone), and an event that stream delivered in between put
  // the previous seat's snapshot back: after "Leave seat", the page took the seat again and was refused (403).
  useLayoutEffect(() => {
    let closed = false;
    let source: EventSource | null = null;
    let retryTimer: number | null = null;
    let failures = 0;
    const controller = new AbortController();
    const opening = openingRef.current;
    snapRef.current = opening;
    awaitedRef.current = null;

    const scheduleRestart = () => {
      if (closed || retryTimer !== null) return;
      const delay = Math.min(15_000, 1000 * 2 ** Math.min(failures, 4));
      failures++;
      setStatus('reconnecting');
      retryTimer = window.setTimeout(() => {
        retryTimer = null;
        void start();
      }, delay);
    };

    const follow = (after: number, chatAfter: number | null) => {
      source?.close();
      const es = new EventSource(eventsUrl(id, seat, after, chatAfter));
      source = es;
      es.onopen = () => {
        failures = 0;
        setStatus('live');
      };
      /** Applies each `type` event to the current snapshot; a malformed one is dropped: the next snapshot read repairs it. */
      const apply = <T>(type: string, to: (current: GameSnapshot, data: T) => GameSnapshot) =>
        es.addEventListener(type, (ev) => {
          const current = snapRef.current;
          if (!current) return;
          try {
            commit(to(current, JSON.parse((ev as MessageEvent<string>).data) as T));
          } catch {
            // a malformed event
          }
        });
      apply<GameUpdate>('update', applyUpdate);
      // An online game's chat, on the same stream.
      apply<ChatEntry>('chat', applyChat);
      // Who is at the table, and whose bot plays, on the same stream. When that moves a turn clock (the start, a bot
      // taking a seat over or handing it back), the snapshot is read again for the clock, which a seats event lacks.
      apply<SeatsUpdate>('seats', (current, update) => {
        if (changesTurnClocks(current, update)) queueMicrotask(() => reloadRef.current());
        return applySeats(current, update);
      });
      // A chain operation of the game began or settled: the chain status is read again (it carries nothing itself).
      es.addEventListener('chain', () => setChainNotices((n) => n + 1));
      // A resume from before the server's newest snapshot: that snapshot, then the updates after it.
      apply<GameSnapshot>('snapshot', applySnapshot);
      es.onerror = () => {
        if (closed) return;
        // A finished game's stream ends (the server sends nothing more): no reconnecting. An abandoned one
        // has no outcome, but its seed is revealed: it has ended too.
        const ended = snapRef.current !== null && (snapRef.current.outcome !== null || snapRef.current.seed !== null);
        if (es.readyState === EventSource.CLOSED || ended) {
          es.close();
          if (source === es) source = null;
          if (ended) setStatus('closed');
          else scheduleRestart();
        } else {
          setStatus('reconnecting'); // EventSource retries on its own, sending Last-Event-ID
        }
      };
    };

    const start = async () => {
      try {
        const snap = await fetchSnapshot(id, seat, controller.signal);
        if (closed) return;
        commit(snap);
        setError((e) => (e && e.startsWith('Connection lost') ? null : e));
        follow(snap.seq, snap.chat?.last ?? null);
      } catch (err) {
        if (closed) return;
        if (isApiError(err) && (err.status === 404 || err.status === 403 || err.status === 400)) {
          setFatal(err.message);
          setStatus('closed');
          return;
        }
        setError(
          isApiError(err) && err.fromServer
            ? `Connection lost (${err.message}); trying again…`
            : 'Connection lost; trying again…',
        );
        scheduleRestart();
      }
    };

    reloadRef.current = (then) => {
      fetchSnapshot(id, seat)
        .then((snap) => {
          if (closed) return;
          const current = snapRef.current;
          // Keep whichever is newer: the stream may already have brought a later state.
          if (!current || snap.seq >= current.seq)
            commit({ ...snap, chat: mergeChat(current?.chat ?? null, snap.chat) });
          then?.(snap);
        })
        .catch(() => {
          if (!closed) scheduleRestart();
        });
    };

    if (opening) follow(opening.seq, opening.chat?.last ?? null);
    else void start();
    return () => {
      closed = true;
      controller.abort();
      source?.close();
      if (retryTimer !== null) window.clearTimeout(retryTimer);
      if (graceRef.current !== null) window.clearTimeout(graceRef.current);
      graceRef.current = null;
    };
  }, [id, seat, commit]);

  const refresh = useCallback(() => reloadRef.current(), []);

  // Provably fair: the seat's chain is registered from the first snapshot that shows none. When another tab or
  // device was first, the snapshot read next shows whose head the server took.
  useEffect(() => {
    if (seat === null || snapshot === null) return;
    ensureChain(id, seat, snapshot)
      .then((result) => {
        if (result === 'taken') reloadRef.current();
      })
      // Unregistered (no answer, a refusal): the next snapshot tries again; until then actions go without a link.
      .catch(() => undefined);
  }, [id, seat, snapshot]);
  const stored = useStoredChain(id, seat);
  const chain = snapshot === null ? null : chainStanding(snapshot, stored);

  const act = useCallback(
    (action: unknown) => {
      const current = snapRef.current;
      if (!current || seat === null || awaitedRef.current !== null || postingRef.current) return;
      postingRef.current = true;
      setBusy(true);
      setError(null);
      const contribution = contributionFor(id, current);
      void (async () => {
        try {
          const { seq } = await postAction(id, seat, current.seq, action, contribution?.link ?? null).finally(() => {
            postingRef.current = false;
          });
          if (contribution) noteLinkGiven(id, seat, contribution.number);
          if ((snapRef.current?.seq ?? -1) >= seq) {
            setBusy(false);
            return;
          }
          awaitedRef.current = seq;
          graceRef.current = window.setTimeout(() => {
            graceRef.current = null;
            if (awaitedRef.current === null) return;
            awaitedRef.current = null;
            setBusy(false);
            reloadRef.current();
          }, UPDATE_GRACE_MS);
        } catch (err) {
          setBusy(false);
          setError(err instanceof Error ? err.message : String(err));
          // The game moved on: show the table as it is now.
          if (isApiError(err) && err.code === STALE_CODE) reloadRef.current();
          // The link did not follow the seat's last one: the server's count of links given is the truth, and the
          // person's next try sends the link after it.
          if (isApiError(err) && err.code === BAD_CONTRIBUTION_CODE)
            reloadRef.current((read) => resetLinksGiven(id, read));
        }
      })();
    },
    [id, seat],
  );

  const clearError = useCallback(() => setError(null), []);

  if (switched)
    return {
      snapshot: ready,
      status: ready ? status : 'connecting',
      error: null,
      fatal: null,
      busy: false,
      chainNotices,
      chain: null,
      act,
      refresh,
      clearError,
    };
  return { snapshot, status, error, fatal, busy, chainNotices, chain, act, refresh, clearError };
}
