/**
 * What a player reads about the bank's power over their copies, rendered with react-dom/server: the
 * terms before joining a game on-chain, and a collection's list of every grant the app asked for, with Revoke for a
 * leftover FA2 operator approval only on the signed-in wallet's own page.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { GrantsList, GrantTerms, idList } from '../../ui/chain/grants-view';
import type { WalletGrants } from '../../server/chain/chain-games';

const BANK = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
const KT = 'KT1AoHyFwA8B91BKksnLfZAXNfb4ZN9wrU3s';
const DEVNET = { explorerUrl: null };
const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|’/g, "'")
    .replace(/\s+/g, ' ');

describe('the terms shown before joining a game on-chain', () => {
  it('say what is granted, to whom, for which tokens, and until when', () => {
    const html = renderToStaticMarkup(
      createElement(GrantTerms, {
        bank: BANK,
        tokenIds: ['12', '13', '14'],
        ends: '2026-12-31T10:00:00.000Z',
        network: DEVNET,
      }),
    );
    const t = text(html);
    expect(t).toContain(
      `It lets the bank ${BANK} do one thing: burn your copies of this game's 3 tokens (token ids 12, 13 and 14) when you flip or forfeit them (P7)`,
    );
    expect(t).toContain('until the game ends, at the latest 2026-12-31 10:00:00 UTC; the contract enforces it.');
    expect(t).toContain('It cannot transfer your tokens nor touch any other token.');
    expect(html).toContain(`href="/explorer/account/${BANK}"`);
  });

  it('name a single token as such', () => {
    expect(
      text(
        renderToStaticMarkup(createElement(GrantTerms, { bank: BANK, tokenIds: ['7'], ends: null, network: DEVNET })),
      ),
    ).toContain("this game's 1 token (token id 7)");
    expect(idList(['1', '2'])).toBe('1 and 2');
  });
});

describe('a collection’s grants to the bank', () => {
  const grants: WalletGrants = {
    network: 'devnet',
    contract: KT,
    bank: BANK,
    games: [
      {
        gameId: 'g-live',
        seat: 0,
        status: 'live',
        ends: '2026-12-31T10:00:00.000Z',
        closed: false,
        joinOp: 'ooJcwjmyxNHBAW8pUwh6LaYVCskJzYbTgkPuDs8pQ5ERoqNjRmB',
      },
      { gameId: 'g-over', seat: 2, status: 'ended', ends: '2026-12-20T10:00:00.000Z', closed: true, joinOp: null },
      { gameId: 'g-expired', seat: 1, status: 'ended', ends: '2026-11-20T10:00:00.000Z', closed: false, joinOp: null },
    ],
    operatorTokenIds: ['3', '4'],
    revoke: { to: KT, amount: 0, mutez: true, parameter: { entrypoint: 'update_operators', value: [] } },
  };

  it('list every game joined, live until its end date or ended, and the leftover operator approval with Revoke on one’s own page', () => {
    const html = renderToStaticMarkup(
      createElement(GrantsList, { grants, network: DEVNET, mine: true, revoking: null, busy: false }),
    );
    const t = text(html);
    expect(t).toContain('What you granted the bank');
    expect(t).toContain(
      'Live Game g-live, seat 1: the bank may burn your copies of its tokens until the game ends, at the latest 2026-12-31 10:00:00 UTC',
    );
    expect(t).toContain('Ended Game g-over, seat 3: the game is closed: the bank can no longer burn your copies');
    expect(t).toContain('Ended Game g-expired, seat 2: the game passed its end date (2026-11-20 10:00:00 UTC)');
    expect(t).toContain('The bank is still an FA2 operator of this address for tokens 3 and 4');
    expect(html).toMatch(/<button[^>]*>Revoke<\/button>/);
  });

  it('offer no Revoke on someone else’s page, and say when nothing was granted', () => {
    const other = text(
      renderToStaticMarkup(
        createElement(GrantsList, { grants, network: DEVNET, mine: false, revoking: null, busy: false }),
      ),
    );
    expect(other).toContain('What this address granted the bank');
    expect(other).toContain('Sign in with this wallet to revoke it.');
    expect(other).not.toContain('>Revoke<');
    const none = text(
      renderToStaticMarkup(
        createElement(GrantsList, {
          grants: { ...grants, games: [], operatorTokenIds: [], revoke: null },
          network: DEVNET,
          mine: true,
          revoking: null,
          busy: false,
        }),
      ),
    );
    expect(none).toContain('No on-chain game joined.');
    expect(none).toContain('The bank is not an FA2 operator of this address: it cannot transfer its tokens.');
  });
});
