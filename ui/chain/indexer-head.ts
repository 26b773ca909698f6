'use client';

/**
 * The browser's live chain views follow TzKT's real-time hub (chain/indexer/events.ts) rather than polling: a view
 * calls this with its network's TzKT API, refreshes when a head is announced, and polls only while it answers false
 * (the socket is down, or connecting). `@microsoft/signalr` loads with the first view that follows a network.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { headFeed } from '../../chain/indexer/events';

/**
 * Whether the hub of the TzKT API at `tzktUrl` is up (false without a URL, and on the server); `onHead` runs with
 * each head level it announces.
 */
export function useIndexerHead(tzktUrl: string | null | undefined, onHead: (level: number) => void): boolean {
  const latest = useRef(onHead);
  useEffect(() => {
    latest.current = onHead;
  });
  useEffect(() => {
    if (!tzktUrl) return;
    return headFeed(tzktUrl).follow({ head: (level) => latest.current(level) });
  }, [tzktUrl]);
  const subscribe = useCallback(
    (changed: () => void) => (tzktUrl ? headFeed(tzktUrl).follow({ live: changed }) : () => undefined),
    [tzktUrl],
  );
  const read = useCallback(() => (tzktUrl ? headFeed(tzktUrl).live : false), [tzktUrl]);
  return useSyncExternalStore(subscribe, read, () => false);
}
