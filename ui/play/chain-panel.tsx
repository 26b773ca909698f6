'use client';

import { useMemo, useState } from 'react';
import type { SeatId } from '../../engine/core';
import type { SeatInfo } from '../../server/protocol';
import { approvalCall, claimSeat, describeChainOp, STATUS_LABEL, submitApproval } from './chain-game';
import type { ChainState } from './chain-info';
import { accountHref, opHref } from '../chain/explorer-links';
import { useWallet } from '../wallet';
import { shortAddress } from '../../chain/explorer';
import { tezAmount } from '../../chain/tez';
import { formatTime } from '../chain/format';
import { GrantTerms } from '../chain/grants-view';
import styles from '../chain/chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { Alert } from '../lib/alert';

const RECENT_STEPS = 12;

const NETWORK_NAME: Record<string, string> = { devnet: 'the devnet', shadownet: 'Shadownet', custom: 'Tezos' };

/**
 * Above the table of an on-chain game while it cannot be played: the setup before the first roll (the game's
 * tokens, each seat's wallet and its joining of the game on-chain, with the buttons the viewer's own seat needs:
 * sign in, claim, approve the bank's grant with its exact terms), or a pause with its reason and the retry countdown.
 */
export function ChainSetup({
  id,
  seat,
  seats,
  chain,
}: {
  id: string;
  seat: SeatId | null;
  seats: readonly SeatInfo[];
  chain: ChainState;
}) {
  const wallet = useWallet();
  const [working, setWorking] = useState<string | null>(null);
  const { info, problem, setProblem, refresh, now } = chain;
  if (!info || (info.ready && !info.paused)) return null;

  const network = { explorerUrl: info.explorerUrl };
  const names = seats.map((s) => s.name);
  const mine = seat === null ? null : (info.seats[seat] ?? null);
  const isBot = seat !== null && seats[seat]?.kind !== 'human';
  const signInPath = () => `/signin?next=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`;

  const run = async (label: string, work: () => Promise<unknown>) => {
    setWorking(label);
    setProblem(null);
    try {
      await work();
      await refresh();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setWorking(null);
    }
  };
  const claim = () => run('claim', () => claimSeat(id, seat!));
  const approve = () =>
    run('approve', async () => {
      const call = await approvalCall(id, seat!);
      const { opHash } = await wallet.send(call);
      await submitApproval(id, seat!, opHash);
    });
  const checkAgain = () => run('check', () => submitApproval(id, seat!, null));

  return (
    <section className={cx(ui.panel, styles.setupPanel)} aria-label="The game on Tezos">
      {info.paused && (
        <p className={styles.paused} role="alert" data-testid="chain-paused">
          <strong>Paused:</strong> {info.paused.reason}. Trying again{' '}
          {info.paused.retryAt > now ? `in ${Math.ceil((info.paused.retryAt - now) / 1000)} s` : 'now'}
          {info.paused.attempts > 1 ? ` (attempt ${info.paused.attempts})` : ''}.
        </p>
      )}
      {!info.ready && (
        <div data-testid="chain-setup">
          <h2 className={ui.panelTitle}>Before the first roll, on {NETWORK_NAME[info.network] ?? info.network}</h2>
          <ul className={styles.checklist}>
            <li data-status={info.tokens.status}>
              <span className={styles.badge} data-status={info.tokens.status}>
                {info.tokens.status === 'confirmed' ? 'Done' : info.tokens.status === 'failed' ? 'Failed' : 'Pending'}
              </span>{' '}
              The bank creates the game’s {info.pieces.length} tokens
              {info.tokens.opHash && (
                <>
                  {' '}
                  · <a href={opHref(network, info.tokens.opHash)}>operation</a>
                </>
              )}
              {info.tokens.error && <span className={styles.error}> — {info.tokens.error}</span>}
            </li>
            {info.seats.map((s) => (
              <li key={s.seat} data-status={s.approval}>
                <span className={styles.badge} data-status={s.approval === 'none' ? 'pending' : s.approval}>
                  {s.approval === 'confirmed'
                    ? 'Done'
                    : s.approval === 'failed'
                      ? 'Failed'
                      : s.approval === 'pending'
                        ? 'Confirming'
                        : 'Waiting'}
                </span>{' '}
                {names[s.seat] ?? `Seat ${s.seat + 1}`}
                {s.bot ? ' (bot)' : ''}:{' '}
                {s.address ? (
                  <a href={accountHref(network, s.address)} title={s.address}>
                    {shortAddress(s.address)}
                  </a>
                ) : (
                  'no wallet yet'
                )}
                {s.address && s.approval !== 'confirmed' && ' · joins the game on-chain'}
                {s.approvalOp && (
                  <>
                    {' '}
                    · <a href={opHref(network, s.approvalOp)}>operation</a>
                  </>
                )}
                {s.approvalError && <span className={styles.error}> — {s.approvalError}</span>}
              </li>
            ))}
          </ul>

          {mine && !isBot && (
            <div className={styles.mySeat}>
              {wallet.status !== 'signed-in' ? (
                <p>
                  Your seat is played with a Tezos wallet.{' '}
                  <a className={cx(ui.button, ui.primary, ui.small)} href={signInPath()}>
                    Sign in with your wallet
                  </a>
                </p>
              ) : mine.address === null ? (
                <button
                  type="button"
                  className={cx(ui.button, ui.primary)}
                  disabled={working !== null || info.tokens.status !== 'confirmed'}
                  onClick={() => void claim()}
                >
                  Claim this seat with {shortAddress(wallet.address!)}
                </button>
              ) : mine.address !== wallet.address ? (
                <p className={styles.error}>
                  This seat is played by {shortAddress(mine.address)}; you are signed in as{' '}
                  {shortAddress(wallet.address!)}. <a href={signInPath()}>Sign in with that wallet</a>.
                </p>
              ) : mine.approval === 'confirmed' ? (
                <p>You are ready. The game starts when every seat is.</p>
              ) : mine.approval === 'pending' ? (
                <p aria-busy="true">Your approval is on its way: waiting for Tezos to confirm it…</p>
              ) : (
                <>
                  <GrantTerms
                    bank={info.bank}
                    tokenIds={info.pieces.flatMap((p) => (p.tokenId === null ? [] : [p.tokenId]))}
                    ends={info.game?.ends ?? null}
                    network={network}
                  />
                  <button
                    type="button"
                    className={cx(ui.button, ui.primary)}
                    disabled={working !== null}
                    onClick={() => void approve()}
                  >
                    {working === 'approve' ? 'Waiting for your wallet…' : 'Approve the bank for this game'}
                  </button>{' '}
                  <button
                    type="button"
                    className={cx(ui.button, ui.ghost, ui.small)}
                    disabled={working !== null}
                    onClick={() => void checkAgain()}
                  >
                    I approved it already: check again
                  </button>
                </>
              )}
            </div>
          )}
        </div>
      )}
      <Alert problem={problem} />
    </section>
  );
}

/** Tez to the mutez, as the receipts say. */
const exactTez = (mutez: number): string => `${tezAmount(mutez)} ꜩ`;

/**
 * Below the table of an on-chain game: where its tokens live, and every chain step pending → confirmed or failed
 * (with the reason), linked to the explorer. Renders nothing for an off-chain game.
 */
export function ChainPanel({
  id,
  seats,
  titles,
  chain,
}: {
  id: string;
  seats: readonly SeatInfo[];
  titles: ReadonlyMap<number, string>;
  chain: ChainState;
}) {
  const [showAll, setShowAll] = useState(false);
  const names = useMemo(() => seats.map((s) => s.name), [seats]);
  const { info } = chain;
  if (!info) return null;
  const network = { explorerUrl: info.explorerUrl };
  const steps = [...info.ops].reverse();
  const shown = showAll ? steps : steps.slice(0, RECENT_STEPS);
  return (
    <section
      className={cx(ui.panel, styles.panel)}
      aria-labelledby="chain-panel-heading"
      data-testid="chain-panel"
      data-ready={info.ready}
    >
      <h2 id="chain-panel-heading" className={ui.panelTitle}>
        On Tezos · {NETWORK_NAME[info.network] ?? info.network}
      </h2>
      <p className={cx(ui.muted, ui.small)}>
        Tiles are FA2 tokens of <a href={accountHref(network, info.contract)}>{shortAddress(info.contract)}</a>;
        royalties and the final valuation follow who really holds them (P13).{' '}
        <a href={`/play/${encodeURIComponent(id)}/tokens`}>The game’s tokens and their holders</a>
      </p>
      {info.game && (
        <p className={ui.small} data-testid="chain-grant" data-closed={info.game.closed}>
          {info.game.closed ? (
            <>
              The game is closed on-chain: the bank can no longer burn the players’ copies
              {info.game.closedOp && (
                <>
                  {' '}
                  (<a href={opHref(network, info.game.closedOp)}>operation</a>)
                </>
              )}
              .
            </>
          ) : (
            <>
              The bank may burn the players’ copies of this game’s tokens on flips and forfeits until the game ends, at
              the latest {formatTime(info.game.ends)}; the contract enforces it.
            </>
          )}
        </p>
      )}
      <p className={ui.small} data-testid="chain-cost">
        Spent on Tezos so far: {exactTez(info.spentMutez)}
        {info.deposit ? (
          <>
            , paid by {shortAddress(info.deposit.source)}’s deposit of {exactTez(info.deposit.amountMutez)} (
            <a href={opHref(network, info.deposit.opHash)}>operation</a>).{' '}
            {info.deposit.status === 'refunded' ? (
              <span data-testid="deposit-refunded">
                {exactTez(info.deposit.refundMutez ?? 0)} went back to it
                {info.deposit.refundOp && (
                  <>
                    {' '}
                    (<a href={opHref(network, info.deposit.refundOp)}>operation</a>)
                  </>
                )}
                .
              </span>
            ) : info.deposit.status === 'refunding' ? (
              <>{exactTez(info.deposit.refundMutez ?? 0)} is on its way back.</>
            ) : info.deposit.status === 'kept' ? (
              <>The game spent all of it.</>
            ) : (
              <>What the game does not spend goes back when it ends.</>
            )}
          </>
        ) : (
          <>, paid by the bank.</>
        )}
      </p>
      {steps.length > 0 && (
        <div>
          <h3>Chain steps</h3>
          <ol className={styles.stepList} data-testid="chain-steps">
            {shown.map((op) => (
              <li key={op.id} data-op={op.id} data-status={op.status} data-kind={op.kind}>
                <span className={styles.badge} data-status={op.status}>
                  {STATUS_LABEL[op.status]}
                </span>{' '}
                {describeChainOp(op, names, titles)}
                {op.opHash && (
                  <>
                    {' '}
                    ·{' '}
                    <a
                      href={opHref(network, op.opHash)}
                      className={cx(styles.mono, ui.small)}
                    >{`${op.opHash.slice(0, 8)}…`}</a>
                  </>
                )}
                {op.level !== null && <span className={cx(ui.muted, ui.small)}> · block {op.level}</span>}
                {op.error && op.status !== 'confirmed' && <span className={styles.error}> — {op.error}</span>}
              </li>
            ))}
          </ol>
          {steps.length > RECENT_STEPS && (
            <button type="button" className={cx(ui.button, ui.ghost, ui.small)} onClick={() => setShowAll((v) => !v)}>
              {showAll ? 'Show the latest only' : `Show all ${steps.length}`}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
