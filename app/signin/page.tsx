import type { Metadata } from 'next';
import { chainStatus } from '../../chain/status';
import { devnetPlayerAccounts } from '../../server/auth/devnet-accounts';
import { isHostError } from '../../server/errors';
import { signInMessage } from '../../server/auth/sign-in-message';
import { nextPath } from '../../ui/lib/next-path';
import { SignInPanel } from '../../ui/wallet/sign-in-panel';
import ui from '../../ui/styles/controls.module.css';
import { cx } from '../../ui/lib/cx';

export const metadata: Metadata = { title: 'Sign in' };
// The network is the environment's, read per request.
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ next?: string | string[] }> };

/** Sign in with a devnet account (on the devnet) or a Beacon wallet, by signing a one-time message. */
export default async function Page({ searchParams }: Props) {
  const next = nextPath((await searchParams).next);
  const status = chainStatus(process.env);
  const network = status.network;
  // Alias and address only: the key of the account picked is fetched by the browser when it signs. A devnet that
  // does not list them leaves the page with your own wallet, and says why.
  let accounts: { alias: string; address: string }[] | null = null;
  let accountsProblem: string | null = null;
  if (network === 'devnet') {
    try {
      accounts = (await devnetPlayerAccounts(process.env)).map(({ alias, address }) => ({ alias, address }));
    } catch (e) {
      if (!isHostError(e)) throw e;
      accounts = [];
      accountsProblem = e.message;
    }
  }
  const preview = signInMessage({
    address: '<the address you sign in with>',
    network: network ?? '<the network>',
    nonce: '<a one-time code>',
    issuedAt: '<the time you sign in>',
  });

  return (
    <>
      <section className={ui.intro}>
        <h1>Sign in</h1>
        <p>
          {accounts
            ? 'This app runs on its local devnet: pick a devnet account (its key is a public test key that signs here in your browser), or connect your own wallet set to the devnet.'
            : 'Connect your Tezos wallet over Beacon (Temple, Kukai, Umami…) and sign a message to prove the address is yours.'}
        </p>
      </section>
      <section className={ui.panel} aria-labelledby="signin-heading">
        <h2 id="signin-heading" className={ui.panelTitle}>
          {accounts ? 'Devnet accounts' : 'Your wallet'}
        </h2>
        {accountsProblem && (
          <p className={ui.alert} role="alert">
            The devnet accounts cannot be listed: {accountsProblem}.
          </p>
        )}
        <SignInPanel
          accounts={accounts}
          beaconProblem={status.ok ? null : status.explanation}
          devnetRpcUrl={status.ok && network === 'devnet' ? status.rpcUrl : null}
          next={next}
        />
        <div>
          <h3 className={ui.panelTitle}>What you sign</h3>
          <p className={cx(ui.muted, ui.small)}>
            A one-time text, valid for five minutes. Signing it sends no operation and costs nothing; the app then
            remembers the address for 30 days on this browser, until you sign out.
          </p>
          <pre data-testid="signin-message">{preview}</pre>
        </div>
      </section>
    </>
  );
}
