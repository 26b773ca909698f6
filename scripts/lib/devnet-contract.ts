/**
 * What the chain suites and benchmarks start from: an ephemeral in-process devnet with its TzKT API, and the editions
 * contract originated by `admin` with `minter` (default: the admin) allowed to mint — as `npm start` deploys it.
 */
import { TezosToolkit } from '@taquito/taquito';
import { Fa2Editions } from '../../chain/fa2-editions';
import { tzktRoutesWith, type MetadataGateway } from '../../devnet/indexer';
import {
  bootstrapAccount,
  startDevnet,
  type BootstrapAccount,
  type Devnet,
  type DevnetOptions,
} from '../../devnet/node';
import { tezosToolkit } from '../../chain/context';

export interface DevnetContract {
  readonly devnet: Devnet;
  /** The contract's client, signing as the admin. */
  readonly contract: Fa2Editions;
  /** A toolkit on the devnet signing with `secretKey`. */
  readonly toolkit: (secretKey: string) => TezosToolkit;
}

/** `pace`: the devnet's block time and indexer lag (e.g. a devnet profile, devnet/node/profile.ts); default instant. */
export async function devnetWithContract(
  options: {
    readonly admin?: BootstrapAccount;
    readonly minter?: string;
    readonly pace?: Pick<DevnetOptions, 'blockTime' | 'indexerLag'>;
    /** The IPFS gateway its TzKT API reads tokens' off-chain metadata through (default: none, left unresolved). */
    readonly metadataGateway?: MetadataGateway;
  } = {},
): Promise<DevnetContract> {
  const admin = options.admin ?? bootstrapAccount(1);
  const tzkt = tzktRoutesWith(
    options.metadataGateway === undefined ? {} : { metadataGateway: options.metadataGateway },
  );
  const devnet = await startDevnet({ ephemeral: true, tzkt, ...options.pace });
  const toolkit = (secretKey: string): TezosToolkit => {
    return tezosToolkit(devnet.rpcUrl, { secretKey });
  };
  const { client } = await Fa2Editions.originate(toolkit(admin.secretKey), { admin: admin.address });
  await client.send(client.addMinter(options.minter ?? admin.address));
  return { devnet, contract: client, toolkit };
}
