/**
 * What the devnet node suites drive it with: real Taquito clients signed by a test key, the error ids of what the
 * node refused, and a raw injection that bypasses Taquito's own checks (what a hand-written client sends).
 */
import { LocalForger, ProtocolsHash } from '@taquito/local-forging';
import { RpcClient } from '@taquito/rpc';
import { InMemorySigner } from '@taquito/signer';
import { TezosOperationError, TezosToolkit } from '@taquito/taquito';

/** The prefix of every protocol error id Ushuaia's node reports. */
export const PROTO = 'proto.025-PsUshuai.';

const forger = new LocalForger(ProtocolsHash.PsUshuai9);

/** A toolkit on the node at `rpcUrl` that signs with `secretKey`. */
export function signedToolkit(rpcUrl: string, secretKey: string): TezosToolkit {
  const tz = new TezosToolkit(rpcUrl);
  tz.setSignerProvider(new InMemorySigner(secretKey));
  return tz;
}

/** Error ids of a rejected call: Taquito's TezosOperationError, or a node error array in an HTTP body. */
export function errorIds(e: unknown): string[] {
  if (e instanceof TezosOperationError) return e.errors.map((x) => x.id);
  const body = (e as { body?: string }).body;
  if (typeof body === 'string' && body.startsWith('[')) return (JSON.parse(body) as { id: string }[]).map((x) => x.id);
  throw e;
}

/** The error ids `p` is refused with; fails when it is not refused. */
export async function rejection(p: Promise<unknown>): Promise<string[]> {
  try {
    await p;
  } catch (e) {
    return errorIds(e);
  }
  throw new Error('expected a rejection');
}

/**
 * Forges, signs and injects `contents` directly, as a client bypassing Taquito's checks would (Taquito's signer: a
 * tz4's signature goes out as ff03 ‖ 96 bytes); returns the operation hash.
 */
export async function injectRaw(
  rpcUrl: string,
  signer: InMemorySigner,
  contents: Record<string, string>[],
): Promise<string> {
  const rpc = new RpcClient(rpcUrl);
  const branch = (await rpc.getBlockHeader()).hash;
  const bytes = await forger.forge({ branch, contents } as never);
  const { sbytes } = await signer.sign(bytes, new Uint8Array([3]));
  return rpc.injectOperation(sbytes);
}

/**
 * A transaction's contents as a client forges them (every number a string), with a plain transfer's fee (1,000 mutez),
 * gas limit (2,500) and storage limit (0) unless `limits` says otherwise.
 */
export function transaction(
  source: string,
  destination: string,
  counter: bigint | string,
  amount: string,
  limits: { readonly fee?: string; readonly gas_limit?: string; readonly storage_limit?: string } = {},
): Record<string, string> {
  return {
    kind: 'transaction',
    source,
    fee: limits.fee ?? '1000',
    counter: String(counter),
    gas_limit: limits.gas_limit ?? '2500',
    storage_limit: limits.storage_limit ?? '0',
    amount,
    destination,
  };
}
