'use client';

import { useCallback, useEffect, useState } from 'react';
import { studioFetch } from './studio-api';

/** A studio list read a page at a time (the server caps its pages): the rows so far, and how to read on. */
export interface PagedList<T> {
  /** null while the first page loads. */
  readonly items: T[] | null;
  readonly setItems: (change: (items: T[]) => T[]) => void;
  /** Reads the next page onto the list; null when there is none (or a read is under way). */
  readonly more: (() => void) | null;
  readonly error: string | null;
}

/** Reads `url`'s `field` a page at a time (`null`: nothing to read yet, e.g. before sign-in). */
export function usePagedList<T extends { id: string }>(url: string | null, field: string): PagedList<T> {
  const [items, setList] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // One page of the list: `after` null for the first (which replaces the list), else the one after that cursor.
  const page = useCallback(
    async (after: string | null) => {
      const sep = url?.includes('?') ? '&' : '?';
      const answer = await studioFetch<Record<string, unknown> & { next: string | null }>(
        after === null ? url! : `${url}${sep}after=${encodeURIComponent(after)}`,
      );
      return { rows: answer[field] as T[], next: answer.next };
    },
    [url, field],
  );

  useEffect(() => {
    if (url === null) return;
    let live = true;
    void (async () => {
      try {
        const first = await page(null);
        if (!live) return;
        setList(first.rows);
        setNext(first.next);
      } catch (err) {
        if (live) setError(err instanceof Error ? err.message : String(err));
      }
    })();
    return () => {
      live = false;
    };
  }, [url, page]);

  const readOn = async (after: string) => {
    setBusy(true);
    try {
      const more = await page(after);
      // A row added here meanwhile (featured, built) may come again on a later page: once is enough.
      setList((list) => {
        const known = new Set((list ?? []).map((r) => r.id));
        return [...(list ?? []), ...more.rows.filter((r) => !known.has(r.id))];
      });
      setNext(more.next);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return {
    items,
    setItems: (change) => setList((list) => change(list ?? [])),
    more: next !== null && !busy ? () => void readOn(next) : null,
    error,
  };
}
