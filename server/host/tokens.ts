import { randomBytes, timingSafeEqual } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** A fresh secret: 32 random bytes, base64url (43 characters). */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** A fresh game id: 12 random bytes, base64url (16 characters; unguessable, so ids can be shared as links). */
export const newGameId = (): string => randomBytes(12).toString('base64url');

/**
 * A fresh room code: 15 random bytes, base64url (20 characters). The room link (/r/<code>) seats whoever opens it in
 * a free seat, so it is a secret like an invite, apart from the game id (which anyone may watch with).
 */
export const newRoomCode = (): string => randomBytes(15).toString('base64url');

/** A fresh seed when the request gives none (the seed is saved, so the game still replays exactly). */
export const newSeed = (): string => randomBytes(16).toString('hex');

/** What the store keeps instead of a token: its SHA-256, hex. */
export const hashToken = (token: string): string => bytesToHex(sha256(utf8ToBytes(token)));

/** Whether `token` is the one whose hash is `hash` (compared in constant time). */
export function tokenMatches(token: string, hash: string | null): boolean {
  if (hash === null) return false;
  const a = Buffer.from(hashToken(token), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
