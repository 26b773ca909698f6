/**
 * `npm start` (after `next build`): the app with its embedded devnet. Starts the local Tezos node and
 * its TzKT API (persisted under .data/devnet, port 8732) and then serves the built app on port 3000,
 * passing the devnet's URLs to it; Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import { tzktRoutes } from '../devnet/indexer';
import { startDevnet } from '../devnet/node';

const devnet = await startDevnet({ port: 8732, tzkt: tzktRoutes });
process.stdout.write(`devnet ready rpc=${devnet.rpcUrl} tzkt=${devnet.tzktUrl} (accounts: npm run devnet prints them)\n`);

const next = spawn('next', ['start', '-p', '3000'], {
  stdio: 'inherit',
  env: { ...process.env, TEZOS_RPC_URL: devnet.rpcUrl, TZKT_URL: devnet.tzktUrl },
});

let stopping = false;
const stop = (code: number): void => {
  if (stopping) return;
  stopping = true;
  next.kill('SIGTERM');
  void devnet.stop().then(() => process.exit(code));
};
next.on('exit', (code) => stop(code ?? 0));
process.once('SIGINT', () => stop(0));
process.once('SIGTERM', () => stop(0));
