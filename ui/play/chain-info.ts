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
}

/**
 * The chain status of a Tezos Pole game (null for an off-chain one), read again with each new state and polled
 * until the game is over and every chain step has settled: setup, approvals, pauses and confirmations.
 */
export function useChainInfo(id: string, enabled: boolean, seq: number, over: boolean): ChainState {
  const [info, setInfo] = useState<ChainInfo | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const refresh = useCallback(
    () =>
      fetchChainInfo(id).then(setInfo, (err: unknown) => {
        setProblem(err instanceof Error ? err.message : 'The chain status could not be read.');
      }),
    [id],
  );
  // Read again with each new state of the game.
  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh, seq]);
  const settled = !enabled || info === null || (info !== undefined && over && info.ready && info.paused === null && info.ops.every((o) => o.status === 'confirmed' || o.status === 'failed'));
  useEffect(() => {
    if (settled) return;
    const timer = setInterval(() => {
      setNow(Date.now());
      void refresh();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [settled, refresh]);
  return { info: enabled ? info : null, problem, setProblem, refresh, now };
}
