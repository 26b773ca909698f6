/**
 * The chain status the play page follows for an on-chain game, apart from the panels that show it
 * (chain-panel.tsx, chain-progress.tsx): the page always runs this hook, and loads the panels only for a game on
 * Tezos, so an off-chain game's first load carries none of them (nor the events client, which loads only once a
 * game on Tezos follows its network's TzKT hub).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIndexerHead } from '../chain/indexer-head';
import { fetchChainInfo, type ChainInfo } from './chain-game';

/** The poll while TzKT's hub is down (or the game is paused: its retry is not announced by a block). */
const POLL_MS = 1500;
/**
 * A second read after a head is announced: the server learns of an inclusion from the node, which may be a moment
 * after the indexer announced the block.
 */
const FOLLOW_UP_MS = 1500;

export interface ChainState {
  /** undefined: not read yet; null: an off-chain game. */
  readonly info: ChainInfo | null | undefined;
  readonly problem: string | null;
  readonly setProblem: (problem: string | null) => void;
  readonly refresh: () => Promise<void>;
  /** The clock the pause countdown uses (ticks with each poll). */
  readonly now: number;
  /** The game's seq the newest status was read after (-1: none yet). */
  readonly readSeq: number;
}

/**
 * The chain status of a Tezos Pole game (null for an off-chain one), read again with each new state, each notice the
 * game's own stream gives that its chain operations changed (a step confirmed: at once, not a block later), and each
 * block TzKT's hub announces, until the game is over and every chain step has settled: setup, approvals, pauses and
 * confirmations. It is polled instead while the hub's socket is down, and while a pause waits for its retry.
 */
export function useChainInfo(
  id: string,
  enabled: boolean,
  seq: number,
  over: boolean,
  /** The game stream's count of chain notices (GameConnection.chainNotices): each one is a reason to read again. */
  notices = 0,
): ChainState {
  const [info, setInfo] = useState<ChainInfo | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [readSeq, setReadSeq] = useState(-1);
  const refresh = useCallback(
    () =>
      fetchChainInfo(id).then(setInfo, (err: unknown) => {
        setProblem(err instanceof Error ? err.message : 'The chain status could not be read.');
      }),
    [id],
  );
  // Read again with each new state of the game and each chain notice; a read for an older state that lands late is
  // dropped.
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    fetchChainInfo(id).then(
      (next) => {
        if (!current) return;
        setInfo(next);
        setReadSeq((read) => Math.max(read, seq));
      },
      (err: unknown) => {
        if (current) setProblem(err instanceof Error ? err.message : 'The chain status could not be read.');
      },
    );
    return () => {
      current = false;
    };
  }, [enabled, id, seq, notices]);
  const settled =
    !enabled ||
    info === null ||
    (info !== undefined &&
      over &&
      info.ready &&
      info.paused === null &&
      info.ops.every((o) => o.status === 'confirmed' || o.status === 'failed'));
  const followUp = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onHead = useCallback(() => {
    void refresh();
    clearTimeout(followUp.current);
    followUp.current = setTimeout(() => void refresh(), FOLLOW_UP_MS);
  }, [refresh]);
  useEffect(() => () => clearTimeout(followUp.current), []);
  const live = useIndexerHead(settled || !enabled ? null : info?.tzktUrl, onHead);
  const paused = info?.paused !== null && info?.paused !== undefined;
  useEffect(() => {
    if (settled || (live && !paused)) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [settled, live, paused, refresh]);
  return { info: enabled ? info : null, problem, setProblem, refresh, now, readSeq };
}

/**
 * Whether the seat's move shows as being sent to Tezos: from its POST until the chain status read after the move's
 * update, which lists its step. Without the second half the move blinks out of the progress panel between the two.
 */
export function useMoveSending(busy: boolean, seq: number, chain: ChainState): boolean {
  const [wasBusy, setWasBusy] = useState(busy);
  const [sentThrough, setSentThrough] = useState<number | null>(null);
  if (busy !== wasBusy) {
    setWasBusy(busy);
    setSentThrough(busy ? null : seq);
  }
  // An off-chain game (info null) has no chain status to wait for.
  const caughtUp = sentThrough !== null && (chain.info === null || chain.readSeq >= sentThrough);
  if (caughtUp) setSentThrough(null);
  return busy || (sentThrough !== null && !caughtUp);
}
