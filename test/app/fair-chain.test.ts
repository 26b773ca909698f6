/**
 * Provably fair games, the browser's part: the links a seat's browser sends are its chain's, in the order the server's check
 * (the engine's ChainLedger) takes them, and the count of links given is the larger of the server's (which the
 * stream's updates do not carry) and this browser's, so a page that lags behind never sends a link twice.
 */
import { describe, expect, it } from 'vitest';
import { CHAIN_LENGTH, ChainLedger, chainStep, HashChain } from '../../engine/core';
import type { FairInfo, GameSnapshot } from '../../server/protocol';
import {
  chainStanding,
  headOf,
  isSeatOfFairGame,
  nextLink,
  parseStoredChain,
  type StoredChain,
} from '../../ui/play/fair-chain';
import { snapshotWith } from './fixtures';

const SECRET = '5be1f3c0a4d27e9b86f0c1d2e3a4b5c6d7e8f90112233445566778899aabbcc0';
const OTHER = 'a'.repeat(64);
const HEAD = new HashChain(SECRET).head;

const fair = (chains: FairInfo['chains']): FairInfo => ({ scheme: 'tp-fair/1', commitment: 'c'.repeat(64), chains });
const snapshot = (extra: Partial<GameSnapshot> = {}): GameSnapshot => snapshotWith({ fair: fair([]), ...extra });
const stored = (used: number, registered = true, secret = SECRET): StoredChain => ({ secret, used, registered });

describe('the links a seat gives', () => {
  it('are its HashChain links in order, from link 1, each following the one before (the server takes every one)', () => {
    const chain = new HashChain(SECRET);
    expect(headOf(SECRET)).toBe(chain.head);
    const ledger = new ChainLedger([{ seat: 1, head: chain.head, at: 0 }]);
    ledger.advanceTo(1);
    let given = 0;
    for (let k = 1; k <= 5; k++) {
      const next = nextLink(SECRET, given)!;
      expect(next).toEqual({ link: chain.link(k), number: k });
      expect(chainStep(next.link)).toBe(chain.link(k - 1));
      expect(ledger.take(1, next.link)).toBe(true);
      given = next.number;
    }
    expect(ledger.used(1)).toBe(5);
    // A link given twice does not follow: the server refuses it (BAD_CONTRIBUTION).
    expect(ledger.take(1, nextLink(SECRET, 4)!.link)).toBe(false);
  });

  it('end with the chain: after its last link there is none to give', () => {
    expect(nextLink(SECRET, CHAIN_LENGTH - 1)).toEqual({ link: SECRET, number: CHAIN_LENGTH });
    expect(nextLink(SECRET, CHAIN_LENGTH)).toBeNull();
  });
});

describe("a seat's standing", () => {
  it('counts the larger of the server’s links given and this browser’s', () => {
    const registered = snapshot({ fair: fair([{ seat: 1, head: HEAD, at: 0, used: 3 }]) });
    expect(chainStanding(registered, stored(5))).toEqual({ kind: 'held', given: 5 });
    expect(chainStanding(registered, stored(1))).toEqual({ kind: 'held', given: 3 });
  });

  it('holds the chain only when this browser has the secret of the head the server took', () => {
    const registered = snapshot({ fair: fair([{ seat: 1, head: HEAD, at: 2, used: 0 }]) });
    expect(chainStanding(registered, stored(0, true, OTHER))).toEqual({ kind: 'absent' });
    expect(chainStanding(registered, null)).toEqual({ kind: 'absent' });
    // Another seat's chain is not this one's.
    expect(
      chainStanding(snapshot({ fair: fair([{ seat: 0, head: HEAD, at: 0, used: 9 }]) }), stored(0, false)),
    ).toEqual({ kind: 'registering' });
  });

  it('before a snapshot shows the head: held once the server took it, registering until then', () => {
    expect(chainStanding(snapshot(), stored(2, true))).toEqual({ kind: 'held', given: 2 });
    expect(chainStanding(snapshot(), stored(0, false))).toEqual({ kind: 'registering' });
    expect(chainStanding(snapshot(), null)).toEqual({ kind: 'registering' });
    // A game that ended before a head was taken will take none.
    expect(chainStanding(snapshot({ outcome: { winners: [0], standings: [] } }), null)).toEqual({ kind: 'absent' });
  });

  it('is none for a plain game, a spectator and the hot-seat host', () => {
    expect(chainStanding(snapshot({ fair: null }), stored(1))).toBeNull();
    expect(chainStanding(snapshot({ seat: null, access: 'spectator' }), null)).toBeNull();
    expect(chainStanding(snapshot({ access: 'host' }), stored(1))).toBeNull();
    expect(isSeatOfFairGame(snapshot())).toBe(true);
  });
});

describe('the stored entry', () => {
  it('reads back what was written, and ignores what this module did not write', () => {
    expect(parseStoredChain(JSON.stringify(stored(7)))).toEqual(stored(7));
    expect(parseStoredChain(JSON.stringify({ secret: SECRET }))).toEqual(stored(0, false));
    expect(parseStoredChain(JSON.stringify({ secret: SECRET, used: -1, registered: 'yes' }))).toEqual(stored(0, false));
    expect(parseStoredChain(null)).toBeNull();
    expect(parseStoredChain('not json')).toBeNull();
    expect(parseStoredChain(JSON.stringify({ secret: 'ABC', used: 1 }))).toBeNull();
  });
});
