/**
 * `npm run deploy -- --network devnet|shadownet|custom [--rpc URL] [--tzkt URL] [--out deployments]`:
 * originates the FA2 editions contract (contracts/) with the admin key of `TEZOS_SECRET_KEY` (on the devnet,
 * bootstrap1's key when unset), makes the admin its first minter (the contract starts with none), and writes
 * `<out>/<network>.json` = {network, contract, admin, minters, level, opHash, codeHash}.
 * The secret key is never printed nor written. The deployment itself is chain/deployment.ts's `deployContract`
 * (which `npm start` also uses through `ensureDeployment`); this script adds the key, the flags and the messages.
 */
import { resolve } from 'node:path';
import type { InMemorySigner } from '@taquito/signer';
import type { Network } from '../chain';
import type { Deployment } from '../chain/deployment';
import { CliError, runCli, UsageError, type FlagValues } from './lib/cli';
import { choiceFlag } from './lib/flag-values';

const FLAGS = {
  network: {
    type: 'string',
    value: 'devnet|shadownet|custom',
    help: 'where to deploy; on the devnet bootstrap1 is the admin unless TEZOS_SECRET_KEY is set (default devnet)',
  },
  rpc: { type: 'string', value: 'URL', help: "the node's RPC, required for custom (default: the preset's)" },
  tzkt: {
    type: 'string',
    value: 'URL',
    help: "the TzKT API, required for custom (default: the preset's; on the devnet <rpc>/tzkt)",
  },
  out: {
    type: 'string',
    value: 'DIR',
    help: 'the directory of the deployment record <network>.json (default deployments)',
  },
} as const;

async function adminSigner(network: Network, env: NodeJS.ProcessEnv): Promise<InMemorySigner> {
  const [{ InMemorySigner }, { SHADOWNET_FAUCET }, { bootstrapAccount }] = await Promise.all([
    import('@taquito/signer'),
    import('../chain/deployment'),
    import('../devnet/node'),
  ]);
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

async function deploy(
  flags: FlagValues<typeof FLAGS>,
  env: NodeJS.ProcessEnv,
): Promise<{ deployment: Deployment; file: string }> {
  const name = choiceFlag('network', flags.network, 'devnet', ['devnet', 'shadownet', 'custom'] as const);
  // Taquito and the chain layer take a second or two to load, which --help and a mistyped flag need not wait for.
  const [
    { isNetworkConfigError, resolveNetwork },
    { deployContract, deploymentFile, isDeploymentError, writeDeployment },
  ] = await Promise.all([import('../chain'), import('../chain/deployment')]);
  let network: Network;
  try {
    network = resolveNetwork({ network: name, rpc: flags.rpc, tzkt: flags.tzkt });
  } catch (err) {
    // A missing or malformed --rpc or --tzkt: the command line is at fault.
    if (isNetworkConfigError(err)) throw new UsageError(err.message);
    throw err;
  }
  // The key is checked before any request: a missing key needs no network to report.
  const signer = await adminSigner(network, env);
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

await runCli({
  name: 'deploy',
  synopsis: 'npm run deploy -- [flags]',
  flags: FLAGS,
  environment: {
    'TEZOS_SECRET_KEY=edsk…': "the admin's unencrypted secret key (edsk…, spsk…, p2sk…); never printed nor written",
  },
  main: async ({ flags }) => {
    const { deployment, file } = await deploy(flags, process.env);
    process.stdout.write(
      `deployed ${deployment.contract} on ${deployment.network} at level ${deployment.level} (operation ${deployment.opHash}), admin and minter ${deployment.admin}\n`,
    );
    process.stdout.write(`wrote ${file}\n`);
  },
});
