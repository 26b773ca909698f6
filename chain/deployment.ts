/**
 * Deployments of the editions contract (contracts/): originating it with an admin key (`deployContract`, what
 * `npm run deploy` does), its record `deployments/<network>.json`, and `ensureDeployment`, which `npm start` runs
 * against its devnet: reuse the recorded contract while the chain still has it with the committed code, otherwise
 * deploy again (a reset devnet, a missing record, a rebuilt contract) — or, where deploying is not allowed
 * (Shadownet: the key and the deployment are the operator's), fail with a DeploymentError saying what to run.
 *
 * No secret key ever enters a message, a record or a log line: the signer is passed in and only its address is used.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { blake2b } from '@noble/hashes/blake2.js';
import { packDataBytes, type MichelsonData } from '@taquito/michel-codec';
import type { Signer } from '@taquito/taquito';
import { b58Encode, PrefixV2 } from '@taquito/utils';
import { z } from 'zod';
import { fa2EditionsCode, fa2EditionsInit } from '../contracts';
import { ChainError } from './errors';
import type { Network } from './networks';
import { isAccountAddress, isContractAddress } from './validate';
import { tezosToolkit } from './context';

/** The record `npm run deploy` and `ensureDeployment` write as `deployments/<network>.json`. */
export interface Deployment {
  /** The network's name (`devnet`, `shadownet`, `custom`). */
  readonly network: string;
  /** The contract (KT1…). */
  readonly contract: string;
  /** The admin, whose key originated the contract. */
  readonly admin: string;
  /** The minters set at deployment (the admin). */
  readonly minters: readonly string[];
  /** Level of the block that includes the origination. */
  readonly level: number;
  /** Hash of the origination operation. */
  readonly opHash: string;
  /** `expr…`: blake2b-256 of the packed code, sections in canonical order (see `codeHash`). */
  readonly codeHash: string;
}

export type DeploymentErrorCode =
  /** No usable deployment (no record, or the recorded contract is not on the chain) and deploying is not allowed. */
  | 'DEPLOYMENT_MISSING'
  /** The record cannot be read as a deployment of this network, and deploying is not allowed. */
  | 'DEPLOYMENT_INVALID'
  /** The recorded contract runs other code than contracts/build, and deploying is not allowed. */
  | 'DEPLOYMENT_CODE_MISMATCH'
  /** A deployment is needed and allowed, but no signer was given. */
  | 'DEPLOYMENT_NO_SIGNER'
  /** The node's RPC does not answer. */
  | 'DEPLOYMENT_RPC_UNREACHABLE'
  /** The admin account cannot pay for the origination. */
  | 'DEPLOYMENT_UNFUNDED'
  /** The origination went through but its result is not what was sent. */
  | 'DEPLOYMENT_FAILED';

/** Why `ensureDeployment` deployed (null when it reused the record). */
export type RedeployReason = 'no-record' | 'invalid-record' | 'contract-missing' | 'code-differs';

/** A deployment is missing, unusable, or could not be made; `detail` names the pieces (never a key). */
export class DeploymentError extends ChainError {
  override readonly name = 'DeploymentError';
  constructor(
    readonly code: DeploymentErrorCode,
    message: string,
    readonly detail: Readonly<{
      network?: string;
      file?: string;
      contract?: string;
      address?: string;
      url?: string;
      reason?: RedeployReason;
    }> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const isDeploymentError = (e: unknown): e is DeploymentError => e instanceof DeploymentError;

export const SHADOWNET_FAUCET = 'https://faucet.shadownet.teztnets.com';
/** How long the RPC may take to answer one request of the checks before it counts as unreachable. */
const RPC_TIMEOUT_MS = 10_000;

const SECTION_RANK: Record<string, number> = { parameter: 0, storage: 1, code: 2, view: 3 };
const viewName = (s: object): string => (s as { args?: { string?: string }[] }).args?.[0]?.string ?? '';

/**
 * The `expr…` hash of a script (as `octez-client hash data` prints for an expression): base58check of
 * blake2b-256 over the packed bytes (0x05 + binary Micheline) of its sections in a canonical order —
 * parameter, storage, code, then views by name — since Taquito reorders the sections when it originates.
 * So the deployed code and the committed artifact hash alike.
 */
export function codeHash(code: readonly object[]): string {
  const rank = (s: object): number => SECTION_RANK[(s as { prim?: string }).prim ?? ''] ?? 4;
  const canonical = [...code].sort((a, b) => rank(a) - rank(b) || viewName(a).localeCompare(viewName(b)));
  return b58Encode(
    blake2b(Buffer.from(packDataBytes(canonical as MichelsonData).bytes, 'hex'), { dkLen: 32 }),
    PrefixV2.ScriptExpr,
  );
}

/** The default record of a network: `deployments/<network>.json` under the working directory. */
export function deploymentFile(network: Pick<Network, 'name'>, dir = 'deployments'): string {
  return resolve(join(dir, `${network.name}.json`));
}

/** The command that deploys on a network, for messages. */
export function deployCommand(network: Network): string {
  if (network.name === 'shadownet') return 'TEZOS_SECRET_KEY=edsk… npm run deploy -- --network shadownet';
  if (network.name === 'devnet')
    return 'npm run deploy -- --network devnet (or `npm start`, which deploys on its devnet)';
  return `TEZOS_SECRET_KEY=edsk… npm run deploy -- --network custom --rpc ${network.rpcUrl} --tzkt ${network.tzktUrl}`;
}

/** How to get tez to an account of a network, for messages. */
export function fundingHint(network: Network, address: string): string {
  if (network.name === 'shadownet') return `get tez from the Shadownet faucet ${SHADOWNET_FAUCET} for ${address}`;
  if (network.name === 'devnet')
    return `send tez to ${address} from a bootstrap account, or leave TEZOS_SECRET_KEY unset to deploy as bootstrap1`;
  return `send tez to ${address} on ${network.rpcUrl}`;
}

const deploymentSchema = z.object({
  network: z.string().min(1),
  contract: z.string().refine(isContractAddress, 'not a KT1 address'),
  admin: z.string().refine(isAccountAddress, 'not a tz address'),
  minters: z.array(z.string().refine(isAccountAddress, 'not a tz address')),
  level: z.number().int().positive(),
  opHash: z.string().regex(/^o[1-9A-HJ-NP-Za-km-z]{50}$/, 'not an operation hash'),
  codeHash: z.string().regex(/^expr[1-9A-HJ-NP-Za-km-z]{50}$/, 'not an expr… hash'),
});

type ReadResult = { kind: 'ok'; deployment: Deployment } | { kind: 'none' } | { kind: 'invalid'; why: string };

function readRecord(file: string, network: Network): ReadResult {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'none' };
    return {
      kind: 'invalid',
      why: `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'invalid', why: 'is not JSON' };
  }
  const parsed = deploymentSchema.safeParse(json);
  if (!parsed.success)
    return {
      kind: 'invalid',
      why: `is not a deployment record (${parsed.error.issues.map((i) => `${i.path.join('.') || 'record'}: ${i.message}`).join('; ')})`,
    };
  if (parsed.data.network !== network.name)
    return { kind: 'invalid', why: `records a deployment on ${parsed.data.network}, not ${network.name}` };
  return { kind: 'ok', deployment: parsed.data };
}

/**
 * The deployment recorded in `file`, or null when there is none.
 * @throws DeploymentError `DEPLOYMENT_INVALID` when the file is not a record of a deployment on `network`.
 */
export function readDeployment(file: string, network: Network): Deployment | null {
  const r = readRecord(file, network);
  if (r.kind === 'none') return null;
  if (r.kind === 'invalid')
    throw new DeploymentError('DEPLOYMENT_INVALID', `${file} ${r.why}`, {
      network: network.name,
      file,
      reason: 'invalid-record',
    });
  return r.deployment;
}

/** Writes the record whole then renames it into place, so a reader never sees half a record. */
export function writeDeployment(file: string, deployment: Deployment): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, `${JSON.stringify(deployment, null, 2)}\n`);
  renameSync(`${file}.tmp`, file);
}

const reason = (err: unknown): string =>
  err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);

function unreachable(network: Network, err: unknown): DeploymentError {
  return new DeploymentError(
    'DEPLOYMENT_RPC_UNREACHABLE',
    `cannot reach the Tezos RPC at ${network.rpcUrl} (${reason(err)})`,
    { network: network.name, url: network.rpcUrl },
    { cause: err },
  );
}

/** GET on the node's RPC: the JSON body, or null on 404. */
async function rpcGet(network: Network, path: string): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${network.rpcUrl}${path}`, { signal: AbortSignal.timeout(RPC_TIMEOUT_MS) });
  } catch (err) {
    throw unreachable(network, err);
  }
  if (res.status === 404) return null;
  if (!res.ok) throw unreachable(network, new Error(`HTTP ${res.status} for ${path}`));
  try {
    return (await res.json()) as unknown;
  } catch (err) {
    throw unreachable(network, err);
  }
}

/** @throws DeploymentError `DEPLOYMENT_RPC_UNREACHABLE` unless the URL answers as a Tezos node's RPC. */
async function probeNode(network: Network): Promise<void> {
  const path = '/chains/main/blocks/head/header';
  if ((await rpcGet(network, path)) === null)
    throw unreachable(network, new Error(`HTTP 404 for ${path}: not a Tezos node's RPC`));
}

/**
 * What the chain holds at a recorded address: `missing` (no such contract: a reset devnet, another chain),
 * `code-differs` (another contract, or an older build of this one) or `ok` (the committed artifact's code).
 * @throws DeploymentError `DEPLOYMENT_RPC_UNREACHABLE`.
 */
export async function checkDeployment(network: Network, contract: string): Promise<'ok' | 'missing' | 'code-differs'> {
  const script = (await rpcGet(network, `/chains/main/blocks/head/context/contracts/${contract}/script`)) as {
    code?: object[];
  } | null;
  if (!script) {
    // A 404 means "no such contract" only from a Tezos node: one that has no head either is not one.
    await probeNode(network);
    return 'missing';
  }
  if (!Array.isArray(script.code)) return 'code-differs';
  return codeHash(script.code) === codeHash(fa2EditionsCode()) ? 'ok' : 'code-differs';
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
  return /balance_too_low|empty_implicit_contract|cannot_pay_storage_fee|subtraction_underflow/.test(
    `${err.message} ${details}`,
  );
}

export interface DeployOptions {
  readonly network: Network;
  /** The admin's key: it originates the contract and becomes its admin and first minter. */
  readonly signer: Signer;
}

/**
 * Originates the editions contract with the signer as admin, makes the admin its first minter (the contract starts
 * with none), waits for both operations and checks the code on chain is the committed artifact's. Writes nothing.
 * @throws DeploymentError `DEPLOYMENT_RPC_UNREACHABLE`, `DEPLOYMENT_UNFUNDED` (detail.address is the account to
 *   fund), `DEPLOYMENT_FAILED`; errors of the node other than these propagate as Taquito raised them.
 */
export async function deployContract({ network, signer }: DeployOptions): Promise<Deployment> {
  const admin = await signer.publicKeyHash();
  await probeNode(network);

  const tz = tezosToolkit(network.rpcUrl, { signer });
  const code = fa2EditionsCode();
  const init = fa2EditionsInit(admin);
  const unfunded = (what: string): DeploymentError =>
    new DeploymentError('DEPLOYMENT_UNFUNDED', `the admin account ${admin} ${what}: ${fundingHint(network, admin)}`, {
      network: network.name,
      address: admin,
    });
  const balance = await tz.tz.getBalance(admin);
  if (balance.isZero()) throw unfunded(`has no tez on ${network.name}`);
  try {
    const estimate = await tz.estimate.originate({ code, init });
    // Origination (fee + storage burn) plus a margin for the add_minter call.
    const needed = estimate.totalCost + 100_000;
    if (balance.lt(needed))
      throw unfunded(`holds ${balance.div(1e6).toString()} tez, about ${(needed / 1e6).toFixed(2)} tez are needed`);

    const origination = await tz.contract.originate({ code, init });
    await origination.confirmation(1);
    const contract = origination.contractAddress;
    const failed = (message: string): DeploymentError =>
      new DeploymentError('DEPLOYMENT_FAILED', message, { network: network.name, ...(contract ? { contract } : {}) });
    if (!contract) throw failed(`origination ${origination.hash} was included without a contract address`);
    const level = origination.includedInBlock;
    const fa2 = await tz.contract.at(contract);
    const addMinter = fa2.methodsObject['add_minter'];
    if (!addMinter) throw failed('the compiled contract has no add_minter entrypoint: run `npm run contracts:build`');
    await (await addMinter(admin).send()).confirmation(1);

    const script = await tz.rpc.getContract(contract);
    const hash = codeHash(script.script?.code ?? []);
    if (hash !== codeHash(code))
      throw failed(`the code of ${contract} differs from contracts/build/fa2-editions.json (${hash})`);
    return {
      network: network.name,
      contract,
      admin,
      minters: [admin],
      level,
      opHash: origination.hash,
      codeHash: hash,
    };
  } catch (err) {
    if (isDeploymentError(err)) throw err;
    if (isUnfunded(err)) throw unfunded(`cannot pay for the origination on ${network.name}`);
    throw err;
  }
}

export interface EnsureOptions {
  readonly network: Network;
  /** The admin's key, used only when a deployment is needed (required then). */
  readonly signer?: Signer | undefined;
  /** The record (default `deployments/<network>.json` under the working directory). */
  readonly file?: string | undefined;
  /** Whether a missing or stale deployment may be replaced by a new origination (the devnet: yes; Shadownet: no). */
  readonly allowDeploy: boolean;
}

export interface EnsuredDeployment {
  readonly deployment: Deployment;
  /** `reused`: the record matched the chain, nothing was sent. `deployed`: a new origination, written to `file`. */
  readonly action: 'reused' | 'deployed';
  /** Why it deployed; null when reused. */
  readonly reason: RedeployReason | null;
  readonly file: string;
}

const REASON_TEXT: Record<RedeployReason, string> = {
  'no-record': 'there is no deployment record',
  'invalid-record': 'the deployment record is unusable',
  'contract-missing': 'the recorded contract is not on the chain (was it reset?)',
  'code-differs': 'the recorded contract runs other code than contracts/build/fa2-editions.json',
};

/** A one-line description of why a deployment was made, for logs. */
export const redeployReasonText = (r: RedeployReason): string => REASON_TEXT[r];

/**
 * The deployment of the editions contract on `network`: the recorded one when the chain still holds that contract
 * with the committed code (no operation is sent), else a new one written to `file` — only when `allowDeploy`.
 * @throws DeploymentError `DEPLOYMENT_MISSING` (no record, or its contract is gone), `DEPLOYMENT_INVALID` (an
 *   unreadable record), `DEPLOYMENT_CODE_MISMATCH` (other code at the address) when deploying is not allowed, each
 *   saying which command deploys; `DEPLOYMENT_NO_SIGNER` when it is but no signer was given; as `deployContract`.
 */
export async function ensureDeployment(options: EnsureOptions): Promise<EnsuredDeployment> {
  const { network, allowDeploy } = options;
  const file = resolve(options.file ?? deploymentFile(network));
  const record = readRecord(file, network);
  let why: RedeployReason;
  let detail = '';
  if (record.kind === 'none') {
    why = 'no-record';
  } else if (record.kind === 'invalid') {
    why = 'invalid-record';
    detail = `${file} ${record.why}`;
  } else {
    const found = await checkDeployment(network, record.deployment.contract);
    if (found === 'ok') return { deployment: record.deployment, action: 'reused', reason: null, file };
    why = found === 'missing' ? 'contract-missing' : 'code-differs';
  }

  const base = {
    network: network.name,
    file,
    reason: why,
    ...(record.kind === 'ok' ? { contract: record.deployment.contract } : {}),
  };
  if (!allowDeploy) {
    const run = `run ${deployCommand(network)} with a funded key${network.name === 'shadownet' ? ` (faucet: ${SHADOWNET_FAUCET})` : ''}`;
    if (why === 'no-record')
      throw new DeploymentError(
        'DEPLOYMENT_MISSING',
        `the editions contract is not deployed on ${network.name} (no ${file}): ${run}`,
        base,
      );
    if (why === 'invalid-record') throw new DeploymentError('DEPLOYMENT_INVALID', `${detail}: ${run}`, base);
    const contract = record.kind === 'ok' ? record.deployment.contract : '';
    if (why === 'contract-missing') {
      throw new DeploymentError(
        'DEPLOYMENT_MISSING',
        `the recorded contract ${contract} (${file}) is not on ${network.name} at ${network.rpcUrl}: ${run}`,
        base,
      );
    }
    throw new DeploymentError(
      'DEPLOYMENT_CODE_MISMATCH',
      `the contract ${contract} recorded in ${file} runs other code than contracts/build/fa2-editions.json: ${run}`,
      base,
    );
  }
  if (!options.signer) {
    throw new DeploymentError(
      'DEPLOYMENT_NO_SIGNER',
      `a deployment on ${network.name} is needed (${REASON_TEXT[why]}) but no admin key was given`,
      base,
    );
  }
  const deployment = await deployContract({ network, signer: options.signer });
  writeDeployment(file, deployment);
  return { deployment, action: 'deployed', reason: why, file };
}
