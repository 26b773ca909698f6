/**
 * The rematch of an on-chain Tezos Pole game (server/host/tables.ts): a new on-chain game through the normal set-up
 * (new tokens, paid by the bank), so asking for it needs a signed-in wallet, and a refusal creates nothing. On the
 * in-process devnet, real Taquito and TzKT client. Each seat of it is offered only to the wallet the seat was bound
 * to (a browser holding the seat but signed in as another wallet gets 403 WRONG_WALLET).
 */
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import { act, decision, rollOrPass, settle, startPeopleGame, useChainSuite } from './chain-host';
import { refusal } from './helpers';

const bank = bootstrapAccount(1);
const alice = bootstrapAccount(3);
const bob = bootstrapAccount(4);
const carol = bootstrapAccount(5);

const suite = useChainSuite(bank);

describe('the rematch of an on-chain game', () => {
  it('is a new on-chain game with new tokens, made only for a signed-in wallet', { timeout: 240_000 }, async () => {
    const game = await startPeopleGame(suite.env, suite.chain, 'rematch-on-chain', [alice, bob]);
    // Played out without purchases: each decision rolls or passes.
    for (let moves = 0; moves < 600 && !(await suite.env.host.views.snapshot(game.id)).outcome; moves++) {
      const d = await decision(suite.env, game);
      await act(suite.env, game, d.seat, d.seq, rollOrPass(d.legal));
    }
    expect((await suite.env.host.views.snapshot(game.id)).outcome).not.toBeNull();

    expect(await refusal(suite.env.host.tables.rematch(game.id, { token: game.tokens[0] }))).toEqual({
      status: 401,
      code: 'SIGN_IN_REQUIRED',
    });
    // Alice's seat is bound to her wallet: a browser holding her seat but signed in as Bob is not offered it.
    expect(
      await refusal(suite.env.host.tables.rematch(game.id, { token: game.tokens[0] }, { address: bob.address })),
    ).toEqual({ status: 403, code: 'WRONG_WALLET' });
    expect(await suite.env.host.tables.rematchOf(game.id)).toBeNull();

    const joined = await suite.env.host.tables.rematch(game.id, { token: game.tokens[0] }, { address: alice.address });
    expect(joined.seat).toBe(0);
    // Bob joins the rematch made already — with his own wallet only: no second game, nothing for the bank to pay.
    expect(await refusal(suite.env.host.tables.rematch(game.id, { token: game.tokens[1] }))).toEqual({
      status: 401,
      code: 'SIGN_IN_REQUIRED',
    });
    expect(
      await refusal(suite.env.host.tables.rematch(game.id, { token: game.tokens[1] }, { address: carol.address })),
    ).toEqual({ status: 403, code: 'WRONG_WALLET' });
    expect((await suite.env.host.tables.rematch(game.id, { token: game.tokens[1] }, { address: bob.address })).id).toBe(
      joined.id,
    );
    await settle(suite.env); // the new game's setup
    const [before, after] = [await suite.env.host.chain.info(game.id), await suite.env.host.chain.info(joined.id)];
    expect(after.tokens.status).toBe('confirmed');
    expect(after.pieces.map((p) => p.name)).toEqual(before.pieces.map((p) => p.name));
    const oldIds = new Set(before.pieces.map((p) => p.tokenId));
    expect(after.pieces.every((p) => p.tokenId !== null && !oldIds.has(p.tokenId))).toBe(true);
    // Each person claims their seat of the new game with their wallet again.
    expect(after.seats.map((s) => s.address)).toEqual([null, null]);
  });
});
