import type { SeatId } from '../../engine';
import { isAddress } from '../../chain/validate';
import type { ChainGames } from '../chain/chain-games';
import type { DepositInfo } from '../chain/deposits';
import { AccessError, ChainGameError } from '../errors';
import { depositRequestSchema } from '../protocol';
import { checkActor, targetSeat, type RequestContext } from './access';
import type { LiveGame } from './live-game';
import { parseRequest } from './new-game';
import { holderKeys } from './seat-holders';
import type { Seats } from './seats';
import type { HostShared } from './shared';
import { storeCall } from './store-call';

export interface ChainDeskDeps extends Pick<HostShared, 'chain' | 'games' | 'holders'> {
  readonly seats: Seats;
  /** Why there is no chain side, told to whoever asks for it. */
  readonly unavailable: string;
}

/**
 * The requests about an on-chain game's Tezos side: the host checks who asks and for which seat, then passes them on
 * to the chain side (ChainGames), which does the work.
 */
export class ChainDesk {
  /** The chain side itself, null when this server plays no game on Tezos (the bank's budget reads it). */
  readonly games: ChainGames | null;

  constructor(private readonly deps: ChainDeskDeps) {
    this.games = deps.chain;
  }

  /** The chain side, or the refusal that says why there is none. @throws HostError 503 CHAIN_NOT_CONFIGURED */
  configured(): ChainGames {
    if (!this.games) throw new ChainGameError('CHAIN_NOT_CONFIGURED', this.deps.unavailable);
    return this.games;
  }

  /**
   * Binds a human seat of an on-chain game to the signed-in wallet (the token must hold the seat).
   * @throws HostError 401 SIGN_IN_REQUIRED, 403, 404, 409 SEAT_CLAIMED | ADDRESS_IN_GAME
   */
  async claimSeat(
    id: string,
    token: string | undefined,
    seat: SeatId | undefined,
    context: RequestContext,
  ): Promise<void> {
    const { chain, target, live } = await this.seatOf(id, token, seat, context);
    if (!context.address) throw new AccessError('SIGN_IN_REQUIRED', 'sign in with your wallet to claim a seat');
    await chain.approvals.claim(id, target, context.address);
    // The wallet now holds the seat: signing in on another device finds it again.
    await storeCall(() =>
      this.deps.holders.hold(holderKeys({ address: context.address }), id, target, live.row.seats[target]!.tokenHash!),
    );
  }

  /** The operator approval a seat's wallet signs. @throws HostError 403, 404, 409 */
  async approvalCall(
    id: string,
    token: string | undefined,
    seat: SeatId | undefined,
    context: RequestContext,
  ): Promise<unknown> {
    const { chain, target } = await this.seatOf(id, token, seat, context);
    chain.approvals.checkWallet(id, target, context.address ?? null);
    return chain.approvals.call(id, target);
  }

  /** A seat's approval was sent (`opHash`) or is to be checked again (null). @throws HostError 400, 401, 403, 404, 409 */
  async submitApproval(
    id: string,
    token: string | undefined,
    seat: SeatId | undefined,
    opHash: string | null,
    context: RequestContext,
  ): Promise<void> {
    const { chain, target } = await this.seatOf(id, token, seat, context);
    await chain.approvals.submit(id, target, context.address ?? null, opHash);
  }

  /**
   * The signed-in wallet sent the bank a deposit (`opHash`) for a game it is about to create: it is looked for
   * on-chain (`deposit` tells what was found). @throws HostError 400 MALFORMED_REQUEST, 401 SIGN_IN_REQUIRED, 403
   * DEPOSIT_NOT_YOURS, 503 CHAIN_NOT_CONFIGURED | CHAIN_UNAVAILABLE
   */
  async nameDeposit(request: unknown, context: RequestContext): Promise<DepositInfo> {
    const { opHash } = parseRequest(depositRequestSchema, request, 'not a deposit');
    return this.configured().deposits.name(signedIn(context), opHash);
  }

  /** The signed-in wallet's deposit `opHash`. @throws HostError 401 SIGN_IN_REQUIRED, 404 DEPOSIT_UNKNOWN, 503 */
  async deposit(opHash: string, context: RequestContext): Promise<DepositInfo> {
    return this.configured().deposits.get(signedIn(context), opHash);
  }

  /**
   * Sends the signed-in wallet's unused deposit back now, rather than after its hour.
   * @throws HostError 401 SIGN_IN_REQUIRED, 404 DEPOSIT_UNKNOWN, 409 DEPOSIT_PENDING | DEPOSIT_USED, 422 DEPOSIT_FAILED
   */
  async returnDeposit(opHash: string, context: RequestContext): Promise<DepositInfo> {
    return this.configured().deposits.returnNow(signedIn(context), opHash);
  }

  /**
   * What a wallet granted the bank in on-chain games (the games it joined, live or ended) and any FA2 operator
   * approval of the bank left from earlier app versions, with the call that revokes it.
   * @throws HostError 400 BAD_ADDRESS, 503 CHAIN_NOT_CONFIGURED | CHAIN_UNAVAILABLE
   */
  async walletGrants(address: string): Promise<Awaited<ReturnType<ChainGames['grantsOf']>>> {
    if (!isAddress(address)) throw new AccessError('BAD_ADDRESS', `not a Tezos address: ${JSON.stringify(address)}`);
    return this.configured().grantsOf(address);
  }

  /** A game's chain status (tokens, seats' wallets and approvals, operations, pause). @throws HostError 404 */
  async info(id: string): Promise<Awaited<ReturnType<ChainGames['info']>>> {
    await this.deps.games.live(id);
    if (!this.games) throw new ChainGameError('NOT_ON_CHAIN', `game ${id} is not an on-chain game`);
    return this.games.info(id);
  }

  private async seatOf(
    id: string,
    token: string | undefined,
    seat: SeatId | undefined,
    context: RequestContext,
  ): Promise<{ chain: ChainGames; target: SeatId; live: LiveGame }> {
    const live = await this.deps.games.live(id);
    const holder = await this.deps.seats.holder(live, token, seat, context);
    const target = targetSeat(holder, seat); // a seat/token mismatch is refused, never read as the token's seat
    if (!this.games?.isOnChain(id)) throw new ChainGameError('NOT_ON_CHAIN', `game ${id} is not an on-chain game`);
    checkActor(live.row, holder, target);
    return { chain: this.games, target, live };
  }
}

/** The signed-in wallet: deposits are a wallet's own. @throws HostError 401 SIGN_IN_REQUIRED */
function signedIn(context: RequestContext): string {
  if (!context.address)
    throw new AccessError('SIGN_IN_REQUIRED', 'sign in with the wallet that sends the deposit: it is paid back to it');
  return context.address;
}
