/**
 * `GET /api/chain/grants?address=` and `GET /api/chain/budget` called as Next calls them: a bad address is a coded
 * 400, and a server without a chain says so (503) rather than listing nothing. The listing itself runs against a devnet in
 * test/server/chain-games.test.ts.
 */
import { beforeAll, expect, it } from 'vitest';
import { GET } from '../../app/api/chain/grants/route';
import { GET as getBudget } from '../../app/api/chain/budget/route';
import { answer, request, useMemoryHost } from './helpers';

// A server without a chain.
beforeAll(() => {
  for (const k of Object.keys(process.env)) if (/^(TEZOS_|POLE_)/.test(k)) delete process.env[k];
});
useMemoryHost();

const grants = (address: string) => answer(GET(request(`/api/chain/grants?address=${encodeURIComponent(address)}`)));

it('refuses an address that is not one (400 BAD_ADDRESS), and answers 503 without a chain', async () => {
  expect(await grants('tz1nope')).toMatchObject({ status: 400, body: { error: 'BAD_ADDRESS' } });
  expect(await grants('')).toMatchObject({ status: 400, body: { error: 'BAD_ADDRESS' } });
  expect(await grants('tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx')).toMatchObject({
    status: 503,
    body: { error: 'CHAIN_NOT_CONFIGURED' },
  });
});

it("answers the bank's budget with 503 CHAIN_NOT_CONFIGURED and what to do without a chain (the budget itself: chain-games.test.ts)", async () => {
  const { status, body } = await answer(getBudget());
  expect([status, body.error]).toEqual([503, 'CHAIN_NOT_CONFIGURED']);
  expect(body.message).toContain('TEZOS_NETWORK');
});
