/**
 * The bank's one sender per key and node: every operation the bank signs — any game's steps, token
 * creations, bot funding, closings — goes through it. Since the Lima protocol a manager may have one operation in
 * the mempool at a time ("1M"), so the sender has at most one operation on its way, and everything asked for
 * meanwhile goes out together as the next one: one batch, one block, however many games share the bank.
 *
 * Each caller's calls are a job; a batch is the jobs in the order they came, each job's calls consecutive (a batch
 * is atomic on-chain: all its calls apply or none). When a batch is refused, the sender finds the job at fault by
 * simulating the batch's growing prefixes (a later job may rely on an earlier one, e.g. a burn of a copy minted
 * just before), refuses that job only and sends the rest again. A batch included but failed (the chain changed
 * after the simulation) is sent again once, so that the simulation can find the job at fault.
 */
import { LocalForger } from '@taquito/local-forging';
import { OpKind, TezosOperationError, TezosToolkit, type Signer, type TransferParams } from '@taquito/taquito';
import { sleep, systemClock, type Clock } from '../clock';
import { isFa2Error } from '../errors';
import { toFa2Error, type Fa2Call } from '../fa2-editions';
import { BridgeError } from './errors';
import { tezosToolkit } from '../context';

/** The most bytes of one bank operation (Tezos's max_operation_data_length is 32,768): room for a reveal. */
export const MAX_OPERATION_BYTES = 30_000;
/** The most calls in one batch: the operation's gas stays far below the protocol's limit per operation. */
const MAX_BATCH_CALLS = 40;
/** How long an idle sender waits for more jobs before sending: jobs asked for at nearly the same time share a batch. */
const BATCH_WINDOW_MS = 150;
const SIGNATURE_BYTES = 64;
const FORGER = new LocalForger();
/** Any block hash: forging only measures, nothing is sent. */
const FORGE_BRANCH = 'BLockGenesisGenesisGenesisGenesisGenesisf79b5d1CoW2';

/** Where a job's calls landed: the batch's hash and level, and the receipts of this job's calls only. */
export interface SentJob {
  readonly opHash: string;
  readonly level: number;
  readonly contents: readonly unknown[];
}

interface Job {
  readonly calls: readonly TransferParams[];
  readonly onInjected: ((opHash: string) => void | Promise<void>) | undefined;
  readonly timeoutSeconds: number;
  /** The caller's clock: the batch window of a run the job starts is timed by it. */
  readonly clock: Clock;
  readonly resolve: (sent: SentJob) => void;
  readonly reject: (e: unknown) => void;
  /** Times this job was in a batch that was included and failed, or refused with no job found at fault. */
  failures: number;
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
const contractCalls = (calls: readonly TransferParams[]): Fa2Call[] =>
  calls.filter((c): c is Fa2Call => 'parameter' in c && c.parameter !== undefined);

/** A send that failed before inclusion, as a BridgeError. */
export function sendFailure(e: unknown, calls: readonly TransferParams[]): BridgeError {
  const mapped = toFa2Error(e, { calls: contractCalls(calls) });
  if (isFa2Error(mapped)) {
    return new BridgeError(
      'BRIDGE_REJECTED',
      `the editions contract refused ${mapped.detail.entrypoint ?? 'a call'}: ${mapped.code}`,
      { failwith: mapped.code, ...(mapped.detail.entrypoint ? { entrypoint: mapped.detail.entrypoint } : {}) },
      { cause: mapped },
    );
  }
  if (e instanceof TezosOperationError || (e instanceof Error && e.name === 'TezosPreapplyFailureError')) {
    return new BridgeError('BRIDGE_FAILED', `the node refused the bank's operation: ${messageOf(e)}`, {}, { cause: e });
  }
  return new BridgeError(
    'BRIDGE_RPC',
    `the Tezos node could not take the bank's operation: ${messageOf(e)}`,
    {},
    { cause: e },
  );
}

/** The bytes of `calls` from `source` as one signed operation (fees and counters at their widest). */
export async function forgedSize(source: string, calls: readonly TransferParams[]): Promise<number> {
  const forged = await FORGER.forge({
    branch: FORGE_BRANCH,
    contents: calls.map((call) => ({
      kind: OpKind.TRANSACTION,
      source,
      fee: '9999999',
      counter: '999999999',
      gas_limit: '1040000',
      storage_limit: '999999',
      amount: String(call.mutez ? call.amount : Math.round(call.amount * 1_000_000)),
      destination: call.to,
      ...(call.parameter ? { parameters: call.parameter } : {}),
    })),
  });
  return forged.length / 2 + SIGNATURE_BYTES;
}

const isRefusal = (e: BridgeError): boolean => e.code === 'BRIDGE_REJECTED' || e.code === 'BRIDGE_FAILED';

class BankSender {
  readonly #rpcUrl: string;
  readonly #signer: Signer;
  readonly #source: string;
  #tezos: TezosToolkit;
  readonly #waiting: Job[] = [];
  #running = false;

  constructor(rpcUrl: string, signer: Signer, source: string) {
    this.#rpcUrl = rpcUrl;
    this.#signer = signer;
    this.#source = source;
    this.#tezos = this.#toolkit();
  }

  submit(
    calls: readonly TransferParams[],
    onInjected: Job['onInjected'],
    timeoutSeconds: number,
    clock: Clock,
  ): Promise<SentJob> {
    return new Promise<SentJob>((resolve, reject) => {
      this.#waiting.push({ calls, onInjected, timeoutSeconds, clock, resolve, reject, failures: 0 });
      if (!this.#running) {
        this.#running = true;
        void this.#run();
      }
    });
  }

  #toolkit(): TezosToolkit {
    return tezosToolkit(this.#rpcUrl, { signer: this.#signer });
  }

  async #run(): Promise<void> {
    await sleep(this.#waiting[0]!.clock, BATCH_WINDOW_MS, { keepAlive: true });
    while (this.#waiting.length > 0) {
      const jobs = await this.#take();
      try {
        await this.#send(jobs);
      } catch (e) {
        for (const j of jobs) j.reject(e);
      }
    }
    this.#running = false;
  }

  /** The next batch: the waiting jobs in order, as many as fit one operation (the first always). */
  async #take(): Promise<Job[]> {
    const jobs = [this.#waiting.shift()!];
    let calls = [...jobs[0]!.calls];
    while (this.#waiting.length > 0) {
      const next = [...calls, ...this.#waiting[0]!.calls];
      if (next.length > MAX_BATCH_CALLS || (await forgedSize(this.#source, next)) > MAX_OPERATION_BYTES) break;
      jobs.push(this.#waiting.shift()!);
      calls = next;
    }
    return jobs;
  }

  /** Sends one batch and settles its jobs: resolved, refused, or put back first in line to go again. */
  async #send(jobs: Job[]): Promise<void> {
    const calls = jobs.flatMap((j) => j.calls);
    let op;
    try {
      op = await this.#tezos.contract.batch(calls.map((c) => ({ kind: OpKind.TRANSACTION, ...c }))).send();
    } catch (e) {
      const failure = sendFailure(e, calls);
      if (jobs.length === 1 || !isRefusal(failure)) {
        for (const j of jobs) j.reject(jobs.length === 1 ? failure : sendFailure(e, j.calls));
        return;
      }
      await this.#isolate(jobs, failure);
      return;
    }
    // A failing recorder must not turn a sent operation into an unsent one: the jobs go on to their confirmation.
    await Promise.all(jobs.map((j) => Promise.resolve(j.onInjected?.(op.hash)).catch(() => undefined)));
    let level: number;
    let contents: unknown[];
    try {
      level = await op.confirmation(1, Math.max(...jobs.map((j) => j.timeoutSeconds)));
      const block = await this.#tezos.rpc.getBlock({ block: String(level) });
      const included = block.operations.flat().find((o) => o.hash === op.hash);
      if (!included) throw new Error(`operation ${op.hash} is not in block ${level}`);
      contents = (included.contents as unknown[]).filter((c) => (c as { kind?: string }).kind === 'transaction');
    } catch (e) {
      // Taquito's block polling, shared by the toolkit, stays broken after the node went away mid-confirmation:
      // the next operations would time out too. A fresh toolkit polls anew.
      this.#tezos = this.#toolkit();
      const unconfirmed = new BridgeError(
        'BRIDGE_UNCONFIRMED',
        `operation ${op.hash} was injected but its inclusion could not be confirmed: ${messageOf(e)}`,
        { opHash: op.hash },
        { cause: e },
      );
      for (const j of jobs) j.reject(unconfirmed);
      return;
    }
    const failed = contents.some(
      (c) =>
        (c as { metadata?: { operation_result?: { status?: string } } }).metadata?.operation_result?.status !==
        'applied',
    );
    if (failed) {
      const error = new BridgeError(
        'BRIDGE_FAILED',
        `operation ${op.hash} was included at level ${level} but did not apply: nothing changed`,
        { opHash: op.hash },
      );
      this.#again(jobs, error);
      return;
    }
    let at = 0;
    for (const j of jobs) {
      j.resolve({ opHash: op.hash, level, contents: contents.slice(at, at + j.calls.length) });
      at += j.calls.length;
    }
  }

  /**
   * A refused batch of several jobs: the first job whose prefix of the batch fails its simulation is refused with
   * that failure, and the others go first in line again.
   */
  async #isolate(jobs: Job[], failure: BridgeError): Promise<void> {
    for (let k = 1; k <= jobs.length; k++) {
      const prefix = jobs.slice(0, k).flatMap((j) => j.calls);
      try {
        await this.#tezos.estimate.batch(prefix.map((c) => ({ kind: OpKind.TRANSACTION, ...c })));
      } catch (e) {
        const refused = sendFailure(e, prefix);
        if (!isRefusal(refused)) {
          for (const j of jobs) j.reject(refused);
          return;
        }
        jobs[k - 1]!.reject(refused);
        this.#waiting.unshift(...jobs.filter((_, i) => i !== k - 1));
        return;
      }
    }
    // Every prefix passes now: the chain changed in between; they go again.
    this.#again(jobs, failure);
  }

  /** Puts `jobs` first in line again; a job failing so a second time is refused with `error`. */
  #again(jobs: readonly Job[], error: BridgeError): void {
    const again: Job[] = [];
    for (const j of jobs) {
      j.failures++;
      if (j.failures > 1 || jobs.length === 1) j.reject(error);
      else again.push(j);
    }
    this.#waiting.unshift(...again);
  }
}

const senders = new Map<string, BankSender>();

/**
 * Sends `calls` signed by the bank (`source`) through its one sender for `rpcUrl`: in the next batch, with every
 * other call asked for meanwhile. Resolves once included and applied. `clock` times the wait for more jobs when this
 * one finds the sender idle (the sender outlives its callers, whatever clock each runs on).
 * @throws BridgeError BRIDGE_RPC (nothing sent), BRIDGE_REJECTED | BRIDGE_FAILED (refused: nothing changed),
 *   BRIDGE_UNCONFIRMED (injected, `detail.opHash`; its inclusion went unseen).
 */
export function sendAsBank(
  rpcUrl: string,
  signer: Signer,
  source: string,
  calls: readonly TransferParams[],
  onInjected: Job['onInjected'],
  timeoutSeconds: number,
  clock: Clock = systemClock,
): Promise<SentJob> {
  const key = `${rpcUrl}|${source}`;
  let sender = senders.get(key);
  if (!sender) {
    sender = new BankSender(rpcUrl, signer, source);
    senders.set(key, sender);
  }
  return sender.submit(calls, onInjected, timeoutSeconds, clock);
}
