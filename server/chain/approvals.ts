/**
 * The seats' wallets and their `join_game`: a person claims their seat with the wallet they signed in with, plays
 * it with that wallet only, and joins the game from it. Joining lets the bank burn the seat's copies of this game's
 * tokens (flip, forfeit: P7) while the game is live, and no longer: the contract ends that power when the game is
 * closed or reaches its end date. A join is confirmed once its operation is included and the contract's
 * `game_grant` view says so; nobody moves until every seat has joined.
 */
import type { Fa2Call } from '../../chain/fa2-editions';
import { sleep } from '../../chain/clock';
import { isAddress } from '../../chain/validate';
import type { SeatId } from '../../engine';
import { AccessError, ChainGameError } from '../errors';
import { OPERATION_HASH } from '../protocol';
import type { GameChain, GameChains } from './game-chain';
import { isTransient, messageOf, type ChainRuntime } from './runtime';
import { isInjected } from './steps';

/** What looking for a join found: confirmed (where, if it was sent), or failed and why. */
type JoinOutcome =
  { readonly status: 'confirmed'; readonly level?: number } | { readonly status: 'failed'; readonly error: string };

export class Approvals {
  constructor(
    private readonly rt: ChainRuntime,
    private readonly games: GameChains,
  ) {}

  /**
   * Binds a human seat to the signed-in wallet. Claiming again with the same wallet is fine.
   * @throws HostError 409 SEAT_CLAIMED | ADDRESS_IN_GAME, 403 BOT_SEAT, 400 BAD_ADDRESS
   */
  async claim(gameId: string, seat: SeatId, address: string): Promise<void> {
    const game = await this.games.need(gameId);
    if (!isAddress(address)) throw new AccessError('BAD_ADDRESS', `not a Tezos address: ${address}`);
    const s = game.row.seats[seat];
    if (!s) throw new AccessError('UNKNOWN_SEAT', `seat ${seat} is not in this game`);
    if (s.bot) throw new AccessError('BOT_SEAT', `seat ${seat} is played by a bot`);
    if (s.address === address) return;
    if (s.address !== null)
      throw new ChainGameError(
        'SEAT_CLAIMED',
        `seat ${seat} is bound to ${s.address}; sign in with that wallet to play it`,
      );
    const other = game.row.seats.findIndex((x) => x.address === address);
    if (other >= 0)
      throw new ChainGameError(
        'ADDRESS_IN_GAME',
        `${address} already plays seat ${other}: each seat needs its own wallet, so holdings can tell them apart`,
      );
    await this.games.saveApproval(game, seat, null, address);
    this.rt.host.changed(gameId);
  }

  /**
   * Refuses acting for a seat bound to another wallet (or to none yet).
   * @throws HostError 401 SIGN_IN_REQUIRED, 403 WRONG_WALLET | SEAT_NOT_CLAIMED
   */
  checkWallet(gameId: string, seat: SeatId, address: string | null): void {
    const game = this.games.get(gameId);
    if (!game) return;
    const bound = game.row.seats[seat]?.address ?? null;
    if (bound === null)
      throw new AccessError('SEAT_NOT_CLAIMED', `seat ${seat + 1} is not bound to a wallet yet: claim it first`);
    refuseOtherWallet(seat, bound, address);
  }

  /**
   * Refuses acting for an on-chain seat with the wrong wallet: a seat once bound to a wallet is that wallet's in
   * everything its holder does — leaving, taking it back, chatting, a fair chain, the rematch — not only its moves. A
   * seat not claimed yet, or a game off the chain, passes. A game gone from memory (a finished one) is read back.
   * @throws HostError 401 SIGN_IN_REQUIRED, 403 WRONG_WALLET
   */
  async checkBinding(gameId: string, seat: SeatId, address: string | null): Promise<void> {
    const game = this.games.get(gameId) ?? (await this.games.load(gameId));
    const bound = game?.row.seats[seat]?.address ?? null;
    if (bound !== null) refuseOtherWallet(seat, bound, address);
  }

  /** The `join_game` call a seat's player signs. @throws HostError 409 CHAIN_NOT_READY, 403 SEAT_NOT_CLAIMED */
  async call(gameId: string, seat: SeatId): Promise<Fa2Call> {
    const game = await this.games.need(gameId);
    const address = game.row.seats[seat]?.address ?? null;
    if (address === null) throw new AccessError('SEAT_NOT_CLAIMED', `seat ${seat + 1} is not bound to a wallet yet`);
    tokensCreated(game);
    return game.bridge.joinCall();
  }

  /**
   * A player sent their `join_game` (`opHash`), or asks to check it again (no hash: the contract's grants are read
   * as they are). It is confirmed once included and the contract's `game_grant` view says they joined.
   * @throws HostError 400 BAD_OP_HASH, 403 SEAT_NOT_CLAIMED | WRONG_WALLET, 409 CHAIN_NOT_READY
   */
  async submit(gameId: string, seat: SeatId, address: string | null, opHash: string | null): Promise<void> {
    const game = await this.games.need(gameId);
    this.checkWallet(gameId, seat, address);
    tokensCreated(game);
    if (opHash !== null && !OPERATION_HASH.test(opHash))
      throw new ChainGameError('BAD_OP_HASH', `not an operation hash: ${opHash}`);
    if (game.row.seats[seat]!.approval?.status === 'confirmed') return;
    const fromLevel = Math.max(0, (await headOf(game)) - 2);
    if (opHash !== null)
      await this.rt.ops
        .sending(gameId, { kind: 'approval', seat, detail: { fromLevel } })
        .then((op) => op.note({ opHash }));
    await this.games.saveApproval(game, seat, { opHash, status: 'pending', error: null, fromLevel });
    this.#verify(game, seat);
  }

  /** After a restart: looks again for the people's joins that were being looked for. */
  resume(game: GameChain): void {
    for (const [seat, s] of game.row.seats.entries())
      if (s.approval?.status === 'pending' && !s.bot) this.#verify(game, seat);
  }

  /** Looks for the seat's pending join in the background until it is found, refused, or its time is up. */
  #verify(game: GameChain, seat: number): void {
    if (game.verifying.has(seat) || this.rt.background.closed) return;
    game.verifying.add(seat);
    const started = this.rt.clock.now();
    const check = async (): Promise<void> => {
      const approval = game.row.seats[seat]?.approval;
      const owner = game.row.seats[seat]?.address;
      if (!approval || approval.status !== 'pending' || !owner) return;
      let outcome = await this.#look(game, approval.opHash, approval.fromLevel, owner);
      const { approvalTimeoutMs } = this.rt.tuning;
      if (!outcome && this.rt.clock.now() - started > approvalTimeoutMs)
        outcome = {
          status: 'failed',
          error: `operation ${approval.opHash} was not included within ${Math.round(approvalTimeoutMs / 1000)} s`,
        };
      if (!outcome) {
        await sleep(this.rt.clock, 500, { keepAlive: true });
        if (!this.rt.background.closed) return check();
        return;
      }
      const error = outcome.status === 'failed' ? outcome.error : null;
      await this.games.saveApproval(game, seat, { ...approval, status: outcome.status, error });
      if (approval.opHash) {
        const row = (await this.rt.store.listOps(game.row.gameId))
          .reverse()
          .find((o) => o.kind === 'approval' && o.seat === seat && o.opHash === approval.opHash && isInjected(o));
        if (row) {
          const op = this.rt.ops.of(row);
          if (outcome.status === 'confirmed') await op.confirm({ error: null, level: outcome.level ?? null });
          else await op.fail(outcome.error, { level: null });
        }
      }
      this.rt.host.changed(game.row.gameId);
    };
    this.rt.background.add(check().finally(() => game.verifying.delete(seat)));
  }

  /** What the chain says of `owner`'s join now (null: not included yet, or Tezos did not answer). */
  async #look(game: GameChain, opHash: string | null, fromLevel: number, owner: string): Promise<JoinOutcome | null> {
    try {
      if (!opHash)
        return (await game.bridge.hasGrant(owner))
          ? { status: 'confirmed' }
          : { status: 'failed', error: 'you have not joined this game on-chain yet: sign it from your wallet' };
      const found = await game.bridge.lookup(opHash, fromLevel);
      if (!found) return null;
      if (!found.applied)
        return { status: 'failed', error: `operation ${opHash} was included at level ${found.level} but failed` };
      return (await game.bridge.hasGrant(owner))
        ? { status: 'confirmed', level: found.level }
        : { status: 'failed', error: `operation ${opHash} did not join ${owner} to this game` };
    } catch (e) {
      return isTransient(e) ? null : { status: 'failed', error: messageOf(e) };
    }
  }
}

/** @throws HostError 409 CHAIN_NOT_READY while the game's tokens are being created */
function tokensCreated(game: GameChain): void {
  if (game.row.plan.created === null)
    throw new ChainGameError('CHAIN_NOT_READY', "the game's tokens are still being created");
}

/** @throws HostError 503 CHAIN_UNAVAILABLE */
async function headOf(game: GameChain): Promise<number> {
  try {
    return await game.bridge.headLevel();
  } catch (e) {
    throw new ChainGameError('CHAIN_UNAVAILABLE', messageOf(e));
  }
}

/** A seat bound to `bound` is that wallet's alone. @throws HostError 401 SIGN_IN_REQUIRED, 403 WRONG_WALLET */
function refuseOtherWallet(seat: SeatId, bound: string, address: string | null): void {
  if (address === null)
    throw new AccessError('SIGN_IN_REQUIRED', `seat ${seat + 1} is played with the wallet ${bound}: sign in with it`);
  if (address !== bound)
    throw new AccessError('WRONG_WALLET', `seat ${seat + 1} is bound to ${bound}, not to ${address}`);
}
