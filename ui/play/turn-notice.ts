'use client';

import { useSyncExternalStore } from 'react';
import { storeFlag, useStoredFlag } from '../lib/stored-flag';

const NOTICE_KEY = 'tezos-pole:turn-notice';

/** What the browser lets this site do with notifications: unsupported, not asked yet, granted, or denied. */
export type NoticePermission = 'unsupported' | NotificationPermission;

const noChanges = (): (() => void) => () => undefined;
const permission = (): NoticePermission =>
  typeof window.Notification === 'function' ? window.Notification.permission : 'unsupported';

/**
 * The notice choice: on only when the reader turned it on here and the browser still grants it. The browser's answer
 * is read again with every render, as when the choice is stored (a permission change has no event of its own).
 */
export function useTurnNotice(): { readonly on: boolean; readonly permission: NoticePermission } {
  const chosen = useStoredFlag(NOTICE_KEY);
  const allowed = useSyncExternalStore(noChanges, permission, () => 'default' as const);
  return { on: chosen && allowed === 'granted', permission: allowed };
}

/** Turns the notices on (asking the browser's permission — only ever from the reader's click) or off. */
export async function setTurnNotice(on: boolean): Promise<void> {
  if (!on || typeof window.Notification !== 'function') {
    storeFlag(NOTICE_KEY, false);
    return;
  }
  const answer =
    window.Notification.permission === 'granted' ? 'granted' : await window.Notification.requestPermission();
  storeFlag(NOTICE_KEY, answer === 'granted');
}

/**
 * Tells the reader it is their turn with a system notification, when the page is out of sight (a visible table says
 * so itself). Clicking it brings the tab forward. One per game: a newer one replaces it.
 */
export function noticeTurn(gameId: string, title: string, body: string): void {
  if (!document.hidden || typeof window.Notification !== 'function' || window.Notification.permission !== 'granted')
    return;
  const notice = new window.Notification(title, { body, tag: `turn-${gameId}` });
  notice.onclick = () => {
    window.focus();
    notice.close();
  };
}
