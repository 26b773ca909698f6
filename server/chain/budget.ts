/**
 * What the bank can pay for. A new on-chain game may cost the bank up to its bound (its tokens' storage, the fees,
 * its bots' wallets): from `prepare` until `release` that much is held for it, and it counts against its creator's
 * limits (live games, bot seats), so two creations at once cannot both take the last place or the last tez. The bank
 * pays from a daily allowance (in all and per wallet); beyond it, the game's creator pays by deposit (deposits.ts), so
 * fresh keys buy nothing and strangers cannot fill the bank's sender.
 */
import { ipfsUri } from '../../chain/ipfs/content';
import { tezAmount as tez } from '../../chain/tez';
import {
  gameCostBound,
  type GameCost,
  type PlanContent,
  type PlanOptions,
  type PoleBridge,
  type TokenPlan,
} from '../../chain/pole-bridge';
import { GENESIS, resolveConfig } from '../../engine/pole';
import { ChainGameError } from '../errors';
import type { LimitSettings } from '../limits';
import { botWallet } from './bot-wallets';
import type { ChainGameRow, ChainSeat } from './chain-store';
import type { Deposits } from './deposits';
import { messageOf, type ChainRuntime } from './runtime';

/** The bank's tez as the Chain page shows it: what it holds, what a game costs at most, how many more it can pay for. */
export interface BankBudget {
  readonly network: string;
  readonly bank: string;
  readonly balanceMutez: number;
  /** The largest game a wallet may create on the default board (six seats, the most bots allowed), at most. */
  readonly gameCost: GameCost & { readonly seats: number; readonly bots: number };
  /** Held for games being created right now (their setup not yet sent). */
  readonly reservedMutez: number;
  /** How many more such games the balance pays for. */
  readonly games: number;
  readonly limits: LimitSettings['chain'];
  /** What the last 24 hours' on-chain games count against the daily allowance (games being created included). */
  readonly usedTodayMutez: number;
  /** What the bank holds of people's deposits: unused, or paying for a game in play (not its to spend otherwise). */
  readonly depositsMutez: number;
}

/** What a board from the studio adds: the artists' wallets and the works' images, by tile id. */
export type GameExtras = Pick<PlanOptions, 'artists' | 'images'>;

/** What one game of the last day counts against the allowance. */
interface Charge {
  readonly creator: string | null;
  readonly mutez: number;
}

/** What is left of the smaller of the two allowances, and which one it is. */
interface AllowanceLeft {
  readonly mutez: number;
  readonly limitMutez: number;
  readonly perWallet: boolean;
}

/** What a new game would cost, and who would pay: the bank from its daily allowance, or its creator by deposit. */
export interface GameQuote {
  /** The most the game may cost (its tokens' storage, the fees, its bots' wallets), in mutez. */
  readonly costMutez: number;
  /** Where a deposit goes. */
  readonly bank: string;
  /** What is left of the allowance for this creator today (the smaller of theirs and everyone's); null: no limit. */
  readonly allowanceLeftMutez: number | null;
  /** Whether the game needs its creator's deposit of `costMutez` (the allowance does not cover it). */
  readonly depositRequired: boolean;
}

/** A game being created: what it holds of its creator's limits and the bank's balance, and who pays for it. */
interface Reservation {
  readonly creator: string;
  readonly bots: number;
  readonly costMutez: number;
  /** Paid by its creator's deposit: it takes nothing of the allowance. */
  readonly deposit: boolean;
}

export class Budget {
  /** Games between `prepare` and `release`: counted against their creator's limits and the bank's balance. */
  readonly #reserved = new Map<string, Reservation>();

  constructor(
    private readonly rt: ChainRuntime,
    private readonly deposits: Deposits,
  ) {}

  /**
   * The chain row of a new on-chain game created by the signed-in wallet `creator`: one token per artist tile, the
   * bots' wallets. Nothing is sent, but the game is held against its creator's limits and the bank's balance until
   * `release`. `extras` carries the artists' wallets and images by tile id (studio boards). Beyond the day's
   * allowance, the game is paid for by `deposit` (the creator's transfer to the bank, deposits.ts), which it claims.
   * @throws HostError 422 CHAIN_BAD_BOARD (a bad artist address or image), 429 CHAIN_GAME_LIMIT | CHAIN_BOT_LIMIT
   *   (the creator's live on-chain games), 402 DEPOSIT_REQUIRED (the day's allowance, in all or the creator's, does
   *   not cover it), what Deposits.claim refuses, 503 BANK_LOW (the bank cannot pay for it) | CHAIN_UNAVAILABLE
   */
  async prepare(
    gameId: string,
    config: unknown,
    seats: readonly { readonly kind: string }[],
    creator: string,
    extras: GameExtras,
    deposit?: string,
  ): Promise<ChainGameRow> {
    const { settings } = this.rt;
    const { bridge, plan, content, chainSeats, bots, cost } = await this.#estimate(gameId, config, seats, extras);
    const balance = await bankBalance(bridge);
    const stored = await this.rt.store.liveGamesCreatedBy(creator);
    const day = await this.#chargesOfTheDay();
    // Checked and reserved with no await in between, so two creations at once cannot both take the last place.
    this.#checkLimits(creator, stored, bots);
    if (deposit === undefined) {
      const left = this.#allowanceLeft(creator, day);
      if (left && left.mutez < cost.totalMutez) throw depositRequired(left, cost.totalMutez, bridge.bankAddress);
    }
    const reserved = this.#reservedMutez();
    if (balance - reserved < cost.totalMutez) {
      const held = reserved > 0 ? ` (${tez(reserved)} ꜩ of it held for games being created)` : '';
      throw new ChainGameError(
        'BANK_LOW',
        `the bank holds ${tez(balance)} ꜩ${held}, and this game may cost it up to ${tez(cost.totalMutez)} ꜩ (${tez(cost.botFundingMutez)} ꜩ for ${bots} bot wallets, ${tez(cost.storageMutez + cost.feesMutez)} ꜩ for its tokens' storage and the fees): top the bank up, or play with fewer bots or off-chain`,
        {
          balanceMutez: balance,
          needMutez: cost.totalMutez,
        },
      );
    }
    this.#reserved.set(gameId, { creator, bots, costMutez: cost.totalMutez, deposit: deposit !== undefined });
    let claimed = false;
    try {
      if (deposit !== undefined) {
        await this.deposits.claim(creator, deposit, gameId, cost.totalMutez);
        claimed = true;
      }
      await this.#holdContent(content);
    } catch (e) {
      this.release(gameId);
      if (claimed) await this.deposits.refused(gameId);
      throw e;
    }
    return {
      gameId,
      network: settings.network.name,
      contract: settings.contract,
      bank: bridge.bankAddress,
      plan,
      seats: chainSeats,
      lastLevel: 0,
      creator,
    };
  }

  /**
   * What a game would cost at most and who would pay for it, for the new-game page to say before anything is signed.
   * @throws HostError 422 CHAIN_BAD_BOARD, 503 CHAIN_UNAVAILABLE
   */
  async quote(
    gameId: string,
    config: unknown,
    seats: readonly { readonly kind: string }[],
    creator: string,
    extras: GameExtras,
  ): Promise<GameQuote> {
    const { bridge, cost } = await this.#estimate(gameId, config, seats, extras);
    const left = this.#allowanceLeft(creator, await this.#chargesOfTheDay());
    return {
      costMutez: cost.totalMutez,
      bank: bridge.bankAddress,
      allowanceLeftMutez: left?.mutez ?? null,
      depositRequired: left !== null && left.mutez < cost.totalMutez,
    };
  }

  /** The game's creation was refused after `prepare`: its deposit, if it claimed one, goes back. */
  refused(gameId: string): Promise<void> {
    return this.deposits.refused(gameId);
  }

  /** The plan of a game's tokens, the content they name, its seats' wallets and the most it may cost. */
  async #estimate(
    gameId: string,
    config: unknown,
    seats: readonly { readonly kind: string }[],
    extras: GameExtras,
  ): Promise<{
    bridge: PoleBridge;
    plan: TokenPlan;
    content: readonly PlanContent[];
    chainSeats: ChainSeat[];
    bots: number;
    cost: GameCost;
  }> {
    const { settings, tuning } = this.rt;
    const rules = resolveConfig(config);
    const bridge = await this.rt.bridge(null);
    const planOptions = {
      ...(extras.artists ? { artists: extras.artists } : {}),
      ...(extras.images ? { images: extras.images } : {}),
      royaltyBps: rules.royaltyRate * 100,
    };
    let plan, content;
    try {
      ({ plan, content } = bridge.planWithContent(rules.board, gameId, planOptions));
    } catch (e) {
      throw new ChainGameError('CHAIN_BAD_BOARD', `the board cannot be put on-chain: ${messageOf(e)}`);
    }
    const chainSeats: ChainSeat[] = [];
    for (let seat = 0; seat < seats.length; seat++) {
      const bot = seats[seat]!.kind !== 'human';
      chainSeats.push({
        address: bot ? (await botWallet(settings.bankSecretKey, seat)).address : null,
        bot,
        approval: null,
      });
    }
    const bots = seats.filter((s) => s.kind !== 'human').length;
    const cost = gameCostBound(plan, seats.length, bots, tuning.botFundingMutez);
    return { bridge, plan, content, chainSeats, bots, cost };
  }

  /**
   * Puts what the game's tokens point to — each token's metadata, the tiles' art — on the app's IPFS node, before
   * anything names it on-chain. @throws HostError 503 CHAIN_UNAVAILABLE (the node refused it)
   */
  async #holdContent(content: readonly PlanContent[]): Promise<void> {
    const node = await this.rt.content.node();
    for (const { uri, bytes } of content) {
      let held: string;
      try {
        held = ipfsUri(await node.add(bytes));
      } catch (e) {
        throw new ChainGameError('CHAIN_UNAVAILABLE', `the app's IPFS node could not hold ${uri}: ${messageOf(e)}`);
      }
      // The plan computed the CID alone; the node must agree, or a token would point to nothing.
      if (held !== uri) throw new Error(`the IPFS node holds ${uri} as ${held}: the two content profiles differ`);
    }
  }

  /** A prepared game is registered (or will never be): it no longer holds a place of its own. */
  release(gameId: string): void {
    this.#reserved.delete(gameId);
  }

  /**
   * What the bank holds and what that pays for: the most the largest game a wallet may create on the default board
   * (Genesis, six seats, as many bots as one wallet may have) can cost, and how many such games are left.
   * @throws HostError 503 CHAIN_UNAVAILABLE
   */
  async report(): Promise<BankBudget> {
    const { settings, tuning } = this.rt;
    const bridge = await this.rt.bridge(null);
    const seats = 6;
    const bots = Math.min(seats - 1, tuning.walletLimits.botSeatsPerWallet);
    // A game id of the length the host draws (16 characters), for the bytes it takes on-chain.
    const cost = gameCostBound(bridge.planTokens(GENESIS, 'budget-estimate0'), seats, bots, tuning.botFundingMutez);
    const balanceMutez = await bankBalance(bridge);
    const reservedMutez = this.#reservedMutez();
    // People's deposits are in the balance, but they pay for their own games, not for others'.
    const depositsMutez = await this.deposits.heldMutez();
    return {
      network: settings.network.name,
      bank: bridge.bankAddress,
      balanceMutez,
      gameCost: { ...cost, seats, bots },
      reservedMutez,
      games: Math.max(0, Math.floor((balanceMutez - reservedMutez - depositsMutez) / cost.totalMutez)),
      limits: tuning.walletLimits,
      usedTodayMutez: (await this.#chargesOfTheDay()).reduce(
        (sum, c) => sum + c.mutez,
        this.#reservedMutez((r) => !r.deposit),
      ),
      depositsMutez,
    };
  }

  /**
   * What each on-chain game of the last day counts against the bank's daily allowance: a settled game what it cost
   * (its operations' receipts), one still in play the most it may cost (its bound) until then.
   */
  async #chargesOfTheDay(): Promise<Charge[]> {
    const { botFundingMutez } = this.rt.tuning;
    return (await this.rt.store.gamesOfTheDay()).map(({ game, spentMutez, settled }) => {
      const bots = game.seats.filter((s) => s.bot).length;
      const bound = settled ? 0 : gameCostBound(game.plan, game.seats.length, bots, botFundingMutez).totalMutez;
      return { creator: game.creator, mutez: Math.max(spentMutez, bound) };
    });
  }

  /**
   * What is left of the day's allowance for `creator`'s games (the smaller of their share and everyone's), given the
   * day's charges and the games being created on it; null when neither is limited.
   */
  #allowanceLeft(creator: string, day: readonly Charge[]): AllowanceLeft | null {
    const { tezPerDay, tezPerWalletPerDay } = this.rt.tuning.walletLimits;
    const held = [...this.#reserved.values()].filter((r) => !r.deposit);
    const used = (mine: boolean): number =>
      day.filter((c) => !mine || c.creator === creator).reduce((sum, c) => sum + c.mutez, 0) +
      held.filter((r) => !mine || r.creator === creator).reduce((sum, r) => sum + r.costMutez, 0);
    let least: AllowanceLeft | null = null;
    for (const [limit, perWallet] of [
      [tezPerWalletPerDay, true],
      [tezPerDay, false],
    ] as const) {
      if (limit === null) continue;
      const mutez = Math.max(0, limit * 1_000_000 - used(perWallet));
      if (!least || mutez < least.mutez) least = { mutez, limitMutez: limit * 1_000_000, perWallet };
    }
    return least;
  }

  /**
   * @throws HostError 429 CHAIN_GAME_LIMIT | CHAIN_BOT_LIMIT when `creator`'s live games (`stored`, and those being
   *   created) leave no room for one more with `bots` bots
   */
  #checkLimits(creator: string, stored: readonly { gameId: string; bots: number }[], bots: number): void {
    const live = new Map(stored.map((g) => [g.gameId, g.bots]));
    for (const [id, r] of this.#reserved) if (r.creator === creator) live.set(id, r.bots);
    const { gamesPerWallet, botSeatsPerWallet } = this.rt.tuning.walletLimits;
    if (live.size >= gamesPerWallet) {
      throw new ChainGameError(
        'CHAIN_GAME_LIMIT',
        `${creator} already has ${live.size} on-chain game${live.size === 1 ? '' : 's'} in play, the most one wallet may: finish one first (the bank pays for each)`,
        { limit: gamesPerWallet },
      );
    }
    const botsInPlay = [...live.values()].reduce((a, b) => a + b, 0);
    if (botsInPlay + bots > botSeatsPerWallet) {
      throw new ChainGameError(
        'CHAIN_BOT_LIMIT',
        `${creator} may have ${botSeatsPerWallet} bot seats in its on-chain games in play, and has ${botsInPlay}: this game's ${bots} would make ${botsInPlay + bots} (the bank funds each bot's wallet)`,
        { limit: botSeatsPerWallet },
      );
    }
  }

  /** What the games being created hold (those `which` picks). */
  #reservedMutez(which: (r: Reservation) => boolean = () => true): number {
    return [...this.#reserved.values()].filter(which).reduce((sum, r) => sum + r.costMutez, 0);
  }
}

/** 402 DEPOSIT_REQUIRED: the allowance `left` does not cover a game that may cost `needMutez`. */
function depositRequired(left: AllowanceLeft, needMutez: number, bank: string): ChainGameError {
  const whose = left.perWallet ? "for one wallet's games" : 'for games';
  return new ChainGameError(
    'DEPOSIT_REQUIRED',
    `the bank pays up to ${tez(left.limitMutez)} ꜩ a day ${whose} on Tezos, and ${tez(left.mutez)} ꜩ of it is left; this game may cost up to ${tez(needMutez)} ꜩ: pay a deposit of ${tez(needMutez)} ꜩ to the bank (${bank}) from your wallet — what the game does not spend goes back to you when it ends — or play off-chain`,
    { leftMutez: left.mutez, needMutez, perWallet: left.perWallet },
  );
}

/** @throws HostError 503 CHAIN_UNAVAILABLE */
async function bankBalance(bridge: PoleBridge): Promise<number> {
  try {
    return await bridge.bankBalance();
  } catch (e) {
    throw new ChainGameError('CHAIN_UNAVAILABLE', `the bank's balance could not be read from Tezos: ${messageOf(e)}`);
  }
}
