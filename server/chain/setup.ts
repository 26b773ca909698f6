/**
 * A new on-chain game's setup, in the background after it is created: the bank opens the game on-chain and creates
 * its tokens (one batch, with the commitment to the game's seed: FAIRNESS.md), funds the bots' wallets, and each bot
 * joins the game on-chain (`join_game`). Each step is a `chain_ops` row, so a restart goes on where it stopped; while
 * Tezos does not answer, the game waits (`SETUP_WAITING`) and setup is tried again.
 */
import { OpKind, type TezosToolkit } from '@taquito/taquito';
import { BridgeError, isBridgeError } from '../../chain/pole-bridge';
import { sleep } from '../../chain/clock';
import { tezosToolkit } from '../../chain/context';
import { seedCommitment } from '../../engine/core/rng';
import { ChainGameError } from '../errors';
import { botWalletAt, type BotWallet } from './bot-wallets';
import type { GameChain, GameChains } from './game-chain';
import type { Pauses } from './pauses';
import { isTransient, messageOf, type ChainRuntime } from './runtime';

const SETUP_WAITING = 'SETUP_WAITING';

export class Setup {
  /** The last join of each pool wallet: the next one waits for it. */
  readonly #joining = new Map<string, Promise<unknown>>();

  constructor(
    private readonly rt: ChainRuntime,
    private readonly games: GameChains,
    private readonly pauses: Pauses,
  ) {}

  /** Sets the game up in the background, unless that is under way; tells the host when it ends. */
  run(game: GameChain): void {
    if (game.setupRunning || this.rt.background.closed) return;
    game.setupRunning = true;
    this.rt.background.add(
      this.rt
        .timed(game.row.gameId, 'setup', () => this.#setup(game))
        .then(() => {
          game.setupError = null;
          this.pauses.lift(game, SETUP_WAITING);
        })
        .catch((e) => {
          if (isTransient(e)) {
            this.pauses.pause(
              game,
              SETUP_WAITING,
              `Tezos did not answer while setting up the game (${e.message}); trying again`,
            );
            if (!this.rt.background.closed) this.rt.clock.setTimer(this.rt.tuning.backoff.first, () => this.run(game));
          } else {
            game.setupError = messageOf(e);
            this.rt.onError(e);
          }
        })
        .finally(() => {
          game.setupRunning = false;
          this.rt.host.changed(game.row.gameId);
        }),
    );
  }

  /**
   * Opens the game and creates its tokens while the bots are funded (independent: the bank's sender puts them in one
   * operation when they fit), then the bots sign their `join_game` all at once (their own wallets: one block).
   */
  async #setup(game: GameChain): Promise<void> {
    const id = game.row.gameId;
    const { bankSecretKey, network } = this.rt.settings;
    const bots = game.row.seats.flatMap((s, seat) => (s.bot && s.approval?.status !== 'confirmed' ? [seat] : []));
    const wallets = await Promise.all(
      bots.map((seat) => botWalletAt(bankSecretKey, id, seat, game.row.seats[seat]!.address)),
    );
    const tezos = tezosToolkit(network.rpcUrl);
    // A pool wallet keeps what its last game left: it is topped up to the funding only when short of a join.
    const { botFundingMutez, botJoinMutez } = this.rt.tuning;
    const topUps: { address: string; mutez: number }[] = [];
    for (const w of wallets) {
      const balance = await balanceOf(tezos, w.address);
      if (balance < botJoinMutez) topUps.push({ address: w.address, mutez: botFundingMutez - balance });
    }
    await allOrFirstError([this.#createTokens(game), this.#fundBots(game, topUps)]);
    await allOrFirstError(bots.map((seat, i) => this.#joinBot(game, seat, wallets[i]!)));
  }

  async #createTokens(game: GameChain): Promise<void> {
    const { store, ops } = this.rt;
    const id = game.row.gameId;
    if (game.row.plan.created !== null) return;
    const op = await ops.sending(id, { kind: 'create' });
    try {
      const seed = await store.seedOf(id);
      const created = await game.bridge.createGameTokens(
        game.row.plan,
        seed === null ? {} : { seedCommitment: seedCommitment(seed) },
      );
      await this.games.savePlan(game, created.plan, created.level);
      // A large board takes several operations; each is listed.
      for (const earlier of created.operations.slice(0, -1))
        await ops.landed(id, 'create', {
          opHash: earlier.opHash,
          level: earlier.level,
          detail: { costMutez: earlier.costMutez ?? 0 },
        });
      await op.confirm({
        opHash: created.opHash,
        level: created.level,
        detail: { costMutez: created.operations.at(-1)?.costMutez ?? 0 },
      });
    } catch (e) {
      // Tokens created before the failure are kept in the plan: the retry creates only the others.
      const partial = game.bridge.plan;
      if (partial && partial.tokens.some((t) => t.tokenId !== null)) await this.games.savePlan(game, partial);
      await op.fail(messageOf(e), isBridgeError(e) && e.detail.opHash ? { opHash: e.detail.opHash } : {});
      throw e;
    }
    this.rt.host.changed(id);
  }

  async #fundBots(game: GameChain, topUps: readonly { address: string; mutez: number }[]): Promise<void> {
    if (topUps.length === 0) return;
    const op = await this.rt.ops.sending(game.row.gameId, { kind: 'fund' });
    try {
      const funded = await game.bridge.fund(topUps, (hash) => op.note({ opHash: hash }));
      await op.confirm({ opHash: funded.opHash, level: funded.level, detail: { costMutez: funded.costMutez ?? 0 } });
    } catch (e) {
      await op.fail(messageOf(e));
      throw e;
    }
  }

  /**
   * The bot's `join_game`, signed by its pooled wallet: one at a time per wallet, since games created at the same
   * moment share the pool's wallets and Tezos takes one operation of a manager in a block.
   */
  #joinBot(game: GameChain, seat: number, wallet: BotWallet): Promise<void> {
    const before = this.#joining.get(wallet.address) ?? Promise.resolve();
    const join = before.then(
      () => this.#join(game, seat, wallet),
      () => this.#join(game, seat, wallet),
    );
    const settled = join.catch(() => undefined);
    this.#joining.set(wallet.address, settled);
    void settled.then(() => {
      if (this.#joining.get(wallet.address) === settled) this.#joining.delete(wallet.address);
    });
    return join;
  }

  async #join(game: GameChain, seat: number, wallet: BotWallet): Promise<void> {
    const botTezos = tezosToolkit(this.rt.settings.network.rpcUrl, { signer: wallet.signer });
    const op = await this.rt.ops.sending(game.row.gameId, { kind: 'approval', seat });
    try {
      const fromLevel = await game.bridge.headLevel();
      const call = game.bridge.joinCall();
      const sent = await botTezos.contract.batch([{ kind: OpKind.TRANSACTION, ...call }]).send();
      await op.note({ opHash: sent.hash });
      // Looked for block by block: Taquito's confirmation watches the head only and misses a block baked in between.
      const level = await this.#includedAt(game, sent.hash, fromLevel);
      await op.confirm({ opHash: sent.hash, level });
      await this.games.saveApproval(game, seat, {
        opHash: sent.hash,
        status: 'confirmed',
        error: null,
        fromLevel: level,
      });
    } catch (e) {
      await op.fail(messageOf(e));
      throw new ChainGameError('CHAIN_SETUP', `bot seat ${seat} could not join the game on-chain: ${messageOf(e)}`);
    }
  }

  /** The level where `opHash` applied, looked up until the confirmation timeout. @throws BridgeError */
  async #includedAt(game: GameChain, opHash: string, fromLevel: number): Promise<number> {
    const { clock, confirmationMs } = this.rt;
    const deadline = clock.now() + confirmationMs;
    for (;;) {
      const found = await game.bridge.lookup(opHash, fromLevel);
      if (found && !found.applied)
        throw new BridgeError('BRIDGE_FAILED', `operation ${opHash} was included at level ${found.level} but failed`, {
          opHash,
        });
      if (found) return found.level;
      if (clock.now() > deadline)
        throw new BridgeError(
          'BRIDGE_UNCONFIRMED',
          `operation ${opHash} was not included within ${this.rt.tuning.confirmationTimeoutSeconds} s`,
          { opHash },
        );
      await sleep(clock, 250);
    }
  }
}

/** @throws HostError 503 CHAIN_UNAVAILABLE */
async function balanceOf(tezos: TezosToolkit, address: string): Promise<number> {
  try {
    return (await tezos.tz.getBalance(address)).toNumber();
  } catch (e) {
    throw new ChainGameError('CHAIN_UNAVAILABLE', `the Tezos node did not answer: ${messageOf(e)}`);
  }
}

/** Waits for every one of `work`, then throws the first failure (none is left running behind the caller's back). */
async function allOrFirstError(work: readonly Promise<unknown>[]): Promise<void> {
  const failed = (await Promise.allSettled(work)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
