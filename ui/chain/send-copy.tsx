'use client';

import { useState } from 'react';
import { opHref, type LinkNetwork } from './explorer-links';
import { useWallet, type WalletCall } from '../wallet';
import { isAddress } from '../../chain/validate';
import styles from './chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { Alert } from '../lib/alert';

/** FA2 `transfer` of one copy of `tokenId` from `from` to `to` (Micheline: list (pair from (list (pair to (pair id amount)))). */
function transferOne(contract: string, tokenId: string, from: string, to: string): WalletCall {
  const tx = { prim: 'Pair', args: [{ string: to }, { prim: 'Pair', args: [{ int: tokenId }, { int: '1' }] }] };
  return {
    to: contract,
    amount: 0,
    mutez: true,
    parameter: { entrypoint: 'transfer', value: [{ prim: 'Pair', args: [{ string: from }, [tx]] }] },
  };
}

/**
 * On a token's page, for a signed-in owner: send one copy to another address, an FA2 transfer signed in their wallet.
 * Between two players of an on-chain game the copy changes hands in the game at its next read of the holders (P13).
 */
export function SendCopy({
  contract,
  tokenId,
  owners,
  network,
}: {
  contract: string;
  tokenId: string;
  owners: readonly { address: string; balance: string }[];
  network: LinkNetwork;
}) {
  const wallet = useWallet();
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const from = wallet.address;
  if (!from || !owners.some((o) => o.address === from && BigInt(o.balance) > 0n)) return null;

  const send = async () => {
    const recipient = to.trim();
    setProblem(null);
    setSent(null);
    if (!isAddress(recipient)) {
      setProblem(`“${recipient}” is not a Tezos address (tz1…, tz2…, tz3…, tz4… or KT1…).`);
      return;
    }
    if (recipient === from) {
      setProblem('That is your own address: pick another one.');
      return;
    }
    setBusy(true);
    try {
      const { opHash } = await wallet.send(transferOne(contract, tokenId, from, recipient));
      setSent(opHash);
      setTo('');
    } catch (err) {
      // The wallet's own words (a refusal, a wallet that did not answer, a network it is not on).
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className={styles.sendCopy}
      data-testid="send-copy"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label>
        Send a copy to{' '}
        <input
          value={to}
          onChange={(e) => setTo(e.target.value)}
          placeholder="tz1…"
          spellCheck={false}
          disabled={busy}
        />
      </label>
      <button type="submit" className={cx(ui.button, ui.small, ui.primary)} disabled={busy || to.trim() === ''}>
        {busy ? 'Waiting for your wallet…' : 'Send a copy'}
      </button>
      <p className={cx(ui.muted, ui.small)}>
        An FA2 transfer of one copy, signed in your wallet. In a game on Tezos, a copy sent to another player of that
        game counts as theirs from the game’s next read; sent to anyone else, it leaves the game for good, even if it
        comes back later (P13).
      </p>
      {sent && (
        <p role="status" data-testid="send-copy-sent">
          Sent: <a href={opHref(network, sent)}>{sent}</a>. The owners above update once it is included.
        </p>
      )}
      <Alert problem={problem} />
    </form>
  );
}
