/**
 * `npm run deploy -- --network devnet|shadownet|custom [--rpc URL] [--tzkt URL] [--out deployments]`:
 * originates the FA2 editions contract (contracts/) with the admin key of `TEZOS_SECRET_KEY` (on the devnet,
 * bootstrap1's key when unset), makes the admin its first minter (the contract starts with none), and writes
 * `<out>/<network>.json` = {network, contract, admin, minters, level, opHash, codeHash}.
 * The secret key is never printed nor written.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { packDataBytes, type MichelsonData } from '@taquito/michel-codec';
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit } from '@taquito/taquito';
import { b58Encode, PrefixV2 } from '@taquito/utils';
import { blake2b } from '@noble/hashes/blake2.js';
import { isNetworkConfigError, resolveNetwork, type Network } from '../chain';
import { fa2EditionsCode, fa2EditionsInit } from '../contracts';
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

const SHADOWNET_FAUCET = 'https://faucet.shadownet.teztnets.com';
/** How long the RPC may take to answer the first request before it counts as unreachable. */
const RPC_PROBE_MS = 10_000;

interface Deployment {
  readonly network: string;
  readonly contract: string;
  readonly admin: string;
  readonly minters: readonly string[];
  /** Level of the block that includes the origination. */
  readonly level: number;
  /** Hash of the origination operation. */
  readonly opHash: string;
  /** `expr…`: blake2b-256 of the packed code, sections in canonical order (see codeHash). */
  readonly codeHash: string;
}

const SECTION_RANK: Record<string, number> = { parameter: 0, storage: 1, code: 2, view: 3 };
const viewName = (s: object): string => ((s as { args?: { string?: string }[] }).args?.[0]?.string ?? '');

/**
 * The `expr…` hash of a script (as `octez-client hash data` prints for an expression): base58check of
 * blake2b-256 over the packed bytes (0x05 + binary Micheline) of its sections in a canonical order —
 * parameter, storage, code, then views by name — since Taquito reorders the sections when it originates.
 * So the deployed code and the committed artifact hash alike.
 */
function codeHash(code: readonly object[]): string {
  const rank = (s: object): number => SECTION_RANK[(s as { prim?: string }).prim ?? ''] ?? 4;
  const canonical = [...code].sort((a, b) => rank(a) - rank(b) || viewName(a).localeCompare(viewName(b)));
  return b58Encode(blake2b(Buffer.from(packDataBytes(canonical as MichelsonData).bytes, 'hex'), { dkLen: 32 }), PrefixV2.ScriptExpr);
}

function fundingHint(network: Network, address: string): string {
  if (network.name === 'shadownet') return `get tez from the Shadownet faucet ${SHADOWNET_FAUCET} for ${address}`;
  if (network.name === 'devnet') return `send tez to ${address} from a bootstrap account, or leave TEZOS_SECRET_KEY unset to deploy as bootstrap1`;
  return `send tez to ${address} on ${network.rpcUrl}`;
}

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

async function probeRpc(network: Network): Promise<void> {
  const hint =
    network.name === 'devnet'
      ? 'start the devnet with `npm run devnet` (or pass its --rpc URL)'
      : 'check the --rpc URL and your network connection';
  try {
    const res = await fetch(`${network.rpcUrl}/chains/main/blocks/head/header`, { signal: AbortSignal.timeout(RPC_PROBE_MS) });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    await res.json();
  } catch (err) {
    const why = err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    throw new CliError(`cannot reach the Tezos RPC at ${network.rpcUrl} (${why}): ${hint}`);
  }
}

/** Whether a Taquito error says the source cannot pay (balance too low, or an empty account). */
function isUnfunded(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  let details = '';
  try {
    // Taquito keeps the node's error ids in fields (`errors`, `id`) beside a shorter message.
    details = JSON.stringify(err);
  } catch {
    // A circular error object: its message alone has to do.
  }
  return /balance_too_low|empty_implicit_contract|cannot_pay_storage_fee|subtraction_underflow/.test(`${err.message} ${details}`);
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
  const admin = await signer.publicKeyHash();
  await probeRpc(network);

  const tz = new TezosToolkit(network.rpcUrl);
  tz.setSignerProvider(signer);
  const code = fa2EditionsCode();
  const init = fa2EditionsInit(admin);
  const balance = await tz.tz.getBalance(admin);
  if (balance.isZero()) throw new CliError(`the admin account ${admin} has no tez on ${network.name}: ${fundingHint(network, admin)}`);
  try {
    const estimate = await tz.estimate.originate({ code, init });
    // Origination (fee + storage burn) plus a margin for the add_minter call.
    const needed = estimate.totalCost + 100_000;
    if (balance.lt(needed)) {
      throw new CliError(`the admin account ${admin} holds ${balance.div(1e6).toString()} tez, about ${(needed / 1e6).toFixed(2)} tez are needed: ${fundingHint(network, admin)}`);
    }

    const origination = await tz.contract.originate({ code, init });
    await origination.confirmation(1);
    const contract = origination.contractAddress;
    if (!contract) throw new CliError(`origination ${origination.hash} was included without a contract address`);
    const level = origination.includedInBlock;
    const fa2 = await tz.contract.at(contract);
    const addMinter = fa2.methodsObject['add_minter'];
    if (!addMinter) throw new CliError('the compiled contract has no add_minter entrypoint: run `npm run contracts:build`');
    await (await addMinter(admin).send()).confirmation(1);

    const script = await tz.rpc.getContract(contract);
    const hash = codeHash(script.script?.code ?? []);
    if (hash !== codeHash(code)) throw new CliError(`the code of ${contract} differs from contracts/build/fa2-editions.json (${hash})`);
    const deployment: Deployment = {
      network: network.name,
      contract,
      admin,
      minters: [admin],
      level,
      opHash: origination.hash,
      codeHash: hash,
    };
    const outDir = resolve(flags.out ?? 'deployments');
    mkdirSync(outDir, { recursive: true });
    const file = join(outDir, `${network.name}.json`);
    // Written whole then renamed, so a reader never sees half a record.
    writeFileSync(`${file}.tmp`, `${JSON.stringify(deployment, null, 2)}\n`);
    renameSync(`${file}.tmp`, file);
    return { deployment, file };
  } catch (err) {
    if (err instanceof CliError) throw err;
    if (isUnfunded(err)) throw new CliError(`the admin account ${admin} cannot pay for the origination on ${network.name}: ${fundingHint(network, admin)}`);
    throw err;
  }
}

await runCli('deploy', USAGE, async () => {
  const { deployment, file } = await deploy(process.argv.slice(2), process.env);
  process.stdout.write(`deployed ${deployment.contract} on ${deployment.network} at level ${deployment.level} (operation ${deployment.opHash}), admin and minter ${deployment.admin}\n`);
  process.stdout.write(`wrote ${file}\n`);
});
