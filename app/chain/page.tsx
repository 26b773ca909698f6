import type { Metadata } from 'next';
import { chainStatus } from '../../chain/status';

export const metadata: Metadata = { title: 'Chain · Tezos Pole' };
// The environment is read when the page is requested, not when the app is built.
export const dynamic = 'force-dynamic';

/** Which Tezos network the app uses for on-chain Tezos Pole, or what is missing and how to provide it. */
export default function Page() {
  const status = chainStatus(process.env);
  return (
    <section className="panel chain-status" aria-labelledby="chain-heading" data-testid="chain-status">
      <h1 id="chain-heading">Tezos network</h1>
      {status.ok ? (
        <dl>
          <dt>Network</dt>
          <dd data-testid="chain-network">{status.network}</dd>
          <dt>Editions contract</dt>
          <dd data-testid="chain-contract">
            {status.explorerUrl ? <a href={status.explorerUrl}>{status.contract}</a> : status.contract}{' '}
            <span className="muted small">({status.contractSource === 'env' ? 'from the environment' : 'from the deployment record'})</span>
          </dd>
          <dt>Node RPC</dt>
          <dd>{status.rpcUrl}</dd>
          <dt>TzKT API</dt>
          <dd>{status.tzktUrl}</dd>
        </dl>
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
