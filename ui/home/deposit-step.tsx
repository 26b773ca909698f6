'use client';

/**
 * The new-game form's last step when the bank's daily allowance does not cover a game on Tezos: the creator pays a
 * deposit from their own wallet (devnet key or Beacon), the app waits until it is in a block and the server holds
 * it, then the game is created on it. The deposit's operation is kept in this browser until a game uses it, so a
 * reload or a refused creation never loses it: the next try uses it, or the person asks for it back.
 */
import { useEffect, useState } from 'react';
import { tezAmount } from '../../chain/tez';
import type { DepositInfo, GameQuote } from '../../server/chain/chain-games';
import { apiFetch, jsonPost } from '../api/client';
import { useWallet } from '../wallet';
import styles from './home.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

/** Where this browser keeps the deposit sent and not used yet. */
const KEPT_DEPOSIT = 'tezos-pole:deposit';
/** How often the deposit's status is read while it waits for its block. */
const POLL_MS = 1_000;
/** What a refund keeps for its transfer's fee (server/chain/deposits.ts REFUND_FEE_MUTEZ). */
const REFUND_FEE = '0.001 ꜩ';

interface KeptDeposit {
  readonly opHash: string;
  readonly address: string;
}

/** Tez to the mutez: a deposit is shown as it is signed. */
const tez = (mutez: number): string => `${tezAmount(mutez)} ꜩ`;

function keptDeposit(address: string): KeptDeposit | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEPT_DEPOSIT) ?? 'null') as KeptDeposit | null;
    return kept && kept.address === address ? kept : null;
  } catch {
    return null;
  }
}

function keepDeposit(kept: KeptDeposit | null): void {
  try {
    if (kept) window.localStorage.setItem(KEPT_DEPOSIT, JSON.stringify(kept));
    else window.localStorage.removeItem(KEPT_DEPOSIT);
  } catch {
    // Private mode: the deposit is still the server's to return within the hour.
  }
}

const depositPath = (opHash: string): string => `/api/chain/deposits/${encodeURIComponent(opHash)}`;

/** Reads the deposit until it is no longer pending (the server looks for it in the chain's blocks). */
async function included(opHash: string, stopped: () => boolean): Promise<DepositInfo> {
  for (;;) {
    const deposit = await apiFetch<DepositInfo>(depositPath(opHash));
    if (deposit.status !== 'pending' || stopped()) return deposit;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

type Phase =
  | { readonly kind: 'ask' }
  | { readonly kind: 'signing' }
  | { readonly kind: 'including'; readonly opHash: string }
  | { readonly kind: 'creating' }
  | { readonly kind: 'returned'; readonly deposit: DepositInfo };

export function DepositStep({
  quote,
  create,
  cancel,
}: {
  quote: GameQuote;
  /** Creates the game on the deposit; rejects with the server's refusal. */
  create: (depositOp: string) => Promise<void>;
  cancel: () => void;
}) {
  const wallet = useWallet();
  const address = wallet.address;
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
  const [error, setError] = useState<string | null>(null);
  // A deposit this browser sent earlier and no game used: offered before a new one.
  const [waiting, setWaiting] = useState<DepositInfo | null>(null);

  useEffect(() => {
    if (!address) return;
    const kept = keptDeposit(address);
    if (!kept) return;
    let stopped = false;
    apiFetch<DepositInfo>(depositPath(kept.opHash))
      .then((deposit) => {
        if (stopped) return;
        if (deposit.status === 'held' || deposit.status === 'pending') setWaiting(deposit);
        else keepDeposit(null);
      })
      .catch(() => keepDeposit(null));
    return () => {
      stopped = true;
    };
  }, [address]);

  const createOn = async (opHash: string) => {
    setPhase({ kind: 'including', opHash });
    const deposit = await included(opHash, () => false);
    if (deposit.status !== 'held') {
      keepDeposit(null);
      throw new Error(deposit.error ?? `your deposit is ${deposit.status}`);
    }
    setPhase({ kind: 'creating' });
    await create(opHash);
    keepDeposit(null);
  };

  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      setPhase({ kind: 'ask' });
    }
  };

  const pay = () =>
    run(async () => {
      setPhase({ kind: 'signing' });
      const { opHash } = await wallet.send({ to: quote.bank, amount: quote.costMutez, mutez: true });
      keepDeposit({ opHash, address: address! });
      await apiFetch<DepositInfo>('/api/chain/deposits', jsonPost({ opHash }));
      await createOn(opHash);
    });

  const giveBack = (opHash: string) =>
    run(async () => {
      const deposit = await apiFetch<DepositInfo>(`${depositPath(opHash)}/refund`, jsonPost({}));
      keepDeposit(null);
      setWaiting(null);
      setPhase({ kind: 'returned', deposit });
    });

  const busy = phase.kind === 'signing' || phase.kind === 'including' || phase.kind === 'creating';
  const left = quote.allowanceLeftMutez ?? 0;
  const usable = waiting !== null && (waiting.status === 'pending' || waiting.amountMutez >= quote.costMutez);
  return (
    <section className={cx(ui.panel, styles.newGame)} aria-labelledby="deposit-heading" data-testid="deposit-step">
      <h2 id="deposit-heading" className={ui.panelTitle}>
        Pay for this game with a deposit
      </h2>
      <p>
        The bank pays for games on Tezos up to a daily allowance, and {tez(left)} of today’s is left for you; this game
        may cost up to <strong>{tez(quote.costMutez)}</strong> (its tokens’ storage, the fees and its bots’ wallets).
        You pay for it with a deposit of {tez(quote.costMutez)} from your wallet to the bank (
        <code title={quote.bank}>{quote.bank}</code>).
      </p>
      <p>
        What the game does not spend goes back to your wallet when it ends, or is abandoned. If the game is not created,
        or the deposit is not used within the hour, all of it goes back, less {REFUND_FEE} for the transfer.
      </p>
      {phase.kind === 'returned' && (
        <p role="status" data-testid="deposit-returned">
          Your deposit of {tez(phase.deposit.amountMutez)} is on its way back: {tez(phase.deposit.refundMutez ?? 0)} to
          your wallet.
        </p>
      )}
      {waiting && (
        <p data-testid="deposit-waiting">
          Your earlier deposit of {tez(waiting.amountMutez)} (<code>{waiting.opHash}</code>) has not been used yet.
        </p>
      )}
      {busy && (
        <p role="status" aria-live="polite" data-testid="deposit-progress">
          {phase.kind === 'signing'
            ? 'Confirm the deposit in your wallet…'
            : phase.kind === 'including'
              ? `Waiting for your deposit (${phase.opHash}) to be included in a block…`
              : 'Deposit received: creating the game…'}
        </p>
      )}
      {error && (
        <p role="alert" className={ui.alert}>
          {error}
        </p>
      )}
      <div className={ui.formActions}>
        {usable ? (
          <>
            <button
              type="button"
              className={cx(ui.button, ui.primary)}
              disabled={busy}
              onClick={() => void run(() => createOn(waiting.opHash))}
            >
              Create the game with this deposit
            </button>
            {waiting.status === 'held' && (
              <button type="button" className={ui.button} disabled={busy} onClick={() => void giveBack(waiting.opHash)}>
                Return it to my wallet
              </button>
            )}
          </>
        ) : (
          <>
            <button
              type="button"
              className={cx(ui.button, ui.primary)}
              disabled={busy || !address}
              onClick={() => void pay()}
            >
              Pay {tez(quote.costMutez)} and create the game
            </button>
            {waiting?.status === 'held' && (
              <button type="button" className={ui.button} disabled={busy} onClick={() => void giveBack(waiting.opHash)}>
                Return my earlier deposit
              </button>
            )}
          </>
        )}
        <button type="button" className={cx(ui.button, ui.ghost)} disabled={busy} onClick={cancel}>
          Back to the options
        </button>
      </div>
    </section>
  );
}
