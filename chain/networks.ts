/**
 * Networks as configuration (ARCHITECTURE.md, "Chain"): the local devnet (default), the Shadownet public testnet,
 * or any RPC + TzKT pair given by URL. Nothing else in the chain layer knows a URL.
 */
import { z } from 'zod';
import { NetworkConfigError } from './errors';

export type NetworkName = 'devnet' | 'shadownet' | 'custom';

export interface Network {
  readonly name: NetworkName;
  /** Tezos node RPC, without a trailing slash. */
  readonly rpcUrl: string;
  /** TzKT API root (the SDK's `baseUrl`: paths start with `/v1/`), without a trailing slash. */
  readonly tzktUrl: string;
  /** A TzKT explorer for links to operations and accounts; null when there is none (the devnet). */
  readonly explorerUrl: string | null;
}

/** The presets. The devnet's port is the one `npm start` / `npm run devnet` use. */
export const NETWORKS: Readonly<Record<Exclude<NetworkName, 'custom'>, Network>> = {
  devnet: { name: 'devnet', rpcUrl: 'http://127.0.0.1:8732', tzktUrl: 'http://127.0.0.1:8732/tzkt', explorerUrl: null },
  shadownet: {
    name: 'shadownet',
    rpcUrl: 'https://rpc.shadownet.teztnets.com',
    tzktUrl: 'https://api.shadownet.tzkt.io',
    explorerUrl: 'https://shadownet.tzkt.io',
  },
};

export const DEFAULT_NETWORK = 'devnet' satisfies NetworkName;

export interface NetworkInput {
  /** `devnet` (default), `shadownet` or `custom`. */
  readonly network?: string | undefined;
  /** Overrides the preset's RPC; required for `custom`. */
  readonly rpc?: string | undefined;
  /** Overrides the preset's TzKT API; required for `custom`. On the devnet it defaults to `<rpc>/tzkt`. */
  readonly tzkt?: string | undefined;
  /** Overrides the preset's explorer (optional everywhere). */
  readonly explorer?: string | undefined;
}

const httpUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.hostname }))
  .transform((u) => u.replace(/\/+$/, ''));

/**
 * The network a setting names, with any URL overrides applied.
 * @throws NetworkConfigError `NETWORK_UNKNOWN` (not devnet/shadownet/custom), `NETWORK_BAD_URL` (not an http(s)
 *   URL), `NETWORK_MISSING_URL` (custom without both `rpc` and `tzkt`).
 */
export function resolveNetwork(input: NetworkInput = {}): Network {
  const name = (input.network ?? DEFAULT_NETWORK).trim() || DEFAULT_NETWORK;
  if (name !== 'devnet' && name !== 'shadownet' && name !== 'custom') {
    throw new NetworkConfigError(
      'NETWORK_UNKNOWN',
      `unknown network "${name}": use devnet, shadownet or custom`,
      'network',
    );
  }
  const url = (field: 'rpc' | 'tzkt' | 'explorer'): string | undefined => {
    const raw = input[field];
    if (raw === undefined || raw.trim() === '') return undefined;
    const parsed = httpUrl.safeParse(raw);
    if (!parsed.success)
      throw new NetworkConfigError('NETWORK_BAD_URL', `${field}: "${raw}" is not an http(s) URL`, field);
    return parsed.data;
  };
  const rpc = url('rpc');
  const tzkt = url('tzkt');
  const explorer = url('explorer');
  if (name === 'custom') {
    const missing = [rpc ? null : 'rpc', tzkt ? null : 'tzkt'].filter((f) => f !== null);
    if (missing.length > 0 || !rpc || !tzkt) {
      throw new NetworkConfigError(
        'NETWORK_MISSING_URL',
        `custom network needs --rpc URL and --tzkt URL (missing: ${missing.join(', ')})`,
        missing[0] ?? 'rpc',
      );
    }
    return { name, rpcUrl: rpc, tzktUrl: tzkt, explorerUrl: explorer ?? null };
  }
  const preset = NETWORKS[name];
  // The devnet serves its TzKT API under its own RPC, so a devnet moved to another port moves both.
  const derivedTzkt = name === 'devnet' && rpc ? `${rpc}/tzkt` : undefined;
  return {
    name,
    rpcUrl: rpc ?? preset.rpcUrl,
    tzktUrl: tzkt ?? derivedTzkt ?? preset.tzktUrl,
    explorerUrl: explorer ?? preset.explorerUrl,
  };
}

/**
 * The network of a process environment: `TEZOS_NETWORK`, `TEZOS_RPC_URL`, `TZKT_URL`, `TZKT_EXPLORER_URL`
 * (`npm start` passes its devnet's URLs this way).
 * @throws NetworkConfigError as `resolveNetwork`, naming the variable.
 */
export function networkFromEnv(env: Readonly<Record<string, string | undefined>>): Network {
  const vars = {
    network: 'TEZOS_NETWORK',
    rpc: 'TEZOS_RPC_URL',
    tzkt: 'TZKT_URL',
    explorer: 'TZKT_EXPLORER_URL',
  } as const;
  try {
    return resolveNetwork({
      network: env[vars.network],
      rpc: env[vars.rpc],
      tzkt: env[vars.tzkt],
      explorer: env[vars.explorer],
    });
  } catch (e) {
    if (e instanceof NetworkConfigError) {
      const field = e.field as keyof typeof vars;
      throw new NetworkConfigError(e.code, `${vars[field] ?? e.field}: ${e.message}`, vars[field] ?? e.field);
    }
    throw e;
  }
}

export { explorerLink } from './explorer';
