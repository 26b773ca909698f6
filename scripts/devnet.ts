/**
 * `npm run devnet -- [--port 8732] [--block-time 0] [--indexer-lag 0] [--data .data/devnet | --ephemeral] [--accounts 10]`:
 * a local Tezos node (devnet/node) with the TzKT-compatible API (devnet/indexer) under /tzkt, which trails the node
 * by `--indexer-lag` seconds (as real TzKT does; 0, the default, indexes each block as it is baked).
 * Browser pages may call it from DEVNET_CORS_ORIGINS (comma-separated origins, default the app's, http://localhost:3000);
 * it answers the host names localhost, 127.0.0.1 and [::1], plus those in DEVNET_HOSTS (comma-separated).
 * Prints one `devnet ready …` line, then the bootstrap accounts; runs until interrupted.
 */
import { tzktRoutes } from '../devnet/indexer';
import { CORS_ORIGINS_VAR, corsOriginsFrom, HOST_NAMES_VAR, hostNamesFrom, startDevnet } from '../devnet/node';
import { runCli, UsageError, type CommandLine } from './lib/cli';
import { intFlag } from './lib/flag-values';

const FLAGS = {
  port: {
    type: 'string',
    value: 'N',
    help: 'the port of the RPC and of TzKT under /tzkt; 0: any free port (default 8732)',
  },
  'block-time': {
    type: 'string',
    value: 'S',
    help: 'seconds between blocks, 0–3600; 0: a block for each operation as it arrives (default 0)',
  },
  'indexer-lag': {
    type: 'string',
    value: 'S',
    help: 'seconds the TzKT API trails the node, 0–3600, as real TzKT does (default 0)',
  },
  data: { type: 'string', value: 'DIR', help: 'where the chain is kept between runs (default .data/devnet)' },
  ephemeral: { type: 'boolean', help: 'keep the chain in memory only, gone when it stops (default: kept in --data)' },
  accounts: { type: 'string', value: 'N', help: 'bootstrap accounts, 1–1000, each with 100,000 tez (default 10)' },
} as const;

async function devnet({ flags }: CommandLine<typeof FLAGS>): Promise<void> {
  if (flags.data !== undefined && flags.ephemeral) throw new UsageError('--data and --ephemeral exclude each other');
  let corsOrigins, hostNames;
  try {
    corsOrigins = corsOriginsFrom(process.env[CORS_ORIGINS_VAR]);
    hostNames = hostNamesFrom(process.env[HOST_NAMES_VAR]);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  const lag = intFlag('indexer-lag', flags['indexer-lag'], 0, 0, 3600);
  const devnet = await startDevnet({
    port: intFlag('port', flags.port, 8732, 0, 65535),
    blockTime: intFlag('block-time', flags['block-time'], 0, 0, 3600),
    indexerLag: lag,
    accounts: intFlag('accounts', flags.accounts, 10, 1, 1000),
    ...(flags.data !== undefined ? { dataDir: flags.data } : {}),
    ephemeral: flags.ephemeral === true,
    tzkt: tzktRoutes,
    corsOrigins,
    hostNames,
  });
  process.stdout.write(
    `devnet ready rpc=${devnet.rpcUrl} tzkt=${devnet.tzktUrl}${lag > 0 ? ` (indexer lag ${lag} s)` : ''}\n`,
  );
  for (const a of devnet.accounts) {
    process.stdout.write(`${a.alias} ${a.address} ${a.publicKey} ${a.secretKey} 100000 tez\n`);
  }
  const stop = (): void => {
    void devnet.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

await runCli({
  name: 'devnet',
  synopsis: 'npm run devnet -- [flags]',
  flags: FLAGS,
  environment: {
    [`${CORS_ORIGINS_VAR}=origin,…`]:
      "the web pages that may call it from a browser (default: the app's, http://localhost:3000)",
    [`${HOST_NAMES_VAR}=name,…`]: 'host names it answers besides localhost, 127.0.0.1 and [::1]',
  },
  main: devnet,
});
