/**
 * Provably fair rolls: the scheme, as pure functions the server, the browser and `npm run verify` share.
 * FAIRNESS.md says why it is built so and what it protects against.
 *
 * Two commit–reveal parts, both from the literature:
 * - the host's secret is the game's seed, committed before the game starts (`seedCommitment`) and revealed when it
 *   ends — the "server seed" of the provably-fair schemes online casinos publish;
 * - each seat contributes from a one-way hash chain (Lamport 1981, as in S/KEY): it registers the chain's head
 *   `h = H^n(s)` and gives its links back in reverse order, one with each action, `H(link) = previous`. A link can
 *   be checked at once, cannot be foreseen by whoever knows only the earlier ones, and cannot be chosen by its seat:
 *   the head fixed every one of them.
 * Every action's roll is HMAC-SHA256(seed, scheme ‖ game id ‖ seq ‖ contribution): the engine's PRNG is reseeded
 * from it before the action applies (`GameDefinition.reseed`), so the engines stay pure and replay stays exact.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import type { RngState } from './rng';
import type { SeatId } from './types';

/** The scheme's name, in every record it writes; a later change to the formulas gets a new one. */
export const FAIR_SCHEME = 'tp-fair/1' as const;

/** Links a browser makes for one seat: far more than a seat acts in one game (a long Tezos Pole game: ~600). */
export const CHAIN_LENGTH = 4096;

const HEX32 = /^[0-9a-f]{64}$/;

/** Whether `text` is 32 bytes as lowercase hex (a link, a head, a roll). */
export const isHex32 = (text: unknown): text is string => typeof text === 'string' && HEX32.test(text);

/** One step of a chain: SHA-256 of the link's 32 bytes, as hex. */
export function chainStep(link: string): string {
  return bytesToHex(sha256(hexToBytes(link)));
}

/** Whether `link` is the one that follows `previous` in its chain (the head, or the link given before it). */
export function followsInChain(link: string, previous: string): boolean {
  return isHex32(link) && chainStep(link) === previous;
}

/** Every this many steps of a chain one value is kept: a link then costs at most that many hashes, not thousands. */
const CHECKPOINT_EVERY = 64;

/**
 * A seat's chain, from its secret start `s` (32 bytes hex): link k (1…n) is `H^(n-k)(s)`, the head `H^n(s)`.
 * Kept by the seat's browser; the server sees the head, then each link as the seat acts. The first use walks the
 * chain once (n hashes) and keeps every CHECKPOINT_EVERY-th value (2 KB for 4096 links).
 */
export class HashChain {
  #checkpoints: string[] | null = null;

  constructor(
    readonly secret: string,
    readonly length: number = CHAIN_LENGTH,
  ) {
    if (!isHex32(secret)) throw new TypeError('a chain starts from 32 bytes of hex');
  }

  /** `H^n(s)`: what the seat registers before its first link counts. */
  get head(): string {
    return this.link(0);
  }

  /** Link k (0 is the head); k past the chain's length is refused. */
  link(k: number): string {
    if (!Number.isInteger(k) || k < 0 || k > this.length)
      throw new RangeError(`a chain of ${this.length} has no link ${k}`);
    const steps = this.length - k;
    const checkpoints = this.#walk();
    const base = Math.floor(steps / CHECKPOINT_EVERY);
    let value = checkpoints[base]!;
    for (let i = base * CHECKPOINT_EVERY; i < steps; i++) value = chainStep(value);
    return value;
  }

  /** checkpoints[i] = H^(i·CHECKPOINT_EVERY)(s). */
  #walk(): string[] {
    if (this.#checkpoints) return this.#checkpoints;
    const checkpoints = [this.secret];
    let value = this.secret;
    for (let i = 1; i <= this.length; i++) {
      value = chainStep(value);
      if (i % CHECKPOINT_EVERY === 0) checkpoints.push(value);
    }
    this.#checkpoints = checkpoints;
    return checkpoints;
  }
}

/** What a record's `fair` part holds: the scheme, the game, the seed's commitment and the seats' chains. */
export interface FairPart {
  readonly scheme: typeof FAIR_SCHEME;
  readonly gameId: string;
  /** `seedCommitment(seed)`: public from the game's creation. */
  readonly commitment: string;
  /** Each seat's chain head, registered when the game was at seq `at` (its links count from action at + 1). */
  readonly chains: readonly FairChain[];
}

export interface FairChain {
  readonly seat: SeatId;
  readonly head: string;
  readonly at: number;
}

const ROLL_DOMAIN = utf8ToBytes(`${FAIR_SCHEME} roll`);

function u32(n: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, n);
  return out;
}

/** A length-prefixed field, so no two different inputs ever hash alike. */
function field(bytes: Uint8Array): Uint8Array {
  return concatBytes(u32(bytes.length), bytes);
}

/**
 * The roll of action `seq` (hex): HMAC-SHA256 keyed with the seed over the scheme, the game id, the seq and the
 * acting seat's link (none: a bot's, a timer's or the system's action, or a seat without a chain).
 */
export function rollOf(seed: string, gameId: string, seq: number, contribution: string | null): string {
  const message = concatBytes(
    field(ROLL_DOMAIN),
    field(utf8ToBytes(gameId)),
    u32(seq),
    field(contribution === null ? new Uint8Array(0) : hexToBytes(contribution)),
  );
  return bytesToHex(hmac(sha256, utf8ToBytes(seed), message));
}

/** The PRNG state a roll seeds: its first 128 bits as xoroshiro128+'s four words (never all zero, its one bad state). */
export function rngStateOfRoll(roll: string): RngState {
  const bytes = hexToBytes(roll);
  const view = new DataView(bytes.buffer, bytes.byteOffset, 16);
  const words = [0, 4, 8, 12].map((o) => view.getInt32(o));
  if (!words.some((w) => w !== 0)) words[3] = 1;
  return words;
}

/**
 * Where each seat's chain stands while a record is read or a game is played: its last link (the head before any),
 * and how many links it has given.
 */
export class ChainLedger {
  readonly #last = new Map<SeatId, { link: string; used: number }>();

  constructor(private readonly chains: readonly FairChain[]) {}

  /** The chains registered once the game reached `seq` (a head registered at `at` counts from action at + 1). */
  advanceTo(seq: number): void {
    for (const c of this.chains)
      if (c.at < seq && !this.#last.has(c.seat)) this.#last.set(c.seat, { link: c.head, used: 0 });
  }

  /** The link `seat` must follow now, or null (no chain yet). */
  expected(seat: SeatId): string | null {
    return this.#last.get(seat)?.link ?? null;
  }

  used(seat: SeatId): number {
    return this.#last.get(seat)?.used ?? 0;
  }

  /** Takes `link` as `seat`'s next one; false (and nothing changes) when it does not follow. */
  take(seat: SeatId, link: string): boolean {
    const last = this.#last.get(seat);
    if (!last || !followsInChain(link, last.link)) return false;
    this.#last.set(seat, { link, used: last.used + 1 });
    return true;
  }
}
