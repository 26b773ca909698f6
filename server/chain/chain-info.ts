/**
 * A game's chain status as pages and the API show it (no secrets): its tokens, the game and the seed in the contract,
 * the seats' wallets, joins and grants, the pieces, the pause, and every operation with its hash.
 */
import { tezosToolkit } from '../../chain/context';
import type { ChainOp, LandedAt, TokenPlan } from '../../chain/pole-bridge';
import type { SeatId } from '../../engine';
import type { ChainOpRow } from './chain-store';
import { depositInfo, type DepositInfo } from './deposits';
import { isReady, type GameChains } from './game-chain';
import { grantOf, type SeatGrant } from './grants';
import type { ChainRuntime } from './runtime';
import { isConfirmed } from './steps';

/** A game's chain status for pages and the API (no secrets). */
export interface ChainInfo {
  readonly network: string;
  /** The network's TzKT explorer, or null (the devnet: the app's own explorer pages). */
  readonly explorerUrl: string | null;
  /** The network's TzKT API, whose real-time hub the page follows to refresh this status as blocks are indexed. */
  readonly tzktUrl: string;
  readonly contract: string;
  readonly bank: string;
  /** Every seat bound, every approval confirmed, the tokens created. */
  readonly ready: boolean;
  readonly tokens: {
    readonly status: 'pending' | 'confirmed' | 'failed';
    readonly opHash: string | null;
    readonly error: string | null;
  };
  /** The game in the contract (null until it is opened with the tokens): the bank's power ends with it. */
  readonly game: GameGrantInfo | null;
  /** The seed's commitment on-chain and where it was committed and revealed (null: not committed). */
  readonly seed: {
    readonly commitment: string;
    readonly committed: LandedAt;
    readonly revealed: LandedAt | null;
  } | null;
  /** The operations that committed and revealed the seed, for the game's record (a verifier looks there). */
  readonly seedOps: readonly {
    readonly kind: 'commit' | 'reveal';
    readonly seq: null;
    readonly seat: null;
    readonly opHash: string;
    readonly level: number;
    readonly status: 'confirmed';
  }[];
  readonly seats: readonly {
    readonly seat: SeatId;
    readonly bot: boolean;
    readonly address: string | null;
    /** The seat's `join_game` (its grant to the bank). */
    readonly approval: 'none' | 'pending' | 'confirmed' | 'failed';
    readonly approvalOp: string | null;
    readonly approvalError: string | null;
    readonly grant: SeatGrant;
  }[];
  readonly pieces: readonly {
    readonly tile: number;
    readonly tileId: string;
    readonly name: string;
    readonly tokenId: string | null;
    /** Where the token's metadata lives (`ipfs://…`); null for a token that keeps it on-chain. */
    readonly metadataUri: string | null;
    readonly maxSupply: number;
    readonly retired: boolean;
  }[];
  /**
   * What the bank has paid for this game so far (mutez): its operations' fees, storage burnt and tez sent (the bots'
   * top-ups), each call's own as its receipt says, whichever games shared a batch.
   */
  readonly spentMutez: number;
  /** The creator's deposit that pays for the game (beyond the bank's allowance), and what went back; null: none. */
  readonly deposit: DepositInfo | null;
  readonly paused: {
    readonly code: string;
    readonly reason: string;
    readonly retryAt: number;
    readonly attempts: number;
  } | null;
  readonly ops: readonly ChainOpInfo[];
  readonly lastLevel: number;
  /**
   * Seconds between blocks (the node's `minimal_block_delay`; null when it did not answer): an op `queued` or
   * `pending` is expected in one or two of them (the bank sends one operation a block).
   */
  readonly blockTimeS: number | null;
}

export interface GameGrantInfo {
  /** The game's id in the contract. */
  readonly id: string;
  /** ISO 8601: the bank's power over the players' copies ends then at the latest. */
  readonly ends: string;
  readonly closed: boolean;
  /** The `close_game` operation (null while open, or when it was found closed already). */
  readonly closedOp: string | null;
}

export interface ChainOpInfo {
  readonly id: number;
  readonly kind: ChainOpRow['kind'];
  readonly seq: number | null;
  readonly seat: number | null;
  readonly status: ChainOpRow['status'];
  readonly opHash: string | null;
  readonly level: number | null;
  readonly error: string | null;
  readonly ops: readonly ChainOp[];
  readonly at: string;
}

/** Where the seed was committed and revealed, as rows of the game's record (found done already: no hash to list). */
function seedOpsOf(plan: TokenPlan): ChainInfo['seedOps'] {
  const landed = [['commit', plan.seed?.committed] as const, ['reveal', plan.seed?.revealed] as const];
  return landed.flatMap(([kind, at]) =>
    at?.opHash
      ? [{ kind, seq: null, seat: null, opHash: at.opHash, level: at.level, status: 'confirmed' as const }]
      : [],
  );
}

export class ChainInfoReader {
  #blockTimeS: Promise<number> | null = null;

  constructor(
    private readonly rt: ChainRuntime,
    private readonly games: GameChains,
  ) {}

  /** The chain status of a game for pages and the API. @throws HostError 404 NOT_ON_CHAIN */
  async read(gameId: string): Promise<ChainInfo> {
    const game = await this.games.need(gameId);
    const ops = await this.rt.store.listOps(gameId);
    const deposit = await this.rt.store.deposits.ofGame(gameId);
    const create = [...ops].reverse().find((o) => o.kind === 'create');
    const closeOp = [...ops].reverse().find((o) => o.kind === 'close' && isConfirmed(o));
    const { plan } = game.row;
    const grant = grantOf(plan, closeOp?.updatedAt ?? null, this.rt.clock.now());
    return {
      network: game.row.network,
      explorerUrl: this.rt.settings.network.explorerUrl,
      tzktUrl: this.rt.settings.network.tzktUrl,
      contract: game.row.contract,
      bank: game.row.bank,
      ready: isReady(game),
      tokens: {
        status: plan.created ? 'confirmed' : game.setupError ? 'failed' : 'pending',
        opHash: plan.created?.opHash ?? create?.opHash ?? null,
        error: plan.created ? null : (game.setupError ?? create?.error ?? null),
      },
      game: plan.game
        ? {
            id: plan.game.id,
            ends: plan.game.ends,
            closed: plan.game.closed !== null,
            closedOp: plan.game.closed?.opHash ?? null,
          }
        : null,
      seed: plan.seed
        ? { commitment: plan.seed.commitment, committed: plan.seed.committed, revealed: plan.seed.revealed }
        : null,
      seedOps: seedOpsOf(plan),
      seats: game.row.seats.map((s, seat) => ({
        seat,
        bot: s.bot,
        address: s.address,
        approval: s.approval?.status ?? 'none',
        approvalOp: s.approval?.opHash ?? null,
        approvalError: s.approval?.error ?? null,
        grant: s.approval?.status === 'confirmed' ? grant : { status: 'none', until: null },
      })),
      pieces: plan.tokens.map((t) => ({
        tile: t.tile,
        tileId: t.tileId,
        name: t.metadata.name,
        tokenId: t.tokenId,
        metadataUri: t.metadataUri ?? null,
        maxSupply: t.maxSupply,
        retired: t.retired,
      })),
      spentMutez: ops.reduce((sum, o) => sum + (o.detail.costMutez ?? 0), 0),
      deposit: deposit && depositInfo(deposit),
      paused: game.pause,
      ops: ops.map((o) => ({
        id: o.id,
        kind: o.kind,
        seq: o.seq,
        seat: o.seat,
        status: o.status,
        opHash: o.opHash,
        level: o.level,
        error: o.error,
        ops: o.detail.ops ?? [],
        at: o.updatedAt.toISOString(),
      })),
      lastLevel: game.row.lastLevel,
      blockTimeS: await this.#blockTime(),
    };
  }

  /** The node's time between blocks, read once. */
  async #blockTime(): Promise<number | null> {
    this.#blockTimeS ??= tezosToolkit(this.rt.settings.network.rpcUrl)
      .rpc.getConstants()
      .then((c) => Number(c.minimal_block_delay));
    try {
      return await this.#blockTimeS;
    } catch {
      this.#blockTimeS = null; // asked again next time
      return null;
    }
  }
}
