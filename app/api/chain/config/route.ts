import { chainStatus } from '../../../../chain/status';
import { beaconSettings } from '../../../../server/auth';
import { respond } from '../../../../server/http/respond';

export const runtime = 'nodejs';
// The environment is read per request, not when the app is built.
export const dynamic = 'force-dynamic';

/**
 * The public chain settings the browser needs to sign and send operations: `{ ok, network, rpcUrl, tzktUrl,
 * explorerUrl, contract, beacon: { relays, requestTimeoutMs } }`, or `{ ok: false, problem, explanation, network }`.
 * Picked field by field so no key can ever ride along.
 */
export async function GET(): Promise<Response> {
  return respond(() => {
    const status = chainStatus(process.env);
    if (!status.ok)
      return { ok: false, problem: status.problem, explanation: status.explanation, network: status.network };
    const beacon = beaconSettings(process.env);
    if (!beacon.ok)
      return { ok: false, problem: beacon.problem, explanation: beacon.explanation, network: status.network };
    return {
      ok: true,
      network: status.network,
      rpcUrl: status.rpcUrl,
      tzktUrl: status.tzktUrl,
      explorerUrl: status.explorerUrl,
      contract: status.contract,
      beacon: { relays: beacon.relays, requestTimeoutMs: beacon.requestTimeoutMs },
    };
  });
}
