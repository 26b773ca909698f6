/**
 * `npm start` (after `next build`): the app with its embedded devnet. Starts the local Tezos node and its TzKT API
 * (persisted under .data/devnet, port 8732), makes sure the editions contract is deployed on it (the one recorded in
 * deployments/devnet.json while the devnet still has it, else a new origination by bootstrap1, recorded there), then
 * serves the built app on port 3000 (scripts/serve.ts, which tells the rate limits each client's address) with
 * TEZOS_NETWORK, TEZOS_RPC_URL, TZKT_URL, POLE_FA2_CONTRACT and the bank's key (bootstrap1, the contract's admin and
 * first minter) in POLE_BANK_SECRET_KEY; Ctrl-C stops both. Browser pages may call the devnet from the app's origin
 * only (its wallet code signs and reads balances there), plus any origins in DEVNET_CORS_ORIGINS (comma-separated);
 * the devnet answers the host names localhost, 127.0.0.1 and [::1], plus any in DEVNET_HOSTS (comma-separated).
 * DEVNET_PROFILE=shadownet runs that devnet at Shadownet's pace (a block every 6 s, TzKT trailing by ~1.5 s;
 * devnet/node/profile.ts), printed in the `devnet ready` line.
 *
 * With TEZOS_NETWORK=shadownet (or custom) no devnet is started nor anything deployed: the key and the contract come
 * from the environment and `npm run deploy` (deployments/<network>.json); a missing piece is printed here as one
 * line and explained on the page. The bank key is never printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { relative } from 'node:path';
import { InMemorySigner } from '@taquito/signer';
import { networkFromEnv, resolveNetwork } from '../chain';
import { checkDeployment, ensureDeployment, isDeploymentError, redeployReasonText } from '../chain/deployment';
import { BANK_KEY_VAR, chainStatus, CONTRACT_VAR } from '../chain/status';
import { tzktRoutesWith } from '../devnet/indexer';
import { SERVER_NODE_FLAGS } from './lib/app-server';
import { runCli } from './lib/cli';
import {
  bootstrapAccount,
  CORS_ORIGINS_VAR,
  corsOriginsFrom,
  devnetProfile,
  HOST_NAMES_VAR,
  hostNamesFrom,
  loopbackOrigins,
  PROFILE_VAR,
  profileText,
  startDevnet,
  type Devnet,
} from '../devnet/node';

/** The port `next start` serves the app on, whose origin the devnet lets call it from a browser. */
const APP_PORT = 3000;

const say = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** The devnet, the contract on it, and the app's environment; exits 1 with one line when the contract cannot be deployed. */
async function onDevnet(): Promise<{ devnet: Devnet; env: NodeJS.ProcessEnv }> {
  let extra: readonly string[] = [];
  let hostNames, chosen;
  try {
    if (process.env[CORS_ORIGINS_VAR]?.trim()) extra = corsOriginsFrom(process.env[CORS_ORIGINS_VAR]);
    hostNames = hostNamesFrom(process.env[HOST_NAMES_VAR]);
    chosen = devnetProfile(process.env[PROFILE_VAR]);
  } catch (err) {
    process.stderr.write(`start: ${(err as Error).message}\n`);
    process.exit(1);
  }
  const { name: profileName, profile } = chosen;
  const devnet = await startDevnet({
    port: 8732,
    // Tokens' metadata is on the app's IPFS node: the devnet's TzKT reads it through the app's /ipfs/ gateway.
    tzkt: tzktRoutesWith({ metadataGateway: `http://127.0.0.1:${APP_PORT}` }),
    corsOrigins: [...loopbackOrigins(APP_PORT), ...extra],
    hostNames,
    ...profile,
  });
  say(
    `devnet ready rpc=${devnet.rpcUrl} tzkt=${devnet.tzktUrl}, ${profileText(profileName, profile)} (accounts: npm run devnet prints them)`,
  );
  const network = resolveNetwork({ network: 'devnet', rpc: devnet.rpcUrl, tzkt: devnet.tzktUrl });
  const bank = bootstrapAccount(1);
  try {
    const r = await ensureDeployment({ network, signer: new InMemorySigner(bank.secretKey), allowDeploy: true });
    const file = relative(process.cwd(), r.file);
    say(
      r.reason === null
        ? `contract ${r.deployment.contract} on the devnet (recorded in ${file}), bank ${bank.address}`
        : `contract ${r.deployment.contract} deployed on the devnet at level ${r.deployment.level} (${redeployReasonText(r.reason)}), recorded in ${file}, bank ${bank.address}`,
    );
    return {
      devnet,
      env: {
        ...process.env,
        TEZOS_NETWORK: 'devnet',
        TEZOS_RPC_URL: devnet.rpcUrl,
        TZKT_URL: devnet.tzktUrl,
        [CONTRACT_VAR]: r.deployment.contract,
        [BANK_KEY_VAR]: bank.secretKey,
      },
    };
  } catch (err) {
    await devnet.stop();
    if (!isDeploymentError(err)) throw err;
    process.stderr.write(`start: ${err.message}\n`);
    process.exit(1);
  }
}

/** A public network: reports what is missing (the page explains it too) and checks the contract when the RPC answers. */
async function onPublicNetwork(): Promise<NodeJS.ProcessEnv> {
  const status = chainStatus(process.env);
  if (!status.ok) {
    say(`chain not ready (${status.problem}): ${status.explanation}`);
    return process.env;
  }
  const network = networkFromEnv(process.env);
  try {
    const found = await checkDeployment(network, status.contract);
    if (found === 'ok') say(`contract ${status.contract} on ${status.network} (code checked at ${status.rpcUrl})`);
    else if (found === 'missing')
      say(
        `warning: contract ${status.contract} is not on ${status.network} at ${status.rpcUrl}: deploy with npm run deploy -- --network ${status.network}`,
      );
    else
      say(
        `warning: contract ${status.contract} on ${status.network} runs other code than contracts/build/fa2-editions.json: deploy again with npm run deploy -- --network ${status.network}`,
      );
  } catch (err) {
    if (!isDeploymentError(err)) throw err;
    say(`warning: contract ${status.contract} on ${status.network} not checked: ${err.message}`);
  }
  return { ...process.env, [CONTRACT_VAR]: status.contract };
}

/** Starts the chain's side (the devnet, or a check of the public network's contract), then the app; Ctrl-C stops both. */
async function start(): Promise<void> {
  const name = process.env['TEZOS_NETWORK']?.trim() || 'devnet';
  let devnet: Devnet | null = null;
  let env: NodeJS.ProcessEnv;
  if (name === 'devnet') ({ devnet, env } = await onDevnet());
  else env = await onPublicNetwork();

  // Next's handler behind the app's own server (scripts/serve.ts), which tells the rate limits each client's address.
  const next: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'scripts/serve.ts', '--port', String(APP_PORT)],
    { stdio: 'inherit', env: { ...env, NODE_ENV: 'production' } },
  );

  let stopping = false;
  const stop = (code: number): void => {
    if (stopping) return;
    stopping = true;
    next.kill('SIGTERM');
    void (devnet?.stop() ?? Promise.resolve()).then(() => process.exit(code));
  };
  next.on('exit', (code) => stop(code ?? 0));
  process.once('SIGINT', () => stop(0));
  process.once('SIGTERM', () => stop(0));
}

await runCli({
  name: 'start',
  synopsis: 'npm start',
  flags: {},
  notes: `It builds the app (next build), then runs scripts/start.ts: the chain, then the app on port ${APP_PORT}.`,
  environment: {
    'TEZOS_NETWORK=devnet|shadownet|custom':
      'the chain (default devnet: started here on port 8732, the contract deployed on it)',
    [`${PROFILE_VAR}=instant|shadownet`]: "the devnet's pace: a block per operation, or Shadownet's (default instant)",
    [`${CORS_ORIGINS_VAR}=origin,…`]: 'other web pages that may call the devnet from a browser',
    [`${HOST_NAMES_VAR}=name,…`]: 'host names the devnet answers besides localhost, 127.0.0.1 and [::1]',
    'TEZOS_RPC_URL=URL, TZKT_URL=URL': "a custom network's node and TzKT API",
    [`${BANK_KEY_VAR}=edsk…`]: "on a public network, the bank's key",
    [`${CONTRACT_VAR}=KT1…`]: 'on a public network, the contract (default: the one in deployments/<network>.json)',
  },
  main: start,
});
