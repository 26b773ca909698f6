import type { Metadata } from 'next';
import { chainStatus } from '../../chain/status';
import { getHost } from '../../server';
import type { BankBudget } from '../../server/chain/chain-games';
import { formatTez } from '../../ui/wallet/wallet-status';
import ui from '../../ui/styles/controls.module.css';
import { cx } from '../../ui/lib/cx';

export const metadata: Metadata = { title: 'Chain · Tezos Pole' };
// The environment is read when the page is requested, not when the app is built.
export const dynamic = 'force-dynamic';

/** The bank's budget, or why it could not be read (the node does not answer). */
async function readBudget(): Promise<{ budget: BankBudget } | { problem: string }> {
  try {
    const chain = (await getHost()).chain.games;
    if (!chain) return { problem: 'on-chain games are not configured on this server' };
    return { budget: await chain.budget.report() };
  } catch (err) {
    return { problem: err instanceof Error ? err.message : String(err) };
  }
}

/** What the bank holds and what that pays for: on-chain games are paid by it, so the operator sees when it runs low. */
function Bank({ read }: { read: Awaited<ReturnType<typeof readBudget>> }) {
  if ('problem' in read) {
    return (
      <p role="alert" data-testid="bank-problem">
        The bank’s balance could not be read: {read.problem}
      </p>
    );
  }
  const { bank, balanceMutez, gameCost, reservedMutez, games, limits, usedTodayMutez, depositsMutez } = read.budget;
  return (
    <dl data-testid="bank-budget">
      <dt>Bank</dt>
      <dd>{bank}</dd>
      <dt>Balance</dt>
      <dd data-testid="bank-balance">
        {formatTez(balanceMutez)}
        {reservedMutez > 0 ? (
          <span className={cx(ui.muted, ui.small)}> ({formatTez(reservedMutez)} held for games being created)</span>
        ) : null}
      </dd>
      <dt>Players’ deposits</dt>
      <dd data-testid="bank-deposits">
        {formatTez(depositsMutez)}{' '}
        <span className={cx(ui.muted, ui.small)}>
          (in the balance, but theirs: each pays for its own game, and what is not spent goes back)
        </span>
      </dd>
      <dt>A game costs it at most</dt>
      <dd data-testid="bank-game-cost">
        {formatTez(gameCost.totalMutez)}{' '}
        <span className={cx(ui.muted, ui.small)}>
          ({gameCost.seats} seats, {gameCost.bots} of them bots, on the default board:{' '}
          {formatTez(gameCost.botFundingMutez)} for the bots’ wallets, {formatTez(gameCost.storageMutez)} for its
          tokens’ storage, {formatTez(gameCost.feesMutez)} in fees)
        </span>
      </dd>
      <dt>Games it can still pay for</dt>
      <dd data-testid="bank-games">{games.toLocaleString('en-US')}</dd>
      <dt>Per signed-in wallet</dt>
      <dd>
        {limits.gamesPerWallet} on-chain games in play, {limits.botSeatsPerWallet} bot seats over them
        {limits.tezPerWalletPerDay !== null ? `, up to ${formatTez(limits.tezPerWalletPerDay * 1_000_000)} a day` : ''}
      </dd>
      <dt>Allowance for today</dt>
      <dd data-testid="bank-allowance">
        {limits.tezPerDay === null
          ? `no daily limit (${formatTez(usedTodayMutez)} in the last 24 hours)`
          : `${formatTez(Math.max(0, limits.tezPerDay * 1_000_000 - usedTodayMutez))} left of ${formatTez(limits.tezPerDay * 1_000_000)} a day`}{' '}
        <span className={cx(ui.muted, ui.small)}>
          (a game in play counts the most it may cost, a finished one what it cost; beyond it, a game’s creator pays a
          deposit)
        </span>
      </dd>
    </dl>
  );
}

/** Which Tezos network the app uses for on-chain Tezos Pole, or what is missing and how to provide it; and the bank's budget. */
export default async function Page() {
  const status = chainStatus(process.env);
  const bank = status.ok ? await readBudget() : null;
  return (
    <section className={ui.panel} aria-labelledby="chain-heading" data-testid="chain-status">
      <h1 id="chain-heading">Tezos network</h1>
      {status.ok ? (
        <>
          <dl>
            <dt>Network</dt>
            <dd data-testid="chain-network">{status.network}</dd>
            <dt>Editions contract</dt>
            <dd data-testid="chain-contract">
              {status.explorerUrl ? <a href={status.explorerUrl}>{status.contract}</a> : status.contract}{' '}
              <span className={cx(ui.muted, ui.small)}>
                ({status.contractSource === 'env' ? 'from the environment' : 'from the deployment record'})
              </span>
            </dd>
            <dt>Node RPC</dt>
            <dd>{status.rpcUrl}</dd>
            <dt>TzKT API</dt>
            <dd>{status.tzktUrl}</dd>
          </dl>
          <h2>The bank</h2>
          {bank ? <Bank read={bank} /> : null}
        </>
      ) : (
        <div role="alert" data-testid="chain-problem" data-problem={status.problem}>
          <p>
            <strong>On-chain play is not available{status.network ? ` on ${status.network}` : ''}.</strong>
          </p>
          <p>{status.explanation}</p>
        </div>
      )}
    </section>
  );
}
