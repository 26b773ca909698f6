'use client';

import { useSyncExternalStore } from 'react';
import { StorageReaders } from './storage-readers';

const readers = new StorageReaders();

function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) === 'on';
  } catch {
    return false; // storage refused (private mode, a policy): the choice lasts no longer than the page
  }
}

/** Remembers a choice of the reader's in this browser (localStorage), and tells every reader of it in the tab. */
export function storeFlag(key: string, on: boolean): void {
  try {
    if (on) window.localStorage.setItem(key, 'on');
    else window.localStorage.removeItem(key);
  } catch {
    return; // storage refused: nothing is remembered, and the switch stays as it was
  }
  readers.changed();
}

/** A remembered on/off choice (off until the reader turns it on; off on the server). */
export function useStoredFlag(key: string): boolean {
  return useSyncExternalStore(
    readers.subscribe,
    () => readFlag(key),
    () => false,
  );
}
