/**
 * `npm run deploy -- --network devnet|shadownet|custom [--rpc URL] [--tzkt URL] [--out deployments]`:
 * originates the FA2 editions contract (contracts/) with the admin key of `TEZOS_SECRET_KEY` (on the devnet,
 * bootstrap1's key when unset), makes the admin its first minter (the contract starts with none), and writes
 * `<out>/<network>.json` = {network, contract, admin, minters, level, opHash, codeHash}.
 * The secret key is never printed nor written. The deployment itself is chain/deployment.ts's `deployContract`
 * (which `npm start` also uses through `ensureDeployment`); this script adds the key, the flags and the messages.
 */
import { resolve } from 'node:path';
import { InMemorySigner } from '@taquito/signer';
import { isNetworkConfigError, resolveNetwork, type Network } from '../chain';
import { deployContract, deploymentFile, isDeploymentError, SHADOWNET_FAUCET, writeDeployment, type Deployment } from '../chain/deployment';
import { bootstrapAccount } from '../devnet/node';
import { choiceFlag, parseFlags } from './lib/args';
import { CliError, runCli } from './lib/cli';

const USAGE = `usage: npm run deploy -- [--network devnet|shadownet|custom] [--rpc URL] [--tzkt URL] [--out deployments]
  --network  devnet (default; bootstrap1 is the admin unless TEZOS_SECRET_KEY is set), shadownet, or custom
  --rpc      the node's RPC (required for custom; overrides the preset otherwise)
  --tzkt     the TzKT API (required for custom; on the devnet it defaults to <rpc>/tzkt)
  --out      the directory of the deployment record <network>.json (default deployments)
  TEZOS_SECRET_KEY  the admin's unencrypted secret key (edsk…, spsk…, p2sk…); never printed nor written
`;

function adminSigner(network: Network, env: NodeJS.ProcessEnv): InMemorySigner {
  const key = env['TEZOS_SECRET_KEY']?.trim();
  if (!key) {
    if (network.name === 'devnet') return new InMemorySigner(bootstrapAccount(1).secretKey);
    const how =
      network.name === 'shadownet'
        ? `create a key (e.g. \`octez-client gen keys deployer\`), fund it at ${SHADOWNET_FAUCET}, then run TEZOS_SECRET_KEY=edsk… npm run deploy -- --network shadownet`
        : 'set it to the unencrypted secret key (edsk…) of a funded account on that network';
    throw new CliError(`TEZOS_SECRET_KEY is not set: ${how}`);
  }
  try {
    return new InMemorySigner(key);
  } catch {
    // The library's message may quote the key: say only what kind of value is expected.
    throw new CliError('TEZOS_SECRET_KEY is not a valid unencrypted secret key: expected an edsk…, spsk… or p2sk… key');
  }
}

async function deploy(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<{ deployment: Deployment; file: string }> {
  const flags = parseFlags(argv, { network: 'string', rpc: 'string', tzkt: 'string', out: 'string' });
  const name = choiceFlag('network', flags.network, 'devnet', ['devnet', 'shadownet', 'custom'] as const);
  let network: Network;
  try {
    network = resolveNetwork({ network: name, rpc: flags.rpc, tzkt: flags.tzkt });
  } catch (err) {
    if (isNetworkConfigError(err)) throw new CliError(err.message);
    throw err;
  }
  // The key is checked before any request: a missing key needs no network to report.
  const signer = adminSigner(network, env);
  let deployment: Deployment;
  try {
    deployment = await deployContract({ network, signer });
  } catch (err) {
    if (!isDeploymentError(err)) throw err;
    if (err.code !== 'DEPLOYMENT_RPC_UNREACHABLE') throw new CliError(err.message);
    const hint =
      network.name === 'devnet'
        ? 'start the devnet with `npm run devnet` (or pass its --rpc URL)'
        : 'check the --rpc URL and your network connection';
    throw new CliError(`${err.message}: ${hint}`);
  }
  const file = deploymentFile(network, resolve(flags.out ?? 'deployments'));
  writeDeployment(file, deployment);
  return { deployment, file };
}

await runCli('deploy', USAGE, async () => {
  const { deployment, file } = await deploy(process.argv.slice(2), process.env);
  process.stdout.write(`deployed ${deployment.contract} on ${deployment.network} at level ${deployment.level} (operation ${deployment.opHash}), admin and minter ${deployment.admin}\n`);
  process.stdout.write(`wrote ${file}\n`);
});
