/**
 * What a wallet granted the bank, for the collection page and a game's seats: the games it joined (each live until
 * the game is closed or reaches its end date) and any FA2 operator approval earlier versions of the app asked for,
 * with the call that revokes them.
 */
import { Fa2Editions, type Fa2Call } from '../../chain/fa2-editions';
import { tezosToolkit } from '../../chain/context';
import { HoldingsReader } from '../../chain/indexer';
import type { TokenPlan } from '../../chain/pole-bridge';
import { isAddress } from '../../chain/validate';
import { AccessError, ChainGameError } from '../errors';
import { messageOf, type ChainRuntime } from './runtime';

/**
 * What a seat granted the bank: `none` (not joined), `live` (the bank may burn its copies of the game's tokens
 * `until` the end date at the latest), `ended` (`until` = when: the game's closing, or its end date).
 */
export interface SeatGrant {
  readonly status: 'none' | 'live' | 'ended';
  readonly until: string | null;
}

/** What a wallet ever granted the bank (the collection page): the games it joined, and any FA2 operator approval. */
export interface WalletGrants {
  readonly network: string;
  readonly contract: string;
  readonly bank: string;
  /** Each game of this contract the wallet joined, newest first; `status` read from the contract's `game_grant` view. */
  readonly games: readonly {
    readonly gameId: string;
    readonly seat: number;
    readonly status: 'live' | 'ended';
    readonly ends: string;
    readonly closed: boolean;
    readonly joinOp: string | null;
  }[];
  /** Tokens for which the bank is still an FA2 operator of the wallet (asked for by earlier versions of the app). */
  readonly operatorTokenIds: readonly string[];
  /** The `update_operators` call removing those approvals, for the wallet to sign; null when there are none. */
  readonly revoke: Fa2Call | null;
}

/** View calls at once when a wallet's approvals are listed. */
const VIEW_CONCURRENCY = 8;

/**
 * Every grant `address` gave the bank as the server knows it: the games of this contract it joined, each status
 * read from the contract's `game_grant` view, and the tokens (those it holds, and those of the games it sat in) for
 * which the bank is still its FA2 operator, with the call that revokes them.
 * @throws HostError 400 BAD_ADDRESS, 503 CHAIN_UNAVAILABLE
 */
export async function grantsOf(rt: ChainRuntime, address: string): Promise<WalletGrants> {
  if (!isAddress(address)) throw new AccessError('BAD_ADDRESS', `not a Tezos address: ${address}`);
  const bank = (await rt.bridge(null)).bankAddress;
  const { contract, network } = rt.settings;
  const fa2 = Fa2Editions.at(tezosToolkit(network.rpcUrl), contract);
  const rows = (await rt.store.gamesOf(address)).filter((r) => r.contract === contract);
  try {
    const joined = rows.flatMap((r) => {
      const seat = r.seats.findIndex((s) => s.address === address);
      const game = r.plan.game;
      return game && r.seats[seat]?.approval?.status === 'confirmed' ? [{ row: r, seat, game }] : [];
    });
    const games = await inBatches(joined, async ({ row, seat, game }) => {
      const live = await fa2.gameGrant(game.id, address);
      return {
        gameId: row.gameId,
        seat,
        status: live ? ('live' as const) : ('ended' as const),
        ends: game.ends,
        closed: game.closed !== null,
        joinOp: row.seats[seat]!.approval!.opHash,
      };
    });
    const held = await new HoldingsReader({
      tzktUrl: network.tzktUrl,
      timeoutMs: rt.tuning.indexerTimeoutMs,
      clock: rt.clock,
    }).read({ contract, owners: [address] });
    const ids = [
      ...new Set([...held.holdings.map((h) => h.tokenId.toString()), ...rows.flatMap((r) => tokenIdsOf(r.plan))]),
    ].sort((a, b) => Number(BigInt(a) - BigInt(b)));
    const operated = await inBatches(ids, async (id) => ((await fa2.isOperator(address, bank, id)) ? id : null));
    const operatorTokenIds = operated.filter((id): id is string => id !== null);
    return {
      network: network.name,
      contract,
      bank,
      games,
      operatorTokenIds,
      revoke: operatorTokenIds.length > 0 ? fa2.revokeOperator(address, bank, operatorTokenIds) : null,
    };
  } catch (e) {
    throw new ChainGameError(
      'CHAIN_UNAVAILABLE',
      `the grants of ${address} could not be read from Tezos: ${messageOf(e)}`,
    );
  }
}

/** A joined seat's grant in `plan`'s game at `now`: live until its end date, unless closed (`closedAt`: when that was recorded). */
export function grantOf(plan: TokenPlan, closedAt: Date | null, now: number): SeatGrant {
  const game = plan.game;
  if (!game) return { status: 'none', until: null };
  if (game.closed) return { status: 'ended', until: closedAt?.toISOString() ?? game.ends };
  return { status: now < Date.parse(game.ends) ? 'live' : 'ended', until: game.ends };
}

const tokenIdsOf = (plan: TokenPlan): string[] => plan.tokens.flatMap((t) => (t.tokenId === null ? [] : [t.tokenId]));

/** `work` for each item, VIEW_CONCURRENCY at a time, results in item order. */
async function inBatches<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += VIEW_CONCURRENCY)
    out.push(...(await Promise.all(items.slice(i, i + VIEW_CONCURRENCY).map(work))));
  return out;
}
