'use client';

/** The browser's side of Ten's language cookie: read it, set it, and follow it from any component on the page. */
import { useSyncExternalStore } from 'react';
import { parseTenLocale, TEN_LOCALE_COOKIE, type TenLocale } from './ten-language';

const listeners = new Set<() => void>();

function readCookie(): TenLocale {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${TEN_LOCALE_COOKIE}=`));
  return parseTenLocale(pair?.slice(TEN_LOCALE_COOKIE.length + 1)) ?? 'en';
}

/** Keeps the language for Ten's table and rules page alike, for a year; every table on the page follows at once. */
export function setTenLocale(locale: TenLocale): void {
  document.cookie = `${TEN_LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  for (const f of listeners) f();
}

const subscribe = (f: () => void) => {
  listeners.add(f);
  return () => listeners.delete(f);
};

/** The language chosen for Ten (English while the server renders and the page hydrates). */
export function useTenLocale(): TenLocale {
  return useSyncExternalStore(subscribe, readCookie, () => 'en');
}
