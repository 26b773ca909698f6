/**
 * The chain status the play page follows for an on-chain game, apart from the panels that show it
 * (chain-panel.tsx, chain-progress.tsx): the page always runs this hook, and loads the panels only for a game on
 * Tezos, so an off-chain game's first load carries none of them.
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchChainInfo, type ChainInfo } from './chain-game';

const POLL_MS = 1500;

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
 * The chain status of a Tezos Pole game (null for an off-chain one), read again with each new state and polled
 * until the game is over and every chain step has settled: setup, approvals, pauses and confirmations.
 */
export function useChainInfo(id: string, enabled: boolean, seq: number, over: boolean): ChainState {
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
  // Read again with each new state of the game; a read for an older state that lands late is dropped.
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
  }, [enabled, id, seq]);
  const settled = !enabled || info === null || (info !== undefined && over && info.ready && info.paused === null && info.ops.every((o) => o.status === 'confirmed' || o.status === 'failed'));
  useEffect(() => {
    if (settled) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [settled, refresh]);
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
