/**
 * The chain bridge of an on-chain Tezos Pole game: the bank (minter) opens the game in the editions
 * contract and creates its tokens, sends the FA2 calls the engine's events require, and reads holdings back for the
 * engine's P13 `holdings` action.
 *
 * The bank's power over a player's copies (docs/playing-on-tezos.md): a player joins the game on-chain (`joinCall`, signed by
 * them), which lets the bank burn their copies of this game's tokens (`game_burn`: flip, forfeit, P7) while the
 * game is open and before its end date — at most MAX_GAME_DAYS away, the contract refuses more. `closeGame` ends
 * it for good. Nobody makes the bank an FA2 operator: it cannot transfer a player's tokens nor touch any other.
 * Provably fair (FAIRNESS.md): the commitment to the game's seed goes in the operation that opens the game
 * (`createGameTokens`' `seedCommitment`), the seed and the final state hash in the one that closes it (`closeGame`'s
 * `reveal`), where the contract checks the seed against the commitment; the plan records where each landed.
 *
 * The protocol a game follows for every action:
 *   1. run the engine: `pole.apply(state, actor, action)` → next state + events (pure, nothing kept yet);
 *   2. compute the chain operations: `chainOpsFor(events, addresses)` (pure);
 *   3. send them: `apply(ops, { seq: next.seq })`, one batch signed by the bank, waiting for its inclusion;
 *   4. only if that returned (confirmed) keep the next state. If it threw a BridgeError the action did not
 *      happen: keep the old state, tell the player, let them try again.
 * (The game server goes faster: it simulates mints with `dryRun`, keeps the state, and sends them after.)
 * Before a player's decision the game reads holdings (`readHoldingsAction(..., minLevel)` with the level of the
 * last confirmed operation, or `readHoldingsAt` counting the operations still on their way) and applies them as the
 * system seat, so tokens traded by plain FA2 transfer count. A batch is atomic on-chain (all calls apply or none),
 * and `seq` makes a step's batch go out at most once. Every bank operation goes through the bank's one sender
 * (bank-sender.ts): calls asked for while one operation is on its way share the next one.
 *
 * BRIDGE_UNCONFIRMED is the one failure after injection: the operation may still be included later. The game
 * keeps the old state as for any failure and the step's `seq` stays unrecorded; the caller keeps the step and looks
 * its operation up (`lookup`), adopting it once found (`adopt`) instead of sending it again. A holdings read before
 * that would not undo it: under amended P13 a copy the engine did not mint into play is out of the game.
 *
 * The bank's secret key lives only inside the signer: it is never stored on the bridge, logged or put in an error.
 */
import { InMemorySigner } from '@taquito/signer';
import { OpKind, TezosToolkit, type Signer, type TransferParams } from '@taquito/taquito';
import type { Board, PoleEvent } from '../../engine/pole';
import { systemClock, type Clock } from '../clock';
import { isFa2Error, isIndexerError } from '../errors';
import { MAX_GAME_DAYS } from '../../contracts';
import { Fa2Editions, type BurnRequest, type Fa2Call, type GameInfo, type SeedCommit } from '../fa2-editions';
import { HoldingsReader, type HoldingsReaderOptions } from '../indexer';
import { forgedSize, MAX_OPERATION_BYTES, sendAsBank, sendFailure, type SentJob } from './bank-sender';
import { paidBy } from './cost';
import { BridgeError } from './errors';
import { chainOpsFor, checkAddresses, holdingsActionFrom, planAfter, type ChainOp, type HoldingsAction } from './ops';
import {
  planContent,
  planGameTokens,
  plannedToken,
  planWithContent,
  type LandedAt,
  type PlanContent,
  type PlanGame,
  type PlannedToken,
  type PlanOptions,
  type PlanSeed,
  type TokenPlan,
} from './plan';
import { seedCommitment } from '../../engine/core/rng';
import { isAddress, isContractAddress } from '../validate';
import { offChainTokenInfo } from '../token-metadata';
import { tezosToolkit } from '../context';

export interface PoleBridgeOptions {
  /** Where the chain and its indexer are (a `Network`, or any pair of URLs). */
  readonly network: { readonly rpcUrl: string; readonly tzktUrl: string };
  /** The bank: its secret key (edsk…, a server secret) or a ready signer. */
  readonly bank: { readonly secretKey: string } | { readonly signer: Signer };
  /** The editions contract (KT1…); the bank must be one of its minters. */
  readonly contract: string;
  /** The game's token plan, as stored with the game (omit before `createGameTokens`). */
  readonly plan?: TokenPlan;
  /** How long to wait for an injected operation's inclusion (default 180 s). */
  readonly confirmationTimeoutSeconds?: number;
  /** Holdings reads: timeouts and polling (see HoldingsReaderOptions). */
  readonly holdings?: Omit<HoldingsReaderOptions, 'tzktUrl' | 'clock'>;
  /** Times the holdings reads and the bank's sends (default: the system's). */
  readonly clock?: Clock;
}

/** Where a confirmed bank operation landed. */
export interface BridgeResult {
  readonly opHash: string;
  /** The including block's level: pass it as `minLevel` to the next holdings read. */
  readonly level: number;
  /** What the bank paid for these calls (mutez): their fees, the storage they burnt, the tez they sent (receipts). */
  readonly costMutez?: number;
}

export interface CreatedTokens extends BridgeResult {
  /** Every operation, in order: the first opens the game; more than one when the metadata did not fit in one operation. */
  readonly operations: readonly BridgeResult[];
  /** Token id (decimal text) by board tile index. */
  readonly tokenIds: Readonly<Record<number, string>>;
  /** The plan with its token ids, to store with the game. */
  readonly plan: TokenPlan;
}

export interface AppliedOps extends BridgeResult {
  /** The plan after the batch (retirements recorded, `appliedSeq` advanced), to store with the game. */
  readonly plan: TokenPlan;
}

export interface ApplyOptions {
  /** The engine state's `seq` after the step: the batch of one step goes out at most once. */
  readonly seq?: number;
  /**
   * Called with the operation hash as soon as the node took the batch, before waiting for its inclusion: the
   * caller records it, so after a crash or a BRIDGE_UNCONFIRMED it can look the operation up (`lookup`) instead
   * of sending the step again.
   */
  readonly onInjected?: (opHash: string) => void | Promise<void>;
}

export interface CreateOptions {
  /** The game's end date on-chain (default: MAX_GAME_DAYS after the node's head, the most the contract allows). */
  readonly ends?: Date;
  /**
   * The commitment to the game's seed (engine `seedCommitment`, hex), sent as `commit_seed` in the operation that
   * opens the game (FAIRNESS.md); a game committed already is not committed again. Omitted: no commitment.
   */
  readonly seedCommitment?: string;
}

/** What `reveal_seed` sends when the game closes: the seed, which the contract checks against its commitment. */
export interface SeedReveal {
  readonly seed: string;
  /** The final state's hash (engine `stateHash`, hex). */
  readonly finalHash: string;
}

export interface CloseOptions {
  /** The game's seed and final state hash, revealed in the operation that closes the game (when its seed was committed). */
  readonly reveal?: SeedReveal;
  /**
   * Copies to burn just before the game closes (`game_burn`: their holders joined it): the bots', whose copies no
   * person collects — burnt, they free their ledger entries, whose storage the contract has paid for and the next
   * game's mints use again instead of burning tez.
   */
  readonly sweep?: readonly BurnRequest[];
  /** Called with the operation hash as soon as the node took it (see `ApplyOptions.onInjected`). */
  readonly onInjected?: (opHash: string) => void | Promise<void>;
}

/** The game closed on-chain: `opHash` null when it was found closed already (by the admin, or an unrecorded earlier try). */
export interface ClosedGame {
  readonly opHash: string | null;
  readonly level: number;
  /** Where `reveal_seed` landed (opHash null: found revealed already); null when nothing was revealed. */
  readonly revealed: LandedAt | null;
  /** Why the seed given was not revealed (it does not match the commitment): the game was closed all the same. */
  readonly revealError: string | null;
  /** The plan with the game's closing recorded, to store with the game. */
  readonly plan: TokenPlan;
  /** What the bank paid for the closing operation (mutez; 0 when nothing was sent). */
  readonly costMutez: number;
}

/** What became of an injected operation. */
export interface OperationLookup {
  readonly level: number;
  /** Every content applied (false: it was included but failed, and changed nothing). */
  readonly applied: boolean;
  /** Its transactions: who sent how many mutez to whom (a deposit to the bank is checked by them). */
  readonly transfers: readonly { readonly source: string; readonly destination: string; readonly mutez: number }[];
}

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The contract storage's `next_token_id` (4th field of the right comb, in any of the RPC's pair notations). */
function nextTokenIdIn(storage: unknown): bigint | null {
  const fields: unknown[] = [];
  let at: unknown = storage;
  while (fields.length < 5) {
    const args: unknown[] | null = Array.isArray(at)
      ? (at as unknown[])
      : (at as { prim?: string; args?: unknown[] } | null)?.prim === 'Pair'
        ? (at as { args: unknown[] }).args
        : null;
    if (!args || args.length < 2) {
      fields.push(at);
      break;
    }
    fields.push(...args.slice(0, -1));
    at = args[args.length - 1];
  }
  const int = (fields[3] as { int?: unknown } | undefined)?.int;
  return typeof int === 'string' && /^\d+$/.test(int) ? BigInt(int) : null;
}

/** Refuses ops that are not of `plan`'s tokens, or name a bad address. @throws BridgeError BRIDGE_BAD_INPUT */
function checkOps(plan: TokenPlan, ops: readonly ChainOp[]): void {
  for (const op of ops) {
    const t = plannedToken(plan, op.tile);
    if (t.tokenId !== op.tokenId)
      throw new BridgeError(
        'BRIDGE_BAD_INPUT',
        `tile ${op.tile}: token ${op.tokenId} is not this game's (${t.tokenId})`,
        { tile: op.tile },
      );
    if ((op.kind === 'mint' || op.kind === 'burn') && !isAddress(op.kind === 'mint' ? op.to : op.from)) {
      throw new BridgeError('BRIDGE_BAD_INPUT', `tile ${op.tile}: bad address for seat ${op.seat}`, {
        tile: op.tile,
        seat: op.seat,
      });
    }
  }
}

export class PoleBridge {
  readonly network: { readonly rpcUrl: string; readonly tzktUrl: string };
  readonly contract: string;
  readonly bankAddress: string;
  readonly #tezos: TezosToolkit;
  #fa2: Fa2Editions;
  readonly #signer: Signer;
  readonly #reader: HoldingsReader;
  readonly #confirmationTimeout: number;
  readonly #clock: Clock;
  #plan: TokenPlan | null;
  /** Steps (`seq`) being sent right now, and whether a token creation is. */
  readonly #inFlight = new Set<number>();
  #creating = false;

  private constructor(options: PoleBridgeOptions, tezos: TezosToolkit, signer: Signer, bankAddress: string) {
    this.network = { rpcUrl: options.network.rpcUrl, tzktUrl: options.network.tzktUrl };
    this.contract = options.contract;
    this.bankAddress = bankAddress;
    this.#tezos = tezos;
    this.#signer = signer;
    this.#fa2 = Fa2Editions.at(tezos, options.contract);
    this.#clock = options.clock ?? systemClock;
    try {
      this.#reader = new HoldingsReader({ ...options.holdings, tzktUrl: options.network.tzktUrl, clock: this.#clock });
    } catch (e) {
      throw new BridgeError('BRIDGE_BAD_INPUT', `holdings reader: ${messageOf(e)}`, {}, { cause: e });
    }
    this.#confirmationTimeout = options.confirmationTimeoutSeconds ?? 180;
    this.#plan = options.plan ?? null;
  }

  /**
   * A bridge for one game. Nothing is sent or read.
   * @throws BridgeError BRIDGE_BAD_KEY (never quoting the key), BRIDGE_BAD_INPUT (bad URL, contract, plan or timeout).
   */
  static async create(options: PoleBridgeOptions): Promise<PoleBridge> {
    for (const field of ['rpcUrl', 'tzktUrl'] as const) {
      const url = options.network?.[field];
      if (typeof url !== 'string' || !/^https?:\/\/\S+$/.test(url))
        throw new BridgeError('BRIDGE_BAD_INPUT', `network.${field} is not an http(s) URL: ${String(url)}`);
    }
    const bank = options.bank as unknown;
    if (typeof bank !== 'object' || bank === null || !('signer' in bank || 'secretKey' in bank))
      throw new BridgeError('BRIDGE_BAD_KEY', 'bank must be { secretKey } or { signer }');
    if (!isContractAddress(options.contract))
      throw new BridgeError('BRIDGE_BAD_INPUT', `contract is not a KT1 address: ${String(options.contract)}`);
    const timeout = options.confirmationTimeoutSeconds;
    if (timeout !== undefined && (!Number.isFinite(timeout) || timeout <= 0))
      throw new BridgeError('BRIDGE_BAD_INPUT', `confirmationTimeoutSeconds must be positive, got ${timeout}`);
    if (options.plan && options.plan.contract !== null && options.plan.contract !== options.contract) {
      throw new BridgeError(
        'BRIDGE_BAD_INPUT',
        `the plan of game ${options.plan.gameId} belongs to contract ${options.plan.contract}, not ${options.contract}`,
      );
    }
    let signer: Signer;
    if ('signer' in options.bank) signer = options.bank.signer;
    else {
      try {
        signer = new InMemorySigner(options.bank.secretKey);
      } catch {
        // The signer's own message may quote the key: say only what is wrong.
        throw new BridgeError(
          'BRIDGE_BAD_KEY',
          'the bank secret key is not a valid Tezos secret key (edsk…/spsk…/p2sk…)',
        );
      }
    }
    let bankAddress: string;
    try {
      bankAddress = await signer.publicKeyHash();
    } catch {
      throw new BridgeError('BRIDGE_BAD_KEY', 'the bank signer has no usable key');
    }
    const tezos = tezosToolkit(options.network.rpcUrl, { signer });
    return new PoleBridge(options, tezos, signer, bankAddress);
  }

  /** The game's token plan as it stands (store it with the game after each change); null before one is given. */
  get plan(): TokenPlan | null {
    return this.#plan;
  }

  /**
   * The token plan of a game on `board` (one token per artist tile), with the bank as minter and fallback creator.
   * Pure: nothing is sent and the bridge's plan is not replaced (`createGameTokens` does that).
   * @throws BridgeError BRIDGE_BAD_INPUT
   */
  planTokens(board: Board, gameId: string, extras: Omit<PlanOptions, 'bank'> = {}): TokenPlan {
    return planGameTokens(board, gameId, { ...extras, bank: this.bankAddress });
  }

  /** The bytes `planTokens` with the same arguments names by CID (`planContent`): hold them before creating. */
  planContent(board: Board, gameId: string, extras: Omit<PlanOptions, 'bank'> = {}): PlanContent[] {
    return planContent(board, gameId, { ...extras, bank: this.bankAddress });
  }

  /** `planTokens` and `planContent` at once, each token built once (`planWithContent`). */
  planWithContent(
    board: Board,
    gameId: string,
    extras: Omit<PlanOptions, 'bank'> = {},
  ): { plan: TokenPlan; content: PlanContent[] } {
    return planWithContent(board, gameId, { ...extras, bank: this.bankAddress });
  }

  /**
   * Opens the game on-chain (`open_game`, until `options.ends`) and creates the plan's tokens as its tokens
   * (`create_game_tokens`) in the same operation when they fit, waits for its inclusion and reads the ids the
   * contract gave them from the operation's receipt (not guessed beforehand: other games may create tokens too).
   * A game found open already with the bank as its minter (an earlier try whose inclusion went unrecorded) is
   * taken as it is. The bridge's plan becomes the returned one.
   * @throws BridgeError BRIDGE_ALREADY_CREATED, BRIDGE_BAD_INPUT, BRIDGE_RPC, BRIDGE_REJECTED (e.g. NOT_MINTER,
   *   GAME_TOO_LONG, GAME_EXISTS for another minter's game), BRIDGE_FAILED, BRIDGE_UNCONFIRMED.
   */
  async createGameTokens(plan: TokenPlan, options: CreateOptions = {}): Promise<CreatedTokens> {
    const missing = plan.tokens.filter((t) => t.tokenId === null);
    if (
      plan.created !== null ||
      (plan.tokens.length > 0 && missing.length === 0) ||
      this.#creating ||
      (this.#plan?.created ?? null) !== null
    ) {
      throw new BridgeError(
        'BRIDGE_ALREADY_CREATED',
        `the tokens of game ${plan.gameId} are already created (or being created)`,
      );
    }
    if (plan.contract !== null && plan.contract !== this.contract)
      throw new BridgeError('BRIDGE_BAD_INPUT', `the plan belongs to contract ${plan.contract}, not ${this.contract}`);
    if (plan.tokens.length === 0)
      throw new BridgeError('BRIDGE_BAD_INPUT', `the plan of game ${plan.gameId} has no tokens`);
    this.#creating = true;
    try {
      const opened = plan.game ?? (await this.#openedGame(plan.gameId));
      const game: PlanGame = opened ?? {
        id: plan.gameId,
        ends: (options.ends ?? (await this.#latestEnd())).toISOString(),
        closed: null,
      };
      if (game.closed !== null)
        throw new BridgeError(
          'BRIDGE_REJECTED',
          `game ${plan.gameId} is closed on-chain: its tokens can no longer be created`,
          { failwith: 'GAME_CLOSED' },
        );
      let seed = plan.seed;
      const commit =
        seed === undefined && options.seedCommitment !== undefined ? options.seedCommitment.toLowerCase() : null;
      if (commit !== null && opened !== null) seed = await this.#committedAlready(plan.gameId, commit);
      const commitNow = seed === undefined ? commit : null;
      let chunks: { readonly calls: Fa2Call[]; readonly count: number }[];
      try {
        chunks = await this.#creationChunks(game, opened === null, commitNow, missing);
      } catch (e) {
        throw new BridgeError(
          'BRIDGE_BAD_INPUT',
          `the plan of game ${plan.gameId} cannot be sent: ${messageOf(e)}`,
          {},
          { cause: e },
        );
      }
      let current: TokenPlan = { ...plan, contract: this.contract, ...(seed ? { seed } : {}) };
      const operations: BridgeResult[] = [];
      let done = 0;
      for (const { calls, count } of chunks) {
        const { opHash, level, contents } = await this.#send(calls);
        const costMutez = paidBy(contents, this.bankAddress);
        // The game is open (and its seed committed) once the first operation is in: kept, so a retry does neither again.
        current = {
          ...current,
          game,
          ...(commitNow !== null && done === 0
            ? { seed: { commitment: commitNow, committed: { opHash, level }, revealed: null } }
            : {}),
        };
        const storage = (contents.at(-1) as { metadata?: { operation_result?: { storage?: unknown } } } | undefined)
          ?.metadata?.operation_result?.storage;
        const next = nextTokenIdIn(storage);
        if (next === null || next < BigInt(count)) {
          this.#plan = current;
          throw new BridgeError(
            'BRIDGE_UNCONFIRMED',
            `create_game_tokens ${opHash} was included at level ${level}, but its receipt shows no token ids`,
            { opHash },
          );
        }
        const first = next - BigInt(count);
        const ids = new Map(missing.slice(done, done + count).map((t, i) => [t.tile, (first + BigInt(i)).toString()]));
        current = {
          ...current,
          tokens: current.tokens.map((t) => (ids.has(t.tile) ? { ...t, tokenId: ids.get(t.tile)! } : t)),
        };
        // Kept after each operation: if a later one fails, a retry with this plan creates only the tokens still missing.
        this.#plan = current;
        done += count;
        operations.push({ opHash, level, costMutez });
      }
      const last = operations.at(-1)!;
      const created: TokenPlan = { ...current, created: { opHash: last.opHash, level: last.level } };
      this.#plan = created;
      return {
        opHash: last.opHash,
        level: last.level,
        costMutez: operations.reduce((sum, o) => sum + (o.costMutez ?? 0), 0),
        operations,
        plan: created,
        tokenIds: Object.fromEntries(created.tokens.map((t) => [t.tile, t.tokenId!])),
      };
    } finally {
      this.#creating = false;
    }
  }

  /**
   * The operations creating `tokens` in `game`: the first opens the game too when `open` and commits its seed when
   * `commitment` is given, each has as many tokens as
   * fit: Tezos refuses an operation over 32,768 bytes, and a board's token metadata (inline images above all) can
   * weigh more than that.
   */
  async #creationChunks(
    game: PlanGame,
    open: boolean,
    commitment: string | null,
    tokens: readonly PlannedToken[],
  ): Promise<{ calls: Fa2Call[]; count: number }[]> {
    const callsFor = (part: readonly PlannedToken[], first: boolean): Fa2Call[] => [
      ...(first && open ? [this.#fa2.openGame(game.id, new Date(game.ends))] : []),
      ...(first && commitment !== null ? [this.#fa2.commitSeed(game.id, commitment)] : []),
      this.#fa2.createGameTokens(
        game.id,
        part.map((t) =>
          t.metadataUri === undefined
            ? { maxSupply: t.maxSupply, creator: t.creator, metadata: t.metadata }
            : { maxSupply: t.maxSupply, creator: t.creator, tokenInfo: offChainTokenInfo(t.metadataUri) },
        ),
      ),
    ];
    const chunks: { calls: Fa2Call[]; count: number }[] = [];
    let start = 0;
    while (start < tokens.length) {
      const first = start === 0;
      let end = start + 1;
      while (
        end < tokens.length &&
        (await forgedSize(this.bankAddress, callsFor(tokens.slice(start, end + 1), first))) <= MAX_OPERATION_BYTES
      )
        end++;
      chunks.push({ calls: callsFor(tokens.slice(start, end), first), count: end - start });
      start = end;
    }
    return chunks;
  }

  /** The game as the contract has it, when it was opened by this bank (null: no such game yet). @throws BridgeError */
  async #openedGame(id: string): Promise<PlanGame | null> {
    const info = await this.#gameInfo(id);
    if (info === null) return null;
    if (info.minter !== this.bankAddress)
      throw new BridgeError('BRIDGE_REJECTED', `game ${id} was opened on-chain by another minter (${info.minter})`, {
        failwith: 'GAME_EXISTS',
      });
    return {
      id,
      ends: info.ends.toISOString(),
      closed: info.closed ? { opHash: null, level: await this.headLevel() } : null,
    };
  }

  /**
   * The plan's record of a seed committed already (an earlier try whose inclusion went unrecorded), undefined when
   * none is. @throws BridgeError BRIDGE_REJECTED (SEED_COMMITTED) when another commitment is on-chain, BRIDGE_RPC
   */
  async #committedAlready(gameId: string, commitment: string): Promise<PlanSeed | undefined> {
    const onChain = await this.#seedCommit(gameId);
    if (onChain === null) return undefined;
    if (onChain.commitment !== commitment)
      throw new BridgeError(
        'BRIDGE_REJECTED',
        `game ${gameId} has another seed commitment on-chain (${onChain.commitment})`,
        { failwith: 'SEED_COMMITTED' },
      );
    return {
      commitment,
      committed: { opHash: null, level: await this.headLevel() },
      revealed: onChain.seed === null ? null : { opHash: null, level: await this.headLevel() },
    };
  }

  /** The game's `seed_commits` entry at the node's head (null: none). @throws BridgeError BRIDGE_RPC */
  async #seedCommit(gameId: string): Promise<SeedCommit | null> {
    try {
      return await this.#fa2.seedCommit(gameId);
    } catch (e) {
      throw new BridgeError(
        'BRIDGE_RPC',
        `the seed commitment of game ${gameId} could not be read on-chain: ${messageOf(e)}`,
        {},
        { cause: e },
      );
    }
  }

  /** The view `game_info` (null: no such game). @throws BridgeError BRIDGE_RPC */
  async #gameInfo(id: string): Promise<GameInfo | null> {
    try {
      return await this.#fa2.gameInfo(id);
    } catch (e) {
      if (isFa2Error(e) && e.code === 'GAME_NOT_FOUND') return null;
      if (isFa2Error(e) && e.code === 'FA2_BAD_INPUT')
        throw new BridgeError('BRIDGE_BAD_INPUT', e.message, {}, { cause: e });
      throw new BridgeError(
        'BRIDGE_RPC',
        `the game ${id} could not be read on-chain: ${messageOf(e)}`,
        {},
        { cause: e },
      );
    }
  }

  /** The latest end date the contract accepts now: MAX_GAME_DAYS after the head (the including block comes later). */
  async #latestEnd(): Promise<Date> {
    try {
      const { timestamp } = await this.#tezos.rpc.getBlockHeader();
      return new Date(Date.parse(timestamp) + MAX_GAME_DAYS * 86_400_000);
    } catch (e) {
      throw new BridgeError('BRIDGE_RPC', `the Tezos node did not answer: ${messageOf(e)}`, {}, { cause: e });
    }
  }

  /** The plan with token ids and its on-chain game, or BRIDGE_NOT_CREATED. */
  private createdPlan(): TokenPlan & { readonly game: PlanGame } {
    const plan = this.#plan;
    if (!plan || plan.created === null || !plan.game)
      throw new BridgeError(
        'BRIDGE_NOT_CREATED',
        'this bridge has no created token plan: call createGameTokens first, or pass the stored plan',
      );
    return plan as TokenPlan & { readonly game: PlanGame };
  }

  /**
   * The chain operations one engine step's events require (pure; see ops.ts for the mapping).
   * @throws BridgeError BRIDGE_NOT_CREATED, BRIDGE_BAD_INPUT
   */
  chainOpsFor(events: readonly PoleEvent[], addresses: readonly string[]): ChainOp[] {
    return chainOpsFor(this.createdPlan(), events, addresses);
  }

  /**
   * The call a player signs to join the game (`join_game`): the bank may then burn their copies of this game's
   * tokens on flip and forfeit (P7), until the game is closed or reaches its end date, whichever comes first. It
   * gives no FA2 operator right: the bank cannot transfer their tokens, nor touch any other token.
   * @throws BridgeError BRIDGE_NOT_CREATED
   */
  joinCall(): Fa2Call {
    return this.#fa2.joinGame(this.createdPlan().game.id);
  }

  /**
   * Whether the bank may burn `owner`'s copies of the game's tokens now: they joined, and the game is neither closed
   * nor past its end date (the contract's own `game_grant` view, at the node's head).
   * @throws BridgeError BRIDGE_NOT_CREATED, BRIDGE_BAD_INPUT, BRIDGE_RPC
   */
  async hasGrant(owner: string): Promise<boolean> {
    const { game } = this.createdPlan();
    if (!isAddress(owner)) throw new BridgeError('BRIDGE_BAD_INPUT', `not a Tezos address: ${String(owner)}`);
    try {
      return await this.#fa2.gameGrant(game.id, owner);
    } catch (e) {
      throw new BridgeError(
        'BRIDGE_RPC',
        `the grant of ${owner} in game ${game.id} could not be read: ${messageOf(e)}`,
        {},
        { cause: e },
      );
    }
  }

  /**
   * Closes the game on-chain (`close_game`): every player's grant ends with it, for good. With `reveal`, and a seed
   * committed in the plan, the seed and final state hash go in the same operation (`reveal_seed`, checked by the
   * contract against the commitment). Done once: a plan that records the closing (and the reveal) sends nothing,
   * nor does a game found closed (and revealed) already; a game found closed but not revealed is revealed. A seed
   * that does not match its commitment is not sent (the contract would refuse the whole operation): the game is
   * closed all the same, and `revealError` says why nothing was revealed. Null when the game was never opened.
   * @throws BridgeError BRIDGE_NOT_CREATED (no plan), BRIDGE_RPC, BRIDGE_REJECTED, BRIDGE_FAILED, BRIDGE_UNCONFIRMED
   */
  async closeGame(options: CloseOptions = {}): Promise<ClosedGame | null> {
    const plan = this.#plan;
    if (!plan) throw new BridgeError('BRIDGE_NOT_CREATED', 'this bridge has no token plan: pass the stored plan');
    const seed = plan.seed;
    const revealError =
      options.reveal && seed && seedCommitment(options.reveal.seed) !== seed.commitment
        ? `the seed given does not match the commitment ${seed.commitment} of game ${plan.gameId}: not revealed`
        : null;
    const reveal = seed && seed.revealed === null && revealError === null ? (options.reveal ?? null) : null;
    if (plan.game?.closed && reveal === null)
      return { ...plan.game.closed, revealed: seed?.revealed ?? null, revealError, plan, costMutez: 0 };
    const found = plan.game ?? (await this.#openedGame(plan.gameId));
    if (!found) return null;
    /** What is still to do on-chain: the closing, the reveal; null where it is done (or not wanted). */
    const pending = async (): Promise<{ close: boolean; reveal: SeedReveal | null }> => ({
      close: !(await this.#gameInfo(found.id))?.closed,
      reveal: reveal !== null && (await this.#seedCommit(found.id))?.seed === null ? reveal : null,
    });
    const todo = await pending();
    const sweep = todo.close ? (options.sweep ?? []).filter((b) => BigInt(b.amount) > 0n) : [];
    const calls = [
      ...(sweep.length > 0 ? [this.#fa2.gameBurn(found.id, sweep)] : []),
      ...(todo.close ? [this.#fa2.closeGame(found.id)] : []),
      ...(todo.reveal ? [this.#fa2.revealSeed(found.id, todo.reveal.seed, todo.reveal.finalHash)] : []),
    ];
    let sent: LandedAt = { opHash: null, level: 0 };
    let costMutez = 0;
    if (calls.length > 0) {
      try {
        const { opHash, level, contents } = await this.#send(calls, options.onInjected);
        sent = { opHash, level };
        costMutez = paidBy(contents, this.bankAddress);
      } catch (e) {
        // Done meanwhile (an earlier try included late, the admin): done all the same.
        const refused =
          e instanceof BridgeError &&
          (e.code === 'BRIDGE_FAILED' || e.detail.failwith === 'GAME_CLOSED' || e.detail.failwith === 'SEED_REVEALED');
        const left = refused ? await pending() : null;
        if (!left || left.close || left.reveal) throw e;
      }
    }
    const foundDone = async (): Promise<LandedAt> => ({ opHash: null, level: await this.headLevel() });
    const closed = found.closed ?? (todo.close && sent.opHash !== null ? sent : await foundDone());
    const revealed =
      reveal === null ? (seed?.revealed ?? null) : todo.reveal && sent.opHash !== null ? sent : await foundDone();
    // Steps may have moved the plan on meanwhile: record the closing on the latest.
    const latest = this.#plan ?? plan;
    const after: TokenPlan = {
      ...latest,
      game: { ...found, closed },
      ...(latest.seed ? { seed: { ...latest.seed, revealed } } : {}),
    };
    this.#plan = after;
    return { ...closed, revealed, revealError, plan: after, costMutez };
  }

  /**
   * Sends `ops` as one batch signed by the bank and waits for its inclusion. `seq` (the engine state's `seq`
   * after the step) makes it happen once: a step at or below the last applied one, or one being sent, is refused.
   * Returns null (nothing sent) when there is nothing to do. On any error nothing changed, on-chain or in the plan.
   * @throws BridgeError BRIDGE_ALREADY_APPLIED, BRIDGE_NOT_CREATED, BRIDGE_BAD_INPUT, BRIDGE_SUPPLY_RETIRED,
   *   BRIDGE_RPC, BRIDGE_REJECTED, BRIDGE_FAILED, BRIDGE_UNCONFIRMED.
   */
  async apply(ops: readonly ChainOp[], options: ApplyOptions = {}): Promise<AppliedOps | null> {
    const plan = this.createdPlan();
    const { seq } = options;
    if (seq !== undefined) {
      if (!Number.isSafeInteger(seq) || seq < 0)
        throw new BridgeError('BRIDGE_BAD_INPUT', `seq must be a natural number, got ${seq}`);
      if ((plan.appliedSeq !== null && seq <= plan.appliedSeq) || this.#inFlight.has(seq)) {
        throw new BridgeError(
          'BRIDGE_ALREADY_APPLIED',
          `step ${seq} of game ${plan.gameId} was already sent (last applied: ${plan.appliedSeq ?? 'none'})`,
          { seq },
        );
      }
    }
    checkOps(plan, ops);
    const calls = this.callsFor(ops);
    if (calls.length === 0) {
      // Nothing to send (e.g. only a recorded retirement): record it, so it is not recorded twice either.
      if (ops.length > 0 || seq !== undefined) this.#plan = planAfter(plan, ops, seq ?? null);
      return null;
    }
    if (seq !== undefined) this.#inFlight.add(seq);
    try {
      await this.checkRetiredSupply(plan, ops);
      const { opHash, level, contents } = await this.#send(calls, options.onInjected);
      // The plan may have moved on meanwhile only by other steps; apply this step's changes to the latest.
      const after = planAfter(this.#plan ?? plan, ops, seq ?? null);
      this.#plan = after;
      return { opHash, level, plan: after, costMutez: paidBy(contents, this.bankAddress) };
    } finally {
      if (seq !== undefined) this.#inFlight.delete(seq);
    }
  }

  /**
   * Simulates `ops` as the bank's batch at the node's head, sending nothing: a step whose operations the chain
   * would refuse now is refused before the game takes it (the server sends steps after the game moved on).
   * The head does not have the bank's operations still on their way: only steps that need none of them can be
   * checked this way (mints; a burn may be of a copy whose mint is on its way).
   * @throws BridgeError BRIDGE_NOT_CREATED, BRIDGE_BAD_INPUT, BRIDGE_SUPPLY_RETIRED, BRIDGE_RPC, BRIDGE_REJECTED,
   *   BRIDGE_FAILED.
   */
  async dryRun(ops: readonly ChainOp[]): Promise<void> {
    const plan = this.createdPlan();
    checkOps(plan, ops);
    const calls = this.callsFor(ops);
    if (calls.length === 0) return;
    await this.checkRetiredSupply(plan, ops);
    try {
      await this.#tezos.estimate.batch(calls.map((c) => ({ kind: OpKind.TRANSACTION, ...c })));
    } catch (e) {
      throw sendFailure(e, calls);
    }
  }

  /**
   * Records a step whose batch was confirmed earlier but not recorded (the server stopped between the inclusion
   * and saving the plan): the plan moves on exactly as `apply` would have moved it, and nothing is sent.
   * @throws BridgeError BRIDGE_NOT_CREATED, BRIDGE_ALREADY_APPLIED
   */
  adopt(ops: readonly ChainOp[], seq: number): TokenPlan {
    const plan = this.createdPlan();
    if (plan.appliedSeq !== null && seq <= plan.appliedSeq) {
      throw new BridgeError('BRIDGE_ALREADY_APPLIED', `step ${seq} of game ${plan.gameId} is already recorded`, {
        seq,
      });
    }
    this.#plan = planAfter(plan, ops, seq);
    return this.#plan;
  }

  /**
   * Finds an injected operation in the blocks from `fromLevel` to the head (the level the node was at when the
   * operation was injected is a safe start). Null: not included (yet).
   * @throws BridgeError BRIDGE_RPC
   */
  async lookup(opHash: string, fromLevel: number): Promise<OperationLookup | null> {
    try {
      const head = (await this.#tezos.rpc.getBlockHeader()).level;
      for (let level = Math.max(1, fromLevel); level <= head; level++) {
        const block = await this.#tezos.rpc.getBlock({ block: String(level) });
        const found = block.operations.flat().find((o) => o.hash === opHash);
        if (!found) continue;
        const contents = found.contents as {
          kind?: string;
          source?: string;
          destination?: string;
          amount?: string;
          metadata?: { operation_result?: { status?: string } };
        }[];
        const applied = contents.every((c) => {
          const result = c.metadata?.operation_result;
          return result === undefined || result.status === 'applied';
        });
        const transfers = contents.flatMap((c) =>
          c.kind === 'transaction' && c.source && c.destination
            ? [{ source: c.source, destination: c.destination, mutez: Number(c.amount ?? 0) }]
            : [],
        );
        return { level, applied, transfers };
      }
      return null;
    } catch (e) {
      throw new BridgeError(
        'BRIDGE_RPC',
        `the Tezos node could not be asked about ${opHash}: ${messageOf(e)}`,
        { opHash },
        { cause: e },
      );
    }
  }

  /** The bank's balance in mutez, read from the node (what it can still spend on games). @throws BridgeError BRIDGE_RPC */
  async bankBalance(): Promise<number> {
    try {
      return (await this.#tezos.tz.getBalance(this.bankAddress)).toNumber();
    } catch (e) {
      throw new BridgeError(
        'BRIDGE_RPC',
        `the Tezos node did not answer for the bank's balance: ${messageOf(e)}`,
        {},
        { cause: e },
      );
    }
  }

  /** The node's head level (where a lookup of an operation injected now may start). @throws BridgeError BRIDGE_RPC */
  async headLevel(): Promise<number> {
    try {
      return (await this.#tezos.rpc.getBlockHeader()).level;
    } catch (e) {
      throw new BridgeError('BRIDGE_RPC', `the Tezos node did not answer: ${messageOf(e)}`, {}, { cause: e });
    }
  }

  /**
   * Sends each address its `mutez` from the bank, in one batch (the server's bot wallets pay their own `join_game`
   * fees and storage with it).
   * @throws BridgeError BRIDGE_BAD_INPUT, BRIDGE_RPC, BRIDGE_FAILED, BRIDGE_UNCONFIRMED
   */
  async fund(
    payments: readonly { readonly address: string; readonly mutez: number }[],
    onInjected?: (opHash: string) => void | Promise<void>,
  ): Promise<BridgeResult> {
    if (payments.length === 0) throw new BridgeError('BRIDGE_BAD_INPUT', 'no address to fund');
    for (const { address, mutez } of payments) {
      if (!isAddress(address)) throw new BridgeError('BRIDGE_BAD_INPUT', `not a Tezos address: ${address}`);
      if (!Number.isSafeInteger(mutez) || mutez <= 0)
        throw new BridgeError('BRIDGE_BAD_INPUT', `mutez must be a positive whole number, got ${mutez}`);
    }
    const { opHash, level, contents } = await this.#send(
      payments.map(({ address, mutez }) => ({ to: address, amount: mutez, mutez: true })),
      onInjected,
    );
    return { opHash, level, costMutez: paidBy(contents, this.bankAddress) };
  }

  /**
   * The copies of the game's tokens that `owners` hold, read from the TzKT API once it has reached `minLevel`, as burn
   * requests (see `CloseOptions.sweep`).
   * @throws BridgeError BRIDGE_NOT_CREATED, BRIDGE_BAD_INPUT, BRIDGE_INDEXER (cause: the IndexerError).
   */
  async copiesHeldBy(owners: readonly string[], minLevel: number): Promise<BurnRequest[]> {
    const plan = this.createdPlan();
    if (owners.length === 0) return [];
    checkAddresses(owners);
    try {
      const read = await this.#reader.read({
        contract: this.contract,
        tokenIds: plan.tokens.map((t) => t.tokenId!),
        owners,
        minLevel,
      });
      return read.holdings
        .filter((h) => h.balance > 0n)
        .map((h) => ({ from: h.owner, tokenId: h.tokenId, amount: Number(h.balance) }));
    } catch (e) {
      if (isIndexerError(e))
        throw new BridgeError('BRIDGE_INDEXER', `copies of game ${plan.gameId}: ${e.message}`, {}, { cause: e });
      throw e;
    }
  }

  /**
   * The engine's P13 `holdings` action for `tiles`, read from the TzKT API once it has reached `minLevel`
   * (the level of the last confirmed bank operation, or of a player's transfer).
   * @throws BridgeError BRIDGE_NOT_CREATED, BRIDGE_BAD_INPUT, BRIDGE_INDEXER (cause: the IndexerError).
   */
  async readHoldingsAction(
    tiles: readonly number[],
    addresses: readonly string[],
    minLevel: number,
  ): Promise<HoldingsAction> {
    const plan = this.createdPlan();
    checkAddresses(addresses);
    if (!Number.isSafeInteger(minLevel) || minLevel < 0)
      throw new BridgeError('BRIDGE_BAD_INPUT', `minLevel must be a block level, got ${minLevel}`);
    const tokenIds = [...new Set(tiles)].map((tile) => {
      const t = plannedToken(plan, tile);
      return t.tokenId!;
    });
    let read;
    try {
      read = await this.#reader.read({ contract: this.contract, tokenIds, minLevel });
    } catch (e) {
      if (isIndexerError(e))
        throw new BridgeError('BRIDGE_INDEXER', `holdings of game ${plan.gameId}: ${e.message}`, {}, { cause: e });
      throw e;
    }
    return holdingsActionFrom(plan, tiles, addresses, read.holdings);
  }

  /**
   * The P13 `holdings` action as the chain will show it once the game's own operations on their way are in: the
   * indexer's balances at one level (read again until the indexer's head did not move during the read), with
   * `unindexed(level)` — the game's operations not in the balances at that level (queued, injected, or included
   * after it) — applied on top. So a copy the game minted a moment ago is not taken for one that never arrived,
   * and the read need not wait for the bank's operations to be included and indexed.
   * @throws BridgeError BRIDGE_NOT_CREATED, BRIDGE_BAD_INPUT, BRIDGE_INDEXER (cause: the IndexerError).
   */
  async readHoldingsAt(
    tiles: readonly number[],
    addresses: readonly string[],
    minLevel: number,
    unindexed: (level: number) => Promise<readonly ChainOp[]>,
  ): Promise<{ action: HoldingsAction; level: number }> {
    const plan = this.createdPlan();
    checkAddresses(addresses);
    if (!Number.isSafeInteger(minLevel) || minLevel < 0)
      throw new BridgeError('BRIDGE_BAD_INPUT', `minLevel must be a block level, got ${minLevel}`);
    const tokenIds = [...new Set(tiles)].map((tile) => plannedToken(plan, tile).tokenId!);
    let read;
    try {
      for (let tries = 0; ; tries++) {
        read = await this.#reader.read({ contract: this.contract, tokenIds, minLevel });
        const after = await this.#reader.headLevel();
        if (after === read.level) break;
        if (tries >= 4)
          throw new BridgeError(
            'BRIDGE_INDEXER',
            `holdings of game ${plan.gameId}: the indexer moved on during each of ${tries + 1} reads`,
          );
      }
    } catch (e) {
      if (isIndexerError(e))
        throw new BridgeError('BRIDGE_INDEXER', `holdings of game ${plan.gameId}: ${e.message}`, {}, { cause: e });
      throw e;
    }
    const balances = new Map(read.holdings.map((h) => [`${h.tokenId}|${h.owner}`, h]));
    for (const op of await unindexed(read.level)) {
      if (op.kind !== 'mint' && op.kind !== 'burn') continue;
      const owner = op.kind === 'mint' ? op.to : op.from;
      const key = `${op.tokenId}|${owner}`;
      const h = balances.get(key) ?? { owner, tokenId: BigInt(op.tokenId), balance: 0n, lastLevel: read.level };
      balances.set(key, { ...h, balance: h.balance + (op.kind === 'mint' ? 1n : -1n) });
    }
    return { action: holdingsActionFrom(plan, tiles, addresses, [...balances.values()]), level: read.level };
  }

  /** The contract calls for `ops`: consecutive ops of one kind share a call; `retireCopy` needs none. Burns are the game's. */
  private callsFor(ops: readonly ChainOp[]): Fa2Call[] {
    const { game } = this.createdPlan();
    const calls: Fa2Call[] = [];
    let run: ChainOp[] = [];
    const flush = (): void => {
      const first = run[0];
      if (!first) return;
      if (first.kind === 'mint')
        calls.push(
          this.#fa2.mint(
            run.map((o) => ({ tokenId: o.tokenId, to: (o as Extract<ChainOp, { kind: 'mint' }>).to, amount: 1 })),
          ),
        );
      else if (first.kind === 'burn')
        calls.push(
          this.#fa2.gameBurn(
            game.id,
            run.map((o) => ({ tokenId: o.tokenId, from: (o as Extract<ChainOp, { kind: 'burn' }>).from, amount: 1 })),
          ),
        );
      else if (first.kind === 'retire') calls.push(this.#fa2.retire([...new Set(run.map((o) => o.tokenId))]));
      run = [];
    };
    for (const op of ops) {
      if (op.kind === 'retireCopy') continue;
      if (run[0] && run[0].kind !== op.kind) flush();
      run.push(op);
    }
    flush();
    return calls;
  }

  /** Refuses mints into copies retired by forfeit (the contract would still allow them). */
  private async checkRetiredSupply(plan: TokenPlan, ops: readonly ChainOp[]): Promise<void> {
    for (const t of plan.tokens) {
      const mints = ops.filter((o) => o.tile === t.tile && o.kind === 'mint').length;
      if (mints === 0) continue;
      if (t.retired)
        throw new BridgeError('BRIDGE_SUPPLY_RETIRED', `tile ${t.tile}: its token is retired`, { tile: t.tile });
      if (t.retiredCopies === 0) continue;
      const burns = ops.filter((o) => o.tile === t.tile && o.kind === 'burn').length;
      const retiring = ops.filter((o) => o.tile === t.tile && o.kind === 'retireCopy').length;
      let total: bigint;
      try {
        total = (await this.#fa2.supply(t.tokenId!)).total;
      } catch (e) {
        throw sendFailure(e, []);
      }
      if (Number(total) - burns + mints > t.maxSupply - t.retiredCopies - retiring) {
        throw new BridgeError(
          'BRIDGE_SUPPLY_RETIRED',
          `tile ${t.tile}: minting ${mints} would use copies retired by forfeit (${t.retiredCopies} of ${t.maxSupply})`,
          { tile: t.tile },
        );
      }
    }
  }

  /** Sends `calls` signed by the bank, in the next batch of its one sender (bank-sender.ts), and waits for them. */
  #send(calls: readonly TransferParams[], onInjected?: (opHash: string) => void | Promise<void>): Promise<SentJob> {
    return sendAsBank(
      this.network.rpcUrl,
      this.#signer,
      this.bankAddress,
      calls,
      onInjected,
      this.#confirmationTimeout,
      this.#clock,
    );
  }
}
