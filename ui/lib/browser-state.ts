'use client';

/**
 * What only the browser knows, read the way React expects (`useSyncExternalStore`: the server renders the fallback,
 * the browser the real value, with no effect that sets state after the first paint): whether the page has hydrated,
 * the page's origin, and a clock that ticks while a component needs it.
 */
import { useCallback, useSyncExternalStore } from 'react';

const never = (): (() => void) => () => undefined;

/** False on the server and during hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** The page's origin (`https://host:port`), '' on the server. */
export function useOrigin(): string {
  return useSyncExternalStore(
    never,
    () => window.location.origin,
    () => '',
  );
}

/**
 * The time (ms epoch) to the last whole `tickMs`, updated every `tickMs` while `running`; null on the server.
 * Rounded so that React reads the same value until the next tick.
 */
export function useClock(tickMs: number, running = true): number | null {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (!running) return () => undefined;
      const timer = window.setInterval(changed, tickMs);
      return () => window.clearInterval(timer);
    },
    [tickMs, running],
  );
  const read = useCallback(() => Math.floor(Date.now() / tickMs) * tickMs, [tickMs]);
  return useSyncExternalStore(subscribe, read, () => null);
}
