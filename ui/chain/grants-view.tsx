/**
 * What a player grants the bank in on-chain games, in words: the terms shown before they join a game,
 * and, on a collection page, every grant the app ever asked of the address — the games joined (live or ended) and
 * any FA2 operator approval of the bank left from earlier versions. Presentational only (no state, no fetch).
 */
import type { WalletGrants } from '../../server/chain/chain-games';
import { accountHref, opHref, type LinkNetwork } from './explorer-links';
import { Address, formatTime } from './format';
import styles from './chain.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';

/** "12, 13 and 14": token ids for a sentence. */
export function idList(ids: readonly string[]): string {
  if (ids.length <= 1) return ids.join('');
  return `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)!}`;
}

/**
 * The terms of joining a game on-chain, before the player signs `join_game`: what they grant (burning their copies
 * on flip or forfeit), to whom (the bank's address), for which tokens (this game's, by id), and until when.
 */
export function GrantTerms({
  bank,
  tokenIds,
  ends,
  network,
}: {
  bank: string;
  tokenIds: readonly string[];
  ends: string | null;
  network: LinkNetwork;
}) {
  const n = tokenIds.length;
  return (
    <p className={cx(ui.small, styles.grantTerms)} data-testid="grant-terms">
      Joining this game on Tezos is one operation, signed in your wallet. It lets the bank{' '}
      <a href={accountHref(network, bank)} className={styles.mono}>
        {bank}
      </a>{' '}
      do one thing: burn your copies of this game’s {n} {n === 1 ? 'token' : 'tokens'} (token {n === 1 ? 'id' : 'ids'}{' '}
      {idList(tokenIds)}) when you flip or forfeit them (P7) — until the game ends
      {ends ? <>, at the latest {formatTime(ends)}</> : null}; the contract enforces it. It cannot transfer your tokens
      nor touch any other token.
    </p>
  );
}

/**
 * The grants of one address. `mine`: the signed-in wallet is that address (it may revoke); `revoking`: a revocation
 * was sent (its operation), `onRevoke`: sends it.
 */
export function GrantsList({
  grants,
  network,
  mine,
  revoking,
  busy,
  onRevoke,
}: {
  grants: WalletGrants;
  network: LinkNetwork;
  mine: boolean;
  revoking: string | null;
  busy: boolean;
  onRevoke?: () => void;
}) {
  const { games, operatorTokenIds, bank } = grants;
  return (
    <section className={cx(ui.panel, styles.grantsPanel)} aria-labelledby="grants-heading" data-testid="wallet-grants">
      <h2 id="grants-heading">{mine ? 'What you granted the bank' : 'What this address granted the bank'}</h2>
      <p className={cx(ui.muted, ui.small)}>
        The bank <Address address={bank} href={accountHref(network, bank)} /> may burn a player’s copies of a game’s
        tokens only while that game is live: the contract ends it when the game is closed or reaches its end date.
      </p>
      {games.length === 0 ? (
        <p data-testid="grants-none">No on-chain game joined.</p>
      ) : (
        <ul className={styles.grantsList}>
          {games.map((g) => (
            <li key={g.gameId} data-testid="grant-game" data-status={g.status}>
              <span className={styles.badge} data-status={g.status === 'live' ? 'pending' : 'confirmed'}>
                {g.status === 'live' ? 'Live' : 'Ended'}
              </span>{' '}
              Game <a href={`/play/${encodeURIComponent(g.gameId)}`}>{g.gameId}</a>, seat {g.seat + 1}:{' '}
              {g.status === 'live' ? (
                <>the bank may burn your copies of its tokens until the game ends, at the latest {formatTime(g.ends)}</>
              ) : g.closed ? (
                <>the game is closed: the bank can no longer burn your copies</>
              ) : (
                <>the game passed its end date ({formatTime(g.ends)}): the bank can no longer burn your copies</>
              )}
              {g.joinOp && (
                <>
                  {' '}
                  · <a href={opHref(network, g.joinOp)}>joined</a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {operatorTokenIds.length === 0 ? (
        <p className={ui.small} data-testid="operator-none">
          The bank is not an FA2 operator of this address: it cannot transfer its tokens.
        </p>
      ) : (
        <div className={styles.problem} data-testid="operator-approvals">
          <p>
            <strong>
              The bank is still an FA2 operator of this address for {operatorTokenIds.length === 1 ? 'token' : 'tokens'}{' '}
              {idList(operatorTokenIds)}
            </strong>{' '}
            — an approval an earlier version of the app asked for. It lets the bank transfer or burn these tokens at any
            time. The app no longer needs it.
          </p>
          {revoking ? (
            <p aria-busy="true">
              Revocation sent (<a href={opHref(network, revoking)}>operation</a>): waiting for Tezos to confirm it…
            </p>
          ) : mine ? (
            <button type="button" className={cx(ui.button, ui.primary)} disabled={busy} onClick={onRevoke}>
              {busy ? 'Waiting for your wallet…' : 'Revoke'}
            </button>
          ) : (
            <p className={ui.small}>Sign in with this wallet to revoke it.</p>
          )}
        </div>
      )}
    </section>
  );
}
