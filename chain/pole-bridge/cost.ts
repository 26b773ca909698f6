/**
 * What an on-chain game can cost the bank, worked out before anything is sent: the server refuses a game
 * the bank cannot pay for and shows how many more it can afford. It is a bound, not a forecast:
 *
 * - storage, as Octez burns it: cost per byte × the bytes a game can add to the contract — each token's metadata
 *   and record, a ledger entry per copy holder (at most one per seat, or per copy of an edition), the game's record
 *   and its seed's (the commitment, then the seed and the final state hash: 184 bytes on the devnet) —
 *   each big_map entry counted as 65 bytes beside its key and value, as the protocol does;
 * - fees, as Taquito sets them (100 mutez + 1 per byte + 0.1 per gas unit), with each operation's gas at
 *   `MAX_GAS_PER_OPERATION` (the contract's calls use about a hundredth of it on the devnet) and the steps counted
 *   as if every copy were bought, flipped and bought again twice over;
 * - the tez sent to each bot's wallet for its `join_game` (`fundingPerBot`): a bot's own fee and storage come out
 *   of it.
 */
import { encodeTokenInfo, offChainTokenInfo } from '../token-metadata';
import type { TokenPlan } from './plan';

/** Tezos burns this much per byte of storage a contract grows by (protocol constant `cost_per_byte`). */
export const COST_PER_BYTE_MUTEZ = 250;
/** What the protocol counts for a big_map entry besides its key and value. */
const ENTRY_BYTES = 65;
/** A token record (max and total supply, creator, retired, its game) and a ledger entry ((owner, token) → amount), key included. */
const TOKEN_RECORD_BYTES = 60;
const LEDGER_ENTRY_BYTES = 40;
/** The game's record (its minter, end date, closed) beside its id. */
const GAME_RECORD_BYTES = 40;
/** The seed's record beside the game id: the commitment, the seed as the host draws it (32 bytes) and the final state hash, in options. */
const SEED_RECORD_BYTES = 130;
/** A mint, burn or close call beside its token ids, and the bytes of a signed operation's envelope. */
const CALL_BYTES = 120;
const OPERATION_BYTES = 200;
export const MAX_GAS_PER_OPERATION = 100_000;
/** Operations besides the steps: opening and creating (one per 32 KB, counted per token below), funding, closing. */
const FIXED_OPERATIONS = 3;

export interface GameCost {
  /** Everything below, added up. */
  readonly totalMutez: number;
  readonly botFundingMutez: number;
  readonly storageMutez: number;
  readonly feesMutez: number;
}

const feeFor = (bytes: number): number => 100 + bytes + MAX_GAS_PER_OPERATION / 10;

/**
 * The most a game with `plan`'s tokens, `seats` seats and `bots` of them bots can cost the bank, in mutez.
 * @throws MetadataError when a token's metadata does not encode (the plan is not one the bank could send)
 */
export function gameCostBound(plan: TokenPlan, seats: number, bots: number, fundingPerBot: number): GameCost {
  const idBytes = Buffer.byteLength(plan.gameId, 'utf8');
  let storageBytes = 2 * (ENTRY_BYTES + idBytes) + GAME_RECORD_BYTES + SEED_RECORD_BYTES;
  let creationBytes = 0;
  let copies = 0;
  for (const token of plan.tokens) {
    const onChain =
      token.metadataUri === undefined ? encodeTokenInfo(token.metadata) : offChainTokenInfo(token.metadataUri);
    const info = Object.entries(onChain).reduce(
      (n, [key, value]) => n + Buffer.byteLength(key, 'utf8') + value.length / 2 + 10,
      0,
    );
    const holders = Math.min(seats, token.maxSupply);
    storageBytes +=
      2 * ENTRY_BYTES + info + TOKEN_RECORD_BYTES + idBytes + holders * (ENTRY_BYTES + LEDGER_ENTRY_BYTES);
    creationBytes += info + CALL_BYTES;
    copies += token.maxSupply;
  }
  const steps = 4 * copies;
  const feesMutez =
    feeFor(creationBytes + OPERATION_BYTES * Math.ceil(creationBytes / 32_768 + 1)) +
    (FIXED_OPERATIONS + steps) * feeFor(CALL_BYTES + OPERATION_BYTES);
  const storageMutez = storageBytes * COST_PER_BYTE_MUTEZ;
  const botFundingMutez = bots * fundingPerBot;
  return {
    totalMutez: Math.ceil(storageMutez + feesMutez + botFundingMutez),
    botFundingMutez,
    storageMutez,
    feesMutez: Math.ceil(feesMutez),
  };
}

interface BalanceUpdate {
  readonly kind?: string;
  readonly contract?: string;
  readonly change?: string;
}
interface ContentReceipt {
  readonly metadata?: {
    readonly balance_updates?: readonly BalanceUpdate[];
    readonly operation_result?: { readonly balance_updates?: readonly BalanceUpdate[] };
  };
}

/**
 * What `payer` paid for the calls of `contents` (an operation's receipts, as the node gives them): every change of its
 * balance in them — each call's fee, the storage it burnt, the tez it sent — so a game's cost is the sum of its own
 * calls', whichever games shared the batch.
 */
export function paidBy(contents: readonly unknown[], payer: string): number {
  let paid = 0;
  for (const content of contents as readonly ContentReceipt[]) {
    const updates = [
      ...(content.metadata?.balance_updates ?? []),
      ...(content.metadata?.operation_result?.balance_updates ?? []),
    ];
    for (const u of updates) if (u.kind === 'contract' && u.contract === payer) paid -= Number(u.change ?? 0);
  }
  return paid;
}
