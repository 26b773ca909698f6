/**
 * Games paid for by the table (server/chain/deposits.ts): once the bank's daily allowance is used, a game on Tezos is
 * refused unless its creator pays a deposit from their own wallet; what the game does not spend goes back to them when
 * it ends, all of it when its creation is refused or the deposit is not used. Real Taquito transfers on the devnet; the
 * suite's clock skips the hour an unused deposit waits.
 */
import { describe, expect, it } from 'vitest';
import { bootstrapAccount, type BootstrapAccount } from '../../devnet/node';
import { DEPOSIT_HOLD_MS, REFUND_FEE_MUTEZ } from '../../server/chain/deposits';
import { ABANDONED_AFTER_DAYS } from '../../server/host/moves';
import type { CreateGameRequest } from '../../server/protocol';
import { settle, useChainSuite } from './chain-host';
import { hostError } from './helpers';
import { bot, humans } from './requests';

const bank = bootstrapAccount(1);
/** One bot game's bound (about 3.6 ꜩ) fits once in a wallet's share; the second needs a deposit. */
const suite = useChainSuite(bank, {
  chain: { walletLimits: { gamesPerWallet: 3, botSeatsPerWallet: 50, tezPerDay: 100, tezPerWalletPerDay: 5 } },
});

/** A one-lap game of two bots: it plays itself to the end once set up. */
const botGame: CreateGameRequest = {
  game: 'pole',
  mode: 'online',
  options: { laps: 1 },
  seats: [bot('normal', 'Bot A'), bot('normal', 'Bot B')],
  botPaceMs: 0,
  onChain: {},
};

const balanceOf = async (address: string): Promise<number> =>
  Number(
    await (
      await fetch(`${suite.chain.devnet.rpcUrl}/chains/main/blocks/head/context/contracts/${address}/balance`)
    ).json(),
  );

/** `from` sends the bank `mutez` with Taquito, as a wallet does; the operation's hash. */
async function send(from: BootstrapAccount, mutez: number, to = bank.address): Promise<string> {
  const op = await suite.chain.toolkit(from.secretKey).contract.transfer({ to, amount: mutez, mutez: true });
  await op.confirmation();
  return op.hash;
}

/** Names `opHash` as `who`'s deposit and waits until the app has looked for it. */
async function named(who: BootstrapAccount, opHash: string) {
  const { games } = suite.env;
  expect((await games.deposits.name(who.address, opHash)).status).toBe('pending');
  await settle(suite.env);
  return games.deposits.get(who.address, opHash);
}

/** Until the bots have played game `id` to its end and the bank has closed it on-chain. */
async function closed(id: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await settle(suite.env);
        return (await suite.env.games.info(id)).ops.some((o) => o.kind === 'close' && o.status === 'confirmed');
      },
      { timeout: 60_000, interval: 100 },
    )
    .toBe(true);
}

describe('a game beyond the allowance is paid by its creator’s deposit', () => {
  it('refuses a game without one (402 DEPOSIT_REQUIRED, naming the amount), then plays it on a deposit and returns what it did not spend', async () => {
    const { host, games } = suite.env;
    const carol = bootstrapAccount(7);
    const first = await host.create(botGame, { address: carol.address });
    await closed(first.id); // nothing of it moves the bank's balance any more

    // Her share is used: the quote says so, and a creation without a deposit is refused, storing and sending nothing.
    const quote = await host.quote(botGame, { address: carol.address });
    expect(quote).toMatchObject({ bank: bank.address, depositRequired: true });
    expect(quote.allowanceLeftMutez).toBeLessThan(quote.costMutez);
    const bankBefore = await balanceOf(bank.address);
    const refused = await hostError(host.create(botGame, { address: carol.address }));
    expect([refused.status, refused.code]).toEqual([402, 'DEPOSIT_REQUIRED']);
    expect(refused.message).toContain(
      `pay a deposit of ${(quote.costMutez / 1e6).toLocaleString('en-US', { maximumFractionDigits: 6 })} ꜩ`,
    );
    expect(await balanceOf(bank.address)).toBe(bankBefore);

    // She pays the quoted deposit from her wallet and names it; the game is created on it.
    const carolBefore = await balanceOf(carol.address);
    const opHash = await send(carol, quote.costMutez);
    const carolPaid = carolBefore - (await balanceOf(carol.address)); // the deposit and her operation's fee
    expect(await named(carol, opHash)).toMatchObject({ status: 'held', amountMutez: quote.costMutez });
    const created = await host.create({ ...botGame, onChain: { depositOp: opHash } }, { address: carol.address });
    expect((await games.info(created.id)).deposit).toMatchObject({ status: 'used', gameId: created.id });
    // A deposit pays for one game.
    const again = await hostError(
      host.create({ ...botGame, onChain: { depositOp: opHash } }, { address: carol.address }),
    );
    expect([again.status, again.code]).toEqual([409, 'DEPOSIT_USED']);

    // The bots play it to the end; it closes, and what it did not spend goes back to her.
    await closed(created.id);
    await expect.poll(async () => (await games.info(created.id)).deposit?.status).toBe('refunded');
    const info = await games.info(created.id);
    expect((await host.views.snapshot(created.id)).outcome).not.toBeNull();
    expect(info.deposit).toMatchObject({
      status: 'refunded',
      refundMutez: quote.costMutez - info.spentMutez - REFUND_FEE_MUTEZ,
    });
    expect(info.deposit!.refundOp).toMatch(/^o/);
    expect(info.spentMutez).toBeGreaterThan(0);
    expect(carolBefore - (await balanceOf(carol.address))).toBe(carolPaid - info.deposit!.refundMutez!);
    // The bank spent nothing of its own on her game: the deposit paid it all, the refund's fee included.
    const bankAfter = await balanceOf(bank.address);
    expect(bankAfter - bankBefore).toBeGreaterThanOrEqual(0);
    expect(bankAfter - bankBefore).toBeLessThan(REFUND_FEE_MUTEZ);
    // It does not count against the allowance either.
    expect((await host.quote(botGame, { address: carol.address })).allowanceLeftMutez).toBe(quote.allowanceLeftMutez);
  });

  it('an abandoned game returns what it did not spend, as a finished one does', async () => {
    const { host, games, clock } = suite.env;
    const carol = bootstrapAccount(7);
    // Two people who never come: nobody moves, and after ABANDONED_AFTER_DAYS the game ends where it stood.
    const people: CreateGameRequest = { ...botGame, seats: humans('Ann', 'Ben') };
    const { costMutez } = await host.quote(people, { address: carol.address });
    const opHash = await send(carol, costMutez);
    expect(await named(carol, opHash)).toMatchObject({ status: 'held' });
    const created = await host.create({ ...people, onChain: { depositOp: opHash } }, { address: carol.address });
    await settle(suite.env);
    expect((await games.info(created.id)).deposit?.status).toBe('used');
    clock.advance(ABANDONED_AFTER_DAYS * 24 * 3600_000 + 1000);
    expect((await host.views.snapshot(created.id)).outcome).toBeNull();
    await closed(created.id);
    await expect.poll(async () => (await games.info(created.id)).deposit?.status).toBe('refunded');
    const info = await games.info(created.id);
    expect(info.deposit!.refundMutez).toBe(costMutez - info.spentMutez - REFUND_FEE_MUTEZ);
  });

  it('a deposit that is not the signed-in wallet’s transfer to the bank counts for nothing', async () => {
    const { host, games } = suite.env;
    const dave = bootstrapAccount(8);
    const erin = bootstrapAccount(9);
    await host.create(botGame, { address: dave.address });
    await settle(suite.env);
    const { costMutez } = await host.quote(botGame, { address: dave.address });

    // Erin's transfer named as Dave's: not his.
    const erins = await send(erin, costMutez);
    expect(await named(dave, erins)).toMatchObject({ status: 'failed', amountMutez: 0 });
    expect((await games.deposits.get(dave.address, erins)).error).toContain(`sends no tez from ${dave.address}`);
    const notHis = await hostError(
      host.create({ ...botGame, onChain: { depositOp: erins } }, { address: dave.address }),
    );
    expect([notHis.status, notHis.code]).toEqual([422, 'DEPOSIT_FAILED']);
    // Dave's transfer to someone else: no deposit.
    const elsewhere = await send(dave, costMutez, erin.address);
    expect(await named(dave, elsewhere)).toMatchObject({ status: 'failed' });
    // Unknown to the app: never named.
    const unknown = await hostError(
      host.create({ ...botGame, onChain: { depositOp: elsewhere } }, { address: erin.address }),
    );
    expect([unknown.status, unknown.code]).toEqual([404, 'DEPOSIT_UNKNOWN']);

    // Too small: refused, and it stays his until he takes it back (less the refund's fee).
    const small = await send(dave, Math.floor(costMutez / 2));
    expect(await named(dave, small)).toMatchObject({ status: 'held' });
    const tooSmall = await hostError(
      host.create({ ...botGame, onChain: { depositOp: small } }, { address: dave.address }),
    );
    expect([tooSmall.status, tooSmall.code]).toEqual([402, 'DEPOSIT_TOO_SMALL']);
    const daveBefore = await balanceOf(dave.address);
    expect((await games.deposits.returnNow(dave.address, small)).status).toBe('refunding');
    await settle(suite.env);
    expect(await games.deposits.get(dave.address, small)).toMatchObject({
      status: 'refunded',
      refundMutez: Math.floor(costMutez / 2) - REFUND_FEE_MUTEZ,
    });
    expect((await balanceOf(dave.address)) - daveBefore).toBe(Math.floor(costMutez / 2) - REFUND_FEE_MUTEZ);
  });

  it('a deposit left unused goes back after its hour; a creation refused before its claim leaves it, after, returns it', async () => {
    const { host, games, clock } = suite.env;
    const frank = bootstrapAccount(10);
    await host.create(botGame, { address: frank.address });
    await settle(suite.env);
    const { costMutez } = await host.quote(botGame, { address: frank.address });

    const unused = await send(frank, costMutez);
    expect(await named(frank, unused)).toMatchObject({ status: 'held' });
    const before = await balanceOf(frank.address);
    clock.advance(DEPOSIT_HOLD_MS);
    await settle(suite.env);
    expect((await games.deposits.get(frank.address, unused)).status).toBe('refunded');
    expect((await balanceOf(frank.address)) - before).toBe(costMutez - REFUND_FEE_MUTEZ);

    // A bad board is refused before the deposit is claimed: it stays his, for the game he creates next.
    const held = await send(frank, costMutez);
    expect(await named(frank, held)).toMatchObject({ status: 'held' });
    const board = { id: 'x', name: 'x', tiles: [] };
    const bad = await hostError(
      host.create(
        { ...botGame, options: { laps: 1, board }, onChain: { depositOp: held } },
        { address: frank.address },
      ),
    );
    expect([bad.status, bad.code]).toEqual([422, 'BAD_BOARD']);
    expect((await games.deposits.get(frank.address, held)).status).toBe('held');

    // Refused once claimed (the host could not store the game): all of it goes back at once.
    const row = await games.budget.prepare(
      'refused-game-01',
      { laps: 1, players: 2 },
      botGame.seats,
      frank.address,
      {},
      held,
    );
    expect((await games.deposits.get(frank.address, held)).status).toBe('used');
    const beforeRefusal = await balanceOf(frank.address);
    await games.budget.refused(row.gameId);
    games.budget.release(row.gameId);
    await settle(suite.env);
    expect(await games.deposits.get(frank.address, held)).toMatchObject({
      status: 'refunded',
      refundMutez: costMutez - REFUND_FEE_MUTEZ,
    });
    expect((await balanceOf(frank.address)) - beforeRefusal).toBe(costMutez - REFUND_FEE_MUTEZ);
  });
});
