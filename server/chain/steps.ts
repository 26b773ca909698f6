/**
 * The life of a `chain_ops` row, in one place: its statuses, the one table of where each may go next, and the only
 * code that writes a status. Every other module moves a row through an `OpRecord`'s named steps, so a status can
 * only change along the table, and reads a row's status through the questions below.
 */
import { BridgeError, type PoleBridge } from '../../chain/pole-bridge';
import type { ChainOpDetail, ChainOpKind, ChainOpPatch, ChainOpRow, ChainStore, NewChainOp } from './chain-store';

/**
 * `held` (a step the game is taking, not in its log yet: never sent) → `queued` (in the game's log, waiting for the
 * bank's next batch) → `pending` (injected, `opHash` set, waiting for its block; for setup and closing rows: being
 * sent) → `confirmed` | `failed`. `retrying`: the chain or its indexer did not answer; the step is kept and sent
 * again with backoff.
 */
export const OP_STATUSES = ['held', 'queued', 'pending', 'retrying', 'confirmed', 'failed'] as const;
export type ChainOpStatus = (typeof OP_STATUSES)[number];

/** Where a row may go from each status. A status listed under itself may be written again (a new error or hash). */
const NEXT: Readonly<Record<ChainOpStatus, readonly ChainOpStatus[]>> = {
  // Settling a step: simulated (held again), sent and waited for (pending), or given up for now or for good; a stale
  // one is taken again (held); once in the log, queued.
  held: ['held', 'queued', 'pending', 'retrying', 'confirmed', 'failed'],
  queued: ['queued', 'pending', 'confirmed', 'failed'],
  // An injected step that expired goes back to the queue; one whose sender stopped is taken again (held).
  pending: ['pending', 'held', 'queued', 'retrying', 'confirmed', 'failed'],
  // Taken again by a retry (a step: held; a closing: pending), or forgotten.
  retrying: ['held', 'pending', 'failed'],
  confirmed: [],
  failed: [],
};

/**
 * How a kept step is taken again for a retry (`OpRecord.take`): at once when it waits for one, only once stale when it
 * was held or on its way (its sender stopped).
 */
export const RETAKE = {
  to: 'held',
  now: ['retrying'],
  stale: ['held', 'pending'],
} as const satisfies { to: ChainOpStatus; now: readonly ChainOpStatus[]; stale: readonly ChainOpStatus[] };

/** Statuses a row starts in: a step being taken, an operation being sent, one found included already. */
type StartStatus = Extract<ChainOpStatus, 'held' | 'pending' | 'confirmed'>;

/** @throws Error when `to` does not follow `from` (a bug: nothing is written). */
export function checkTransition(id: number, from: ChainOpStatus, to: ChainOpStatus): void {
  if (!NEXT[from].includes(to)) throw new Error(`chain_ops row ${id}: ${from} → ${to} is not a step of its life`);
}

/** Nothing of it is on-chain, and nothing ever will be. */
export const isVoid = (row: Pick<ChainOpRow, 'status'>): boolean => row.status === 'failed';
/** Taken by the game, not in its log yet. */
export const isHeld = (row: Pick<ChainOpRow, 'status'>): boolean => row.status === 'held';
/** Kept for a retry after the chain did not answer. */
export const isRetrying = (row: Pick<ChainOpRow, 'status'>): boolean => row.status === 'retrying';
/** Included, or found so. */
export const isConfirmed = (row: Pick<ChainOpRow, 'status'>): boolean => row.status === 'confirmed';
/** Nothing more will happen to it. */
export const isFinal = (row: Pick<ChainOpRow, 'status'>): boolean => NEXT[row.status].length === 0;
/** Injected (or being sent) and waiting for its block. */
export const isInjected = (row: Pick<ChainOpRow, 'status'>): boolean => row.status === 'pending';
/** A logged step the bank has still to deliver: in its queue, or injected. */
export const isOnItsWay = (row: Pick<ChainOpRow, 'status'>): boolean =>
  row.status === 'queued' || row.status === 'pending';
/** In the bank's queue. */
export const isQueued = (row: Pick<ChainOpRow, 'status'>): boolean => row.status === 'queued';

/** Operations expire after this many blocks (Tezos's max operations TTL): one not included by then never will be. */
const OPERATION_TTL = 240;

/**
 * Where an operation injected at `fromLevel` or later ended: applied or failed at a level, or null when it expired
 * (not included within its time to live: nothing of it is on-chain, it may go again).
 * @throws BridgeError BRIDGE_UNCONFIRMED while it may still be included (sending it again could apply it twice)
 */
export async function fateOf(
  bridge: PoleBridge,
  opHash: string,
  fromLevel: number,
): Promise<{ readonly applied: boolean; readonly level: number } | null> {
  const found = await bridge.lookup(opHash, fromLevel);
  if (found) return { applied: found.applied, level: found.level };
  if ((await bridge.headLevel()) <= fromLevel + OPERATION_TTL)
    throw new BridgeError('BRIDGE_UNCONFIRMED', `operation ${opHash} is not included yet`, { opHash });
  return null;
}

type Patch = Omit<ChainOpPatch, 'status'>;

/** A `chain_ops` row this process moves: each named step checks the table, then writes. */
export class OpRecord {
  readonly id: number;
  #status: ChainOpStatus;

  constructor(
    private readonly store: ChainStore,
    row: Pick<ChainOpRow, 'id' | 'status'>,
    private readonly moved: (gameId: string) => void,
  ) {
    this.id = row.id;
    this.#status = row.status;
  }

  get status(): ChainOpStatus {
    return this.#status;
  }

  /** Writes what it learnt (a hash, a level, its detail) without a change of status. */
  async note(patch: Patch): Promise<void> {
    await this.store.updateOp(this.id, patch);
  }

  /** Taken by the game again (simulated, not logged yet). */
  hold(patch: Patch = {}): Promise<void> {
    return this.#move('held', patch);
  }

  /** In the game's log: for the bank's next batch. */
  queue(patch: Patch = {}): Promise<void> {
    return this.#move('queued', patch);
  }

  /** Being sent, or injected: waiting for its block. */
  send(patch: Patch = {}): Promise<void> {
    return this.#move('pending', patch);
  }

  /** The chain did not answer: kept, to be sent again with backoff. */
  retryLater(error: string, patch: Patch = {}): Promise<void> {
    return this.#move('retrying', { ...patch, error });
  }

  confirm(patch: Patch = {}): Promise<void> {
    return this.#move('confirmed', patch);
  }

  fail(error: string, patch: Patch = {}): Promise<void> {
    return this.#move('failed', { ...patch, error });
  }

  /**
   * Takes a kept step for trying it again (`RETAKE`, stale after `staleMs`): true when this caller took it. Of two
   * app instances retrying one step, one takes it.
   */
  async take(staleMs: number): Promise<boolean> {
    checkTransition(this.id, this.#status, RETAKE.to);
    if (!(await this.store.takeStep(this.id, staleMs))) return false;
    this.#status = RETAKE.to;
    return true;
  }

  async #move(to: ChainOpStatus, patch: Patch): Promise<void> {
    checkTransition(this.id, this.#status, to);
    const gameId = await this.store.updateOp(this.id, { ...patch, status: to });
    this.#status = to;
    if (gameId !== null) this.moved(gameId);
  }
}

/** Where every `chain_ops` row starts, and the record to move one read back from the store. */
export class OpLog {
  /** `moved`: told the game of each row whose status changed (its pages re-read the chain status). */
  constructor(
    private readonly store: ChainStore,
    private readonly moved: (gameId: string) => void = () => undefined,
  ) {}

  of(row: Pick<ChainOpRow, 'id' | 'status'>): OpRecord {
    return new OpRecord(this.store, row, this.moved);
  }

  /** A step the game is taking (`held`): its operations go nowhere before it is logged. @throws HostError 409 STALE */
  held(gameId: string, step: Required<Pick<NewChainOp, 'seq' | 'seat' | 'action' | 'detail'>>): Promise<OpRecord> {
    return this.#start(gameId, { ...step, kind: 'step' }, 'held');
  }

  /** An operation being sent (`pending`): setup, a seat's approval, the closing. */
  sending(gameId: string, op: Omit<NewChainOp, 'status'>): Promise<OpRecord> {
    return this.#start(gameId, op, 'pending');
  }

  /** An operation found included already (`confirmed`), listed with where it landed. */
  async landed(
    gameId: string,
    kind: ChainOpKind,
    at: { readonly opHash: string; readonly level: number; readonly detail?: ChainOpDetail },
  ): Promise<OpRecord> {
    const op = await this.#start(gameId, { kind }, 'confirmed');
    await op.note(at);
    return op;
  }

  async #start(gameId: string, op: Omit<NewChainOp, 'status'>, status: StartStatus): Promise<OpRecord> {
    const record = this.of(await this.store.insertOp(gameId, { ...op, status }));
    this.moved(gameId);
    return record;
  }
}
