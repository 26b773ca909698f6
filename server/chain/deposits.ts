/**
 * Deposits: beyond the bank's daily allowance, a game on Tezos is paid for by the person who creates it. They send
 * the bank a plain transfer from their own wallet and name it here; once it is found on-chain — from them, to the
 * bank — it is held for them, and a game they create may claim it when it covers the game's bound (budget.ts). What
 * the game did not spend goes back when it ends (or is abandoned); a creation refused after the claim sends all of it
 * back, and so does a deposit left unused for DEPOSIT_HOLD_MS. A refund keeps REFUND_FEE_MUTEZ for its own fee, so
 * a deposit never costs the bank anything.
 *
 * Every step is a row move (deposit-store.ts) that happens once, so two requests or two instances cannot both claim
 * or refund one deposit; a refund's operation is noted when injected, and a restart looks it up before sending
 * again.
 */
import { sleep } from '../../chain/clock';
import { tezAmount as tez } from '../../chain/tez';
import { ChainGameError } from '../errors';
import { OPERATION_HASH } from '../protocol';
import type { DepositRow, DepositStatus } from './deposit-store';
import { isTransient, messageOf, type ChainRuntime } from './runtime';

/** How long a deposit may wait, unused, for its game before it goes back. */
export const DEPOSIT_HOLD_MS = 60 * 60_000;
/** What a refund keeps for the fee of the transfer that makes it (about 0.0004 ꜩ to an existing account). */
export const REFUND_FEE_MUTEZ = 1_000;
/**
 * Blocks after which an injected operation that is not included can no longer be (its branch is too old: Octez's
 * `max_operations_time_to_live` is at most this): only then is a refund not found sent again.
 */
const OPERATION_TTL_BLOCKS = 240;

/** A deposit as its sender sees it. */
export interface DepositInfo {
  readonly opHash: string;
  /** The wallet that sent it, and gets back what is not spent. */
  readonly source: string;
  readonly status: DepositStatus;
  /** Where it must go (and went). */
  readonly bank: string;
  /** What it brought (0 until found). */
  readonly amountMutez: number;
  /** Why it does not count, when it does not. */
  readonly error: string | null;
  readonly gameId: string | null;
  /** What goes, or went, back. */
  readonly refundMutez: number | null;
  readonly refundOp: string | null;
}

export const depositInfo = (row: DepositRow): DepositInfo => ({
  opHash: row.opHash,
  source: row.source,
  status: row.status,
  bank: row.bank,
  amountMutez: row.amountMutez,
  error: row.error,
  gameId: row.gameId,
  refundMutez: row.refundMutez,
  refundOp: row.refundOp,
});

export class Deposits {
  /** Deposits being looked for, and refunds being sent, by this process (each once). */
  readonly #working = new Set<string>();

  constructor(private readonly rt: ChainRuntime) {}

  get #store() {
    return this.rt.store.deposits;
  }

  /**
   * The signed-in `source` sent the bank `opHash`: it is looked for on-chain in the background (see `get`).
   * @throws HostError 400 BAD_OP_HASH, 403 DEPOSIT_NOT_YOURS (another wallet holds it), 503 CHAIN_UNAVAILABLE
   */
  async name(source: string, opHash: string): Promise<DepositInfo> {
    if (!OPERATION_HASH.test(opHash)) throw new ChainGameError('BAD_OP_HASH', `not an operation hash: ${opHash}`);
    if (await this.#store.heldByAnother(opHash, source))
      throw new ChainGameError('DEPOSIT_NOT_YOURS', `operation ${opHash} is another wallet's deposit`);
    const bridge = await this.rt.bridge(null);
    let head: number;
    try {
      head = await bridge.headLevel();
    } catch (e) {
      throw new ChainGameError('CHAIN_UNAVAILABLE', `the Tezos node did not answer: ${messageOf(e)}`);
    }
    // Named as soon as the wallet injected it: it is in a block after the one the wallet saw as its head.
    const row = await this.#store.name(opHash, source, bridge.bankAddress, Math.max(0, head - 2));
    if (row.status === 'pending') this.#look(row);
    return depositInfo(row);
  }

  /** @throws HostError 404 DEPOSIT_UNKNOWN when `source` named no such deposit */
  async get(source: string, opHash: string): Promise<DepositInfo> {
    return depositInfo(await this.#need(source, opHash));
  }

  /** The deposit paying for `gameId`, if one does. */
  async ofGame(gameId: string): Promise<DepositInfo | null> {
    const row = await this.#store.ofGame(gameId);
    return row && depositInfo(row);
  }

  /** What the bank holds for people: deposits unused or paying for a game in play. */
  heldMutez(): Promise<number> {
    return this.#store.heldMutez();
  }

  /**
   * Claims `source`'s deposit `opHash` for `gameId`, which may cost up to `needMutez`.
   * @throws HostError 404 DEPOSIT_UNKNOWN, 409 DEPOSIT_PENDING | DEPOSIT_USED, 422 DEPOSIT_FAILED, 402 DEPOSIT_TOO_SMALL
   */
  async claim(source: string, opHash: string, gameId: string, needMutez: number): Promise<void> {
    if (await this.#store.claim(opHash, source, gameId, needMutez)) return;
    const row = await this.#need(source, opHash);
    switch (row.status) {
      case 'pending':
        throw new ChainGameError(
          'DEPOSIT_PENDING',
          `your deposit ${opHash} is not on-chain yet: the game is created once it is included`,
        );
      case 'failed':
        throw new ChainGameError('DEPOSIT_FAILED', `deposit ${opHash} does not count: ${row.error}`);
      case 'held':
        throw new ChainGameError(
          'DEPOSIT_TOO_SMALL',
          `your deposit brought ${tez(row.amountMutez)} ꜩ, and this game may cost up to ${tez(needMutez)} ꜩ: it goes back to you within the hour (or now, with a game it covers); send a deposit of ${tez(needMutez)} ꜩ`,
          { needMutez, amountMutez: row.amountMutez },
        );
      default:
        throw new ChainGameError(
          'DEPOSIT_USED',
          row.gameId === null
            ? `deposit ${opHash} was not used in time and went back to you`
            : `deposit ${opHash} pays for game ${row.gameId} already`,
        );
    }
  }

  /**
   * Sends `source`'s unused deposit back now (less the refund's fee), rather than after DEPOSIT_HOLD_MS.
   * @throws HostError 404 DEPOSIT_UNKNOWN, 409 DEPOSIT_PENDING | DEPOSIT_USED, 422 DEPOSIT_FAILED
   */
  async returnNow(source: string, opHash: string): Promise<DepositInfo> {
    const row = await this.#need(source, opHash);
    if (row.status === 'held') await this.#refund(row, 'held', 0);
    else if (row.status === 'pending')
      throw new ChainGameError(
        'DEPOSIT_PENDING',
        `your deposit ${opHash} is not on-chain yet: nothing to return so far`,
      );
    else if (row.status === 'failed')
      throw new ChainGameError('DEPOSIT_FAILED', `deposit ${opHash} does not count: ${row.error}`);
    else if (row.gameId !== null && row.status === 'used')
      throw new ChainGameError(
        'DEPOSIT_USED',
        `deposit ${opHash} pays for game ${row.gameId}: what it does not spend goes back when the game ends`,
      );
    return depositInfo((await this.#store.get(opHash, source))!);
  }

  /** The creation of `gameId` was refused after its deposit was claimed: all of it goes back. */
  async refused(gameId: string): Promise<void> {
    const row = await this.#store.ofGame(gameId);
    if (row?.status === 'used') await this.#refund(row, 'used', 0);
  }

  /** `gameId` is over (closed on-chain, or never opened): what it did not spend goes back to its creator. */
  async settle(gameId: string): Promise<void> {
    const row = await this.#store.ofGame(gameId);
    if (row?.status === 'used') await this.#refund(row, 'used', await this.rt.store.spentOn(gameId));
  }

  /** After a restart: looks again for the deposits being looked for, and sends what is due back. */
  async resume(): Promise<void> {
    for (const row of await this.#store.open()) {
      if (row.status === 'pending') this.#look(row);
      else if (row.status === 'held') this.#expireLater(row);
      else this.#send(row);
    }
  }

  async #need(source: string, opHash: string): Promise<DepositRow> {
    const row = OPERATION_HASH.test(opHash) ? await this.#store.get(opHash, source) : null;
    if (!row) throw new ChainGameError('DEPOSIT_UNKNOWN', `${source} named no deposit ${opHash}`);
    return row;
  }

  /** Runs `work` for the deposit in the background, unless it runs already. */
  #once(row: DepositRow, work: () => Promise<void>): void {
    const key = `${row.opHash} ${row.source}`;
    if (this.#working.has(key) || this.rt.background.closed) return;
    this.#working.add(key);
    this.rt.background.add(
      work()
        .catch(this.rt.onError)
        .finally(() => this.#working.delete(key)),
    );
  }

  /** Looks for a named deposit until it is found (held, or failed and why) or its time is up. */
  #look(row: DepositRow): void {
    this.#once(row, async () => {
      const bridge = await this.rt.bridge(null);
      const started = this.rt.clock.now();
      for (;;) {
        let found = null;
        try {
          found = await bridge.lookup(row.opHash, row.fromLevel);
        } catch (e) {
          if (!isTransient(e)) throw e;
        }
        if (found) {
          const brought = found.transfers
            .filter((t) => t.source === row.source && t.destination === row.bank)
            .reduce((sum, t) => sum + t.mutez, 0);
          const error = !found.applied
            ? `operation ${row.opHash} was included at level ${found.level} but failed`
            : brought === 0
              ? `operation ${row.opHash} sends no tez from ${row.source} to the bank ${row.bank}`
              : null;
          if (error) await this.#store.move(row.opHash, row.source, 'pending', 'failed', { error, level: found.level });
          else {
            const held = { amountMutez: brought, level: found.level };
            if (await this.#store.move(row.opHash, row.source, 'pending', 'held', held))
              this.#expireLater({ ...row, ...held, status: 'held', updatedAt: new Date(this.rt.clock.now()) });
          }
          return;
        }
        const { approvalTimeoutMs } = this.rt.tuning;
        if (this.rt.clock.now() - started > approvalTimeoutMs) {
          const error = `operation ${row.opHash} was not included within ${Math.round(approvalTimeoutMs / 1000)} s`;
          await this.#store.move(row.opHash, row.source, 'pending', 'failed', { error });
          return;
        }
        await sleep(this.rt.clock, 500, { keepAlive: true });
        if (this.rt.background.closed) return;
      }
    });
  }

  /** A held deposit goes back once DEPOSIT_HOLD_MS pass without a game claiming it. */
  #expireLater(row: DepositRow): void {
    const wait = DEPOSIT_HOLD_MS - (this.rt.clock.now() - row.updatedAt.getTime());
    this.rt.clock.setTimer(wait, () => {
      if (!this.rt.background.closed) this.rt.background.add(this.#refund(row, 'held', 0).catch(this.rt.onError));
    });
  }

  /** Decides what goes back of `row` (in `from`), less what its game spent and the refund's fee, and sends it. */
  async #refund(row: DepositRow, from: 'held' | 'used', spentMutez: number): Promise<void> {
    const back = row.amountMutez - spentMutez - REFUND_FEE_MUTEZ;
    if (back <= 0) {
      await this.#store.move(row.opHash, row.source, from, 'kept', { refundMutez: 0 });
      return;
    }
    if (await this.#store.move(row.opHash, row.source, from, 'refunding', { refundMutez: back }))
      this.#send({ ...row, status: 'refunding', refundMutez: back });
  }

  /**
   * Sends the refund of a `refunding` deposit: a transfer from the bank to its source, through the bank's one
   * sender. One injected already is looked up first; Tezos not answering means a later try, with backoff.
   */
  #send(row: DepositRow, attempt = 0): void {
    const later = async (): Promise<void> => {
      const again = (await this.#store.get(row.opHash, row.source)) ?? row;
      this.rt.clock.setTimer(this.rt.backoff(attempt), () => this.#send(again, attempt + 1));
    };
    this.#once(row, async () => {
      const bridge = await this.rt.bridge(null);
      try {
        let refundOp = row.refundOp;
        let level: number | null = null;
        if (refundOp !== null && row.refundLevel !== null) {
          const found = await bridge.lookup(refundOp, row.refundLevel);
          if (found?.applied) level = found.level;
          else if (!found && (await bridge.headLevel()) - row.refundLevel <= OPERATION_TTL_BLOCKS) return later();
          else refundOp = null; // failed, or can no longer be included: sent again
        }
        if (refundOp === null) {
          const head = await bridge.headLevel();
          const sent = await bridge.fund([{ address: row.source, mutez: row.refundMutez! }], (hash) =>
            this.#store.noteRefund(row.opHash, row.source, hash, head),
          );
          refundOp = sent.opHash;
          level = sent.level;
        }
        await this.#store.move(row.opHash, row.source, 'refunding', 'refunded', { refundOp, refundLevel: level });
        if (row.gameId) this.rt.host.changed(row.gameId);
      } catch (e) {
        // Tezos did not answer, or refused the transfer (the bank short of tez): tried again, with backoff.
        if (!isTransient(e)) this.rt.onError(e);
        await later();
      }
    });
  }
}
