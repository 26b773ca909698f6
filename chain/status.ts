/**
 * Server-only (reads the environment and the bank key; never import it from a client component): whether the app
 * has what it needs to use Tezos — a network, the bank's key and the editions contract — or, when a piece is
 * missing, a coded problem and the explanation a page shows instead of a stack trace.
 *
 * The environment is `npm start`'s (TEZOS_NETWORK, TEZOS_RPC_URL, TZKT_URL, POLE_FA2_CONTRACT, POLE_BANK_SECRET_KEY)
 * or the operator's on Shadownet. Without POLE_FA2_CONTRACT the contract is read from `npm run deploy`'s record
 * `deployments/<network>.json`. Nothing here contacts the chain, and no result or explanation contains the key.
 */
import { InMemorySigner } from '@taquito/signer';
import { isContractAddress } from './validate';
import { isNetworkConfigError } from './errors';
import { networkFromEnv, type Network, type NetworkName } from './networks';
import { deployCommand, deploymentFile, isDeploymentError, readDeployment, SHADOWNET_FAUCET } from './deployment';

/** The environment variable of the bank's (minter's) secret key: server-only, never logged nor sent to a browser. */
export const BANK_KEY_VAR = 'POLE_BANK_SECRET_KEY';
/** The environment variable of the editions contract's address. */
export const CONTRACT_VAR = 'POLE_FA2_CONTRACT';

export type ChainProblem =
  /** TEZOS_NETWORK is not set: the app was started without `npm start` nor a network. */
  | 'NO_NETWORK'
  /** TEZOS_NETWORK, TEZOS_RPC_URL or TZKT_URL is unusable. */
  | 'BAD_NETWORK'
  /** POLE_BANK_SECRET_KEY is not set. */
  | 'NO_BANK_KEY'
  /** POLE_BANK_SECRET_KEY is not an unencrypted secret key. */
  | 'BAD_BANK_KEY'
  /** Neither POLE_FA2_CONTRACT nor deployments/<network>.json names the contract. */
  | 'NO_CONTRACT'
  /** POLE_FA2_CONTRACT is not a KT1 address, or deployments/<network>.json is not a deployment record. */
  | 'BAD_CONTRACT';

export type ChainStatus =
  | {
      readonly ok: true;
      readonly network: NetworkName;
      /** The editions contract (KT1…). */
      readonly contract: string;
      /** Where the contract came from: POLE_FA2_CONTRACT, or the deployment record. */
      readonly contractSource: 'env' | 'deployment';
      readonly rpcUrl: string;
      readonly tzktUrl: string;
      readonly explorerUrl: string | null;
    }
  | {
      readonly ok: false;
      readonly problem: ChainProblem;
      /** What to do, in sentences a page can show as they are. */
      readonly explanation: string;
      /** The network, when it could be resolved. */
      readonly network: NetworkName | null;
    };

export interface ChainStatusOptions {
  /**
   * Where `npm run deploy` writes its records, consulted when POLE_FA2_CONTRACT is unset (default `deployments`
   * under the working directory); null to rely on the environment only.
   */
  readonly deploymentsDir?: string | null;
}

type Env = Readonly<Record<string, string | undefined>>;

const problem = (p: ChainProblem, explanation: string, network: NetworkName | null = null): ChainStatus => ({
  ok: false,
  problem: p,
  explanation,
  network,
});

const LABEL: Record<NetworkName, string> = {
  devnet: 'The devnet',
  shadownet: 'Shadownet',
  custom: 'The custom network',
};

/** How to deploy and start on a public network, in one sentence. */
function publicSteps(network: Network): string {
  const faucet = network.name === 'shadownet' ? ` at the faucet ${SHADOWNET_FAUCET}` : '';
  return (
    `create a key (e.g. \`octez-client gen keys bank\`), fund its tz1… address${faucet}, deploy with \`${deployCommand(network)}\` ` +
    `(that account becomes the contract's admin and first minter), then start the app with ` +
    `\`TEZOS_NETWORK=${network.name} ${BANK_KEY_VAR}=edsk… npm start\` — see docs/deploying.md.`
  );
}

function bankKeyProblem(network: Network, key: string | undefined): ChainStatus | null {
  if (!key) {
    if (network.name === 'devnet') {
      return problem(
        'NO_BANK_KEY',
        `The devnet's bank key (${BANK_KEY_VAR}) is not set: start the app with \`npm start\`, which runs the devnet, deploys the token contract and passes both to the app.`,
        network.name,
      );
    }
    return problem(
      'NO_BANK_KEY',
      `${LABEL[network.name]} needs ${BANK_KEY_VAR}, the unencrypted secret key (edsk…) of the bank account that mints the tokens: ${publicSteps(network)}`,
      network.name,
    );
  }
  try {
    new InMemorySigner(key);
    return null;
  } catch {
    // The library's message may quote the key: say only what kind of value is expected.
    return problem(
      'BAD_BANK_KEY',
      `${BANK_KEY_VAR} is not a valid unencrypted secret key: expected an edsk…, spsk… or p2sk… key (an encrypted edesk… key needs decrypting first).`,
      network.name,
    );
  }
}

function noContract(network: Network, file: string | null): ChainStatus {
  const where = file ? `${CONTRACT_VAR} is not set and there is no ${file}` : `${CONTRACT_VAR} is not set`;
  if (network.name === 'devnet') {
    return problem(
      'NO_CONTRACT',
      `No token contract on the devnet: ${where}. Start the app with \`npm start\`, which deploys the contract on its devnet (or run \`${deployCommand(network)}\`).`,
      network.name,
    );
  }
  return problem(
    'NO_CONTRACT',
    `No token contract on ${network.name === 'shadownet' ? 'Shadownet' : 'the custom network'}: ${where}. To deploy it, ${publicSteps(network)} Or set ${CONTRACT_VAR}=KT1… to a contract deployed before.`,
    network.name,
  );
}

/**
 * What the app can use of Tezos under this environment: the network, its URLs and the contract, or the first
 * missing piece (network, then bank key, then contract) with what to do about it.
 */
export function chainStatus(env: Env, options: ChainStatusOptions = {}): ChainStatus {
  if (!env['TEZOS_NETWORK']?.trim()) {
    return problem(
      'NO_NETWORK',
      'No Tezos network is configured (TEZOS_NETWORK is not set). Start the app with `npm start`: it runs the local devnet, deploys the token contract and passes both to the app. ' +
        `For Shadownet, set TEZOS_NETWORK=shadownet and ${BANK_KEY_VAR}, after deploying with \`npm run deploy -- --network shadownet\` (see docs/deploying.md).`,
    );
  }
  let network: Network;
  try {
    network = networkFromEnv(env);
  } catch (err) {
    if (isNetworkConfigError(err))
      return problem('BAD_NETWORK', `The Tezos network setting is unusable: ${err.message}.`);
    throw err;
  }
  const keyProblem = bankKeyProblem(network, env[BANK_KEY_VAR]?.trim());
  if (keyProblem) return keyProblem;

  const base = {
    ok: true as const,
    network: network.name,
    rpcUrl: network.rpcUrl,
    tzktUrl: network.tzktUrl,
    explorerUrl: network.explorerUrl,
  };
  const fromEnv = env[CONTRACT_VAR]?.trim();
  if (fromEnv) {
    if (!isContractAddress(fromEnv)) {
      return problem(
        'BAD_CONTRACT',
        `${CONTRACT_VAR} is not a contract address: expected KT1… (the "contract" of deployments/${network.name}.json).`,
        network.name,
      );
    }
    return { ...base, contract: fromEnv, contractSource: 'env' };
  }
  const dir = options.deploymentsDir === undefined ? 'deployments' : options.deploymentsDir;
  if (dir === null) return noContract(network, null);
  const file = deploymentFile(network, dir);
  try {
    const deployment = readDeployment(file, network);
    if (!deployment) return noContract(network, file);
    return { ...base, contract: deployment.contract, contractSource: 'deployment' };
  } catch (err) {
    if (!isDeploymentError(err)) throw err;
    return problem(
      'BAD_CONTRACT',
      `The deployment record is unusable: ${err.message}. Deploy again with \`${deployCommand(network)}\`, or set ${CONTRACT_VAR}=KT1….`,
      network.name,
    );
  }
}
