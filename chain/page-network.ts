/**
 * Server-only: which TzKT API and explorer links a page uses, from the environment, or the sentence to show
 * instead. Explorer and token pages need only the network; the collection also needs the editions contract.
 */
import { isNetworkConfigError } from './errors';
import { networkFromEnv } from './networks';
import { chainStatus } from './status';

type Env = Readonly<Record<string, string | undefined>>;

export interface PageNetwork {
  readonly tzktUrl: string;
  readonly explorerUrl: string | null;
}

export type NetworkForPage =
  { readonly ok: true; readonly network: PageNetwork } | { readonly ok: false; readonly explanation: string };
export type ContractForPage =
  | { readonly ok: true; readonly network: PageNetwork; readonly contract: string }
  | { readonly ok: false; readonly explanation: string };

/** The configured network (devnet by default), or why the setting is unusable. */
export function networkForPage(env: Env): NetworkForPage {
  try {
    const n = networkFromEnv(env);
    return { ok: true, network: { tzktUrl: n.tzktUrl, explorerUrl: n.explorerUrl } };
  } catch (e) {
    if (isNetworkConfigError(e))
      return { ok: false, explanation: `The Tezos network setting is unusable: ${e.message}.` };
    throw e;
  }
}

/** The network and the editions contract (chainStatus), or its explanation of what is missing. */
export function contractForPage(env: Env): ContractForPage {
  const status = chainStatus(env);
  if (!status.ok) return { ok: false, explanation: status.explanation };
  return { ok: true, network: { tzktUrl: status.tzktUrl, explorerUrl: status.explorerUrl }, contract: status.contract };
}
