/**
 * An on-chain game's own event stream tells its pages when one of its chain operations changes, so a purchase shows
 * as confirmed the moment the server sees its block — not a poll or a block announcement later.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapAccount } from '../../devnet/node';
import type { StreamItem } from '../../server/host/broker';
import { act, playToOffer, settle, startPeopleGame, stepAt, useChainSuite } from './chain-host';

const bank = bootstrapAccount(1);
const people = [bootstrapAccount(5), bootstrapAccount(6)];
const suite = useChainSuite(bank);

/** The bank's balance at the head (mutez). */
const bankBalance = async (): Promise<number> =>
  Number(
    await (
      await fetch(`${suite.chain.devnet.rpcUrl}/chains/main/blocks/head/context/contracts/${bank.address}/balance`)
    ).json(),
  );

describe("an on-chain game's stream", () => {
  it('says "chain" when a step of the game is logged and again when it is confirmed, and carries nothing else with it; the game knows to the mutez what it cost the bank', async () => {
    const before = await bankBalance();
    const game = await startPeopleGame(suite.env, suite.chain, 'chain-notices', people);
    const spectator = await suite.env.host.views.subscribe(game.id);
    const offer = await playToOffer(suite.env, game);
    const drain = (): StreamItem[] => {
      const items: StreamItem[] = [];
      for (let item = spectator.queuedItem(); item; item = spectator.queuedItem()) items.push(item);
      return items;
    };
    drain();
    await act(suite.env, game, offer.seat, offer.seq, { type: 'buy' });
    const afterBuy = drain();
    // The purchase's own update, and the notice that its mint is on its way.
    expect(afterBuy.map((i) => i.kind)).toContain('update');
    expect(afterBuy).toContainEqual({ kind: 'chain' });
    await expect.poll(async () => (await stepAt(suite.env, game, offer.seq + 1))?.status).toBe('confirmed');
    // The confirmation is told too, without a move of the game.
    const afterConfirm = drain();
    expect(afterConfirm).toContainEqual({ kind: 'chain' });
    expect(afterConfirm.filter((i) => i.kind === 'update')).toEqual([]);
    spectator.close();
    await settle(suite.env);
    // The only game on this chain: what its operations' receipts say it cost is exactly what the bank's balance lost.
    const info = await suite.env.host.chain.info(game.id);
    expect(info.spentMutez).toBeGreaterThan(0);
    expect(info.spentMutez).toBe(before - (await bankBalance()));
  });
});

describe('bots of games created at the same moment', () => {
  it('join every game from their shared pool wallets, one operation of a wallet at a time', async () => {
    const withBot = (address: string) =>
      suite.env.host.create(
        {
          game: 'pole',
          mode: 'online',
          options: { laps: 1 },
          seats: [
            { kind: 'human', name: 'P' },
            { kind: 'normal', name: 'Bot' },
          ],
          botPaceMs: 0,
          onChain: {},
        },
        { address },
      );
    const created = await Promise.all([7, 8, 9].map((i) => withBot(bootstrapAccount(i).address)));
    await settle(suite.env);
    const infos = await Promise.all(created.map((c) => suite.env.host.chain.info(c.id)));
    // One pool wallet plays seat 1 of all three games, and it joined each of them.
    expect(new Set(infos.map((i) => i.seats[1]!.address)).size).toBe(1);
    for (const info of infos) {
      expect(info.tokens.status).toBe('confirmed');
      expect(info.seats[1]).toMatchObject({ bot: true, approval: 'confirmed' });
    }
  });
});
