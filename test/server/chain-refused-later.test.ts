/**
 * A purchase the game took at once (its mint queued for the bank's sender) that Tezos refuses later, on an
 * in-process devnet through real Taquito and the real TzKT client — nothing mocked. A relay in front of the node
 * lets the admin pause minting right after the purchase's simulation passed and before the bank's sender simulates
 * its batch: the step's row ends `failed` and CHAIN_REFUSED_LATER is reported, the Chain info shows it, and the next
 * holdings read records the copy that never arrived as out of the game (P13), so chain and game agree token by token.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FA2_ERRORS } from '../../contracts';
import { bootstrapAccount, type BootstrapAccount } from '../../devnet/node';
import { copiesHeld, type PoleEvent, type PoleState } from '../../engine/pole';
import { isHostError } from '../../server/errors';
import { act, playToOffer, playToRoll, startPeopleGame, stepAt, type PeopleGame, useChainSuite } from './chain-host';

const admin = bootstrapAccount(1);
const bank = bootstrapAccount(2);
const WALLETS: readonly BootstrapAccount[] = [bootstrapAccount(3), bootstrapAccount(4)];

const suite = useChainSuite(bank, { devnet: { admin, minter: bank.address }, relay: 'node' });
let game: PeopleGame;

beforeAll(async () => {
  game = await startPeopleGame(suite.env, suite.chain, 'refused-later', WALLETS);
}, 120_000);

describe('a queued purchase Tezos refuses later', () => {
  it(
    'ends as a failed row reported CHAIN_REFUSED_LATER, and the next read records its copy as never arrived (P13)',
    { timeout: 120_000 },
    async () => {
      // Play (rolls, passes on other decisions) until a purchase is offered.
      const offer = await playToOffer(suite.env, game);
      expect(offer.kind).toBe('buy');
      const tile = offer.tile!;
      // The purchase's mint is simulated twice: when the game takes it (passes), then by the bank's sender. Between the
      // two the admin pauses minting (straight to the node): the sender's simulation is refused.
      let mintSimulations = 0;
      suite.relay.beforeForward = async (path, body) => {
        if (!path.includes('/helpers/scripts/simulate_operation') || !body.includes('"entrypoint":"mint"')) return;
        if (++mintSimulations === 2) await suite.chain.contract.send(suite.chain.contract.setPaused(true));
      };
      await act(suite.env, game, offer.seat, offer.seq, { type: 'buy' });
      // Taken: in the game's record and the buyer holds the copy in the game, while the mint is still to go.
      expect((await suite.env.host.records.record(game.id)).actions[offer.seq]).toEqual({
        seat: offer.seat,
        action: { type: 'buy' },
      });
      expect(((await suite.env.host.views.snapshot(game.id)).view as PoleState).tiles[tile]!.holders).toContain(
        offer.seat,
      );
      await suite.env.games.idle();
      suite.relay.beforeForward = null;
      await suite.chain.contract.send(suite.chain.contract.setPaused(false));
      expect(mintSimulations).toBe(2);

      const row = await stepAt(suite.env, game, offer.seq + 1);
      expect(row?.status).toBe('failed');
      expect(row?.error).toContain(FA2_ERRORS.mintPaused);
      // Reported: CHAIN_REFUSED_LATER, and the Chain info lists the step as failed with Tezos's reason.
      expect(suite.env.errors.filter(isHostError).map((e) => e.code)).toEqual(['CHAIN_REFUSED_LATER']);
      const info = await suite.env.host.chain.info(game.id);
      expect(info.ops.find((o) => o.kind === 'step' && o.seq === offer.seq + 1)).toMatchObject({
        status: 'failed',
        error: expect.stringContaining(FA2_ERRORS.mintPaused),
      });
      const tokenId = info.pieces.find((p) => p.tile === tile)!.tokenId!;
      expect(await suite.chain.contract.balance(WALLETS[offer.seat]!.address, tokenId)).toBe(0n);

      // The next roll reads the holders first: the copy never arrived, so it is out of the game (P13).
      const next = await playToRoll(suite.env, game);
      expect(next.kind).toBe('roll');
      await act(suite.env, game, next.seat, next.seq, { type: 'roll' });
      const record = await suite.env.host.records.record(game.id);
      expect(record.actions.slice(offer.seq + 1).filter((a) => a.seat === 'system')).toHaveLength(1);
      const snap = await suite.env.host.views.snapshot(game.id);
      expect((snap.events as PoleEvent[]).filter((e) => e.type === 'copyLeftGame')).toEqual([
        { type: 'copyLeftGame', seat: offer.seat, tile, copies: 1 },
      ]);
      // Chain and game agree token by token: every seat holds in the game what its wallet holds on-chain.
      const state = snap.view as PoleState;
      for (const p of info.pieces) {
        if (p.tokenId === null) continue;
        for (const [seat, w] of WALLETS.entries())
          expect([p.tile, seat, copiesHeld(state.tiles[p.tile]!, seat)]).toEqual([
            p.tile,
            seat,
            Number(await suite.chain.contract.balance(w.address, p.tokenId)),
          ]);
      }
      await suite.env.games.idle();
      expect(suite.env.errors.filter(isHostError).map((e) => e.code)).toEqual(['CHAIN_REFUSED_LATER']);
    },
  );
});
