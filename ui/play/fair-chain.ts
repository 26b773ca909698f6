'use client';

/**
 * Provably fair in the browser: the seat's hash chain (engine/core/fair.ts `HashChain`) lives only in the
 * browser that plays the seat, in localStorage, keyed by game and seat. The browser registers the chain's head once,
 * then gives the next link with every action it posts, so the host cannot know a roll before the seat acts. A
 * browser without the secret (another device) gives no link: the roll is the host's alone, and the page says so.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { useMemo, useSyncExternalStore } from 'react';
import { CHAIN_LENGTH, HashChain, isHex32, type SeatId } from '../../engine/core';
import type { ChainRequest, ChainResponse, FairInfo, GameSnapshot } from '../../server/protocol';
import { apiFetch, isApiError, jsonPost } from '../api/client';
import { hashChainUrl } from './game-api';
import { StorageReaders } from '../lib/storage-readers';

// ---------- pure part ----------

/** What this browser keeps of a seat's chain. */
export interface StoredChain {
  /** The chain's secret start `s` (32 bytes hex): whoever holds it can give the seat's links. */
  readonly secret: string;
  /** The number of the last link this browser gave in an action the server accepted (0: none yet). */
  readonly used: number;
  /** The server took this chain's head (200): a snapshot read before that does not show it yet. */
  readonly registered: boolean;
}

/** How the seat's rolls are made, as far as this browser can tell. */
export type SeatChainStanding =
  /** This browser holds the seat's registered chain: its rolls mix in the seat's links, `given` so far. */
  | { readonly kind: 'held'; readonly given: number }
  /** Its head is on its way to the server: until it is taken, the seat's rolls are the host's alone. */
  | { readonly kind: 'registering' }
  /** Another browser registered the seat's chain (or this one lost its secret): the host's rolls alone. */
  | { readonly kind: 'absent' };

export const chainKey = (id: string, seat: SeatId): string => `tp-fair-chain:${id}:${seat}`;

/** A stored entry as this module wrote it, or null (none, or not one: a hand-edited or older value is ignored). */
export function parseStoredChain(text: string | null): StoredChain | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const v = value as Partial<Record<keyof StoredChain, unknown>> | null;
  if (typeof v !== 'object' || v === null || !isHex32(v.secret)) return null;
  const used = typeof v.used === 'number' && Number.isInteger(v.used) && v.used >= 0 ? v.used : 0;
  return { secret: v.secret, used, registered: v.registered === true };
}

/** Chains by secret: walking one is CHAIN_LENGTH hashes, and the standing is read at every render. */
const chains = new Map<string, HashChain>();

function chainOf(secret: string): HashChain {
  let chain = chains.get(secret);
  if (chain === undefined) {
    chain = new HashChain(secret);
    chains.set(secret, chain);
  }
  return chain;
}

/** The head of the chain that starts from `secret`. */
export const headOf = (secret: string): string => chainOf(secret).head;

/** The seat's registered chain in a fair game's snapshot, if any. */
export const registeredChain = (fair: FairInfo | null, seat: SeatId): FairInfo['chains'][number] | undefined =>
  fair?.chains.find((c) => c.seat === seat);

type SeatFairSnapshot = GameSnapshot & { seat: SeatId; fair: FairInfo };

/**
 * Whether the snapshot is a fair game's seen by a seat's own holder (not a spectator, nor the hot-seat host, whose
 * games are never fair): the seat whose links count.
 */
export function isSeatOfFairGame(snapshot: GameSnapshot): snapshot is SeatFairSnapshot {
  return snapshot.fair !== null && snapshot.access === 'seat' && snapshot.seat !== null;
}

/** Whether the seat gives links now: its fair game still runs. */
const givesLinks = (snapshot: GameSnapshot): snapshot is SeatFairSnapshot =>
  isSeatOfFairGame(snapshot) && snapshot.outcome === null;

/**
 * The seat's standing from the snapshot and this browser's entry; null when the seat has no links to give. The
 * links given are the larger of the two counts: the snapshot's is the server's, but the stream's updates do not
 * carry it, so after an action it lags behind what this browser counted.
 */
export function chainStanding(snapshot: GameSnapshot, stored: StoredChain | null): SeatChainStanding | null {
  if (!isSeatOfFairGame(snapshot)) return null;
  const server = registeredChain(snapshot.fair, snapshot.seat);
  if (server) {
    if (stored === null || headOf(stored.secret) !== server.head) return { kind: 'absent' };
    return { kind: 'held', given: Math.max(server.used, stored.used) };
  }
  if (stored?.registered) return { kind: 'held', given: stored.used };
  // A game that ended before any head was taken: none will be.
  return snapshot.outcome === null ? { kind: 'registering' } : { kind: 'absent' };
}

/** The link an action gives after `given` links, and its number; null once the chain is spent. */
export function nextLink(secret: string, given: number): { readonly link: string; readonly number: number } | null {
  if (given >= CHAIN_LENGTH) return null;
  return { link: chainOf(secret).link(given + 1), number: given + 1 };
}

// ---------- this browser's storage ----------

/** Where the entries go when localStorage is refused (private mode, a policy): they last as long as the page. */
const memory = new Map<string, string>();
const readers = new StorageReaders();

function readRaw(key: string): string | null {
  try {
    return window.localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

function writeStored(key: string, entry: StoredChain): void {
  const text = JSON.stringify(entry);
  try {
    window.localStorage.setItem(key, text);
    memory.delete(key);
  } catch {
    memory.set(key, text);
  }
  readers.changed();
}

const readStored = (key: string): StoredChain | null => parseStoredChain(readRaw(key));

/** This browser's entry for the seat, kept current across tabs; null on the server and for no seat. */
export function useStoredChain(id: string, seat: SeatId | null): StoredChain | null {
  const raw = useSyncExternalStore(
    readers.subscribe,
    () => (seat === null ? null : readRaw(chainKey(id, seat))),
    () => null,
  );
  return useMemo(() => parseStoredChain(raw), [raw]);
}

/** `POST /api/games/:id/links`. @throws ApiError 409 CHAIN_REGISTERED | NOT_FAIR, 403 */
const registerHead = (id: string, body: ChainRequest): Promise<ChainResponse> =>
  apiFetch<ChainResponse>(hashChainUrl(id), jsonPost(body));

/** Registrations on their way, so the snapshots that arrive meanwhile send no second one. */
const registering = new Set<string>();
/** Seats whose registration the server refused (403, NOT_FAIR): asked again with every update, it would refuse again. */
const refused = new Set<string>();

/**
 * Registers a chain for the seat when the snapshot shows none: its secret drawn now (or the one kept from an attempt
 * that got no answer), its head sent once. Resolves `taken` when the server already had a head for the seat (another
 * tab of this browser, with the same secret, or another device): the snapshot to read next tells whose it is.
 * @throws ApiError of a refusal other than CHAIN_REGISTERED (after no answer, a 429 or a 5xx, the next snapshot tries
 *   again)
 */
export async function ensureChain(
  id: string,
  seat: SeatId,
  snapshot: GameSnapshot,
): Promise<'registered' | 'taken' | 'nothing to do'> {
  if (!givesLinks(snapshot) || snapshot.seat !== seat || registeredChain(snapshot.fair, seat)) return 'nothing to do';
  const key = chainKey(id, seat);
  const kept = readStored(key);
  if (kept?.registered || registering.has(key) || refused.has(key)) return 'nothing to do';
  if (!kept)
    writeStored(key, { secret: bytesToHex(crypto.getRandomValues(new Uint8Array(32))), used: 0, registered: false });
  // Read back: of two tabs that drew a secret in the same moment, both register the one stored last.
  const entry = readStored(key);
  if (!entry) return 'nothing to do';
  registering.add(key);
  try {
    await registerHead(id, { seat, head: headOf(entry.secret) });
    const now = readStored(key);
    if (now?.secret === entry.secret) writeStored(key, { ...now, registered: true });
    return 'registered';
  } catch (err) {
    if (isApiError(err) && err.code === 'CHAIN_REGISTERED') return 'taken';
    if (isApiError(err) && err.status >= 400 && err.status < 500 && err.status !== 429) refused.add(key);
    throw err;
  } finally {
    registering.delete(key);
  }
}

/** The link to send with the seat's next action, or null (not a fair seat, no chain held here, the chain spent). */
export function contributionFor(
  id: string,
  snapshot: GameSnapshot,
): { readonly link: string; readonly number: number } | null {
  if (!givesLinks(snapshot)) return null;
  const stored = readStored(chainKey(id, snapshot.seat));
  const standing = chainStanding(snapshot, stored);
  return standing?.kind === 'held' && stored ? nextLink(stored.secret, standing.given) : null;
}

/** The server accepted an action carrying link `number`. */
export function noteLinkGiven(id: string, seat: SeatId, number: number): void {
  const key = chainKey(id, seat);
  const stored = readStored(key);
  if (stored && number > stored.used) writeStored(key, { ...stored, used: number });
}

/**
 * The server refused a link (BAD_CONTRIBUTION): the count it holds, from a snapshot read since, is the truth, even
 * when it is lower than this browser's (an action this browser counted was not taken after all).
 */
export function resetLinksGiven(id: string, snapshot: GameSnapshot): void {
  if (!isSeatOfFairGame(snapshot)) return;
  const key = chainKey(id, snapshot.seat);
  const stored = readStored(key);
  const server = registeredChain(snapshot.fair, snapshot.seat);
  if (stored && server) writeStored(key, { ...stored, used: server.used });
}
