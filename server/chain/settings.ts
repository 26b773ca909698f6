/**
 * What the server needs to run on-chain games, from the environment (`npm start` on the devnet; the operator's
 * settings on Shadownet): the network, the editions contract and the bank's key. The key stays in this object on
 * the server; nothing here logs or returns it.
 */
import { BANK_KEY_VAR, chainStatus } from '../../chain/status';
import { networkFromEnv, type Network } from '../../chain/networks';

export interface ChainSettings {
  readonly network: Network;
  readonly contract: string;
  readonly bankSecretKey: string;
}

export type ChainSettingsResult =
  | { readonly ok: true; readonly settings: ChainSettings }
  | { readonly ok: false; readonly problem: string; readonly explanation: string };

export function chainSettingsFromEnv(env: Readonly<Record<string, string | undefined>>): ChainSettingsResult {
  const status = chainStatus(env);
  if (!status.ok) return { ok: false, problem: status.problem, explanation: status.explanation };
  return {
    ok: true,
    settings: { network: networkFromEnv(env), contract: status.contract, bankSecretKey: env[BANK_KEY_VAR]!.trim() },
  };
}
