/**
 * Validating and applying a manager operation group as the protocol does: validation (source,
 * counter, reveal, limits, fees, signature) rejects the whole group; then fees are taken and the
 * contents applied in order, internal operations depth-first; a failing content backtracks the
 * contents before it and skips those after it, but the fees stay paid.
 */
import { b58Encode, PrefixV2 } from '@taquito/utils';
import { unparseData } from '../michelson/data';
import { blake2b256, blake2b160, checkSignature, hashKey } from '../michelson/crypto';
import {
  addressFromString,
  addressToString,
  keyHashToString,
  originatedAddress,
  publicKeyFromString,
  signatureFromBytes,
} from '../michelson/encoding';
import { findEntrypoint } from '../michelson/entrypoints';
import { getCodec, CODEC, ProtocolsHash } from '@taquito/local-forging';
import {
  bigMapDiffCost,
  codeUnparsingCost,
  dataTypecheckingCost,
  dataUnparsingRec,
  lazyStorageSteps,
  ticketBalancesUpdateCost,
  typeParsingCost,
  valueNodes,
  viewsTypecheckingCost,
} from '../michelson/typecheck-gas';
import {
  LAZY_EXPR_PREFIX,
  MANAGER_OPERATION,
  add,
  TRANSFER_TO_IMPLICIT,
  blsProofCheck,
  deserializationFromBytes,
  futureSerialization,
  allocBytes,
  scriptCacheAccess,
  scriptEntryWrite,
  scriptLoading,
  signatureAlgoOf,
  typedSizeNodes,
  signatureCheck,
  writeAccess,
} from '../michelson/gas';
import type { Expr, Prim } from '../michelson/micheline';
import { pairTypes } from '../michelson/micheline';
import { mapBigMaps, settleBigMaps, type BigMapDiff } from '../michelson/big-map-diff';
import { runScript, operationJson, isMichelsonFailure, type MichelsonFailure, type Host } from '../michelson/index';
import { Address, BigMap, Operation, Ticket, type SaplingState, type Value } from '../michelson/values';
import { applyError, ApplyError, NodeError, tezosError, validationError, vmTrace, type TezosError } from './errors';
import { expandConstants, exprBinary, registerConstant } from './global-constants';
import { bigMapKeyHex } from './host';
import { signatureFromB58, verifyBlsProof } from './signatures';
import {
  adjustBalance,
  chargeTableGrowth,
  contentsValue,
  settleContractTickets,
  ticketsIn,
  ticketToken,
  type KeyedToken,
} from './tickets';
import {
  fork,
  type Account,
  type BigMapEntry,
  type BigMapState,
  type ImplicitAccount,
  type OriginatedAccount,
  type State,
} from './state';
import type { LoadedScript } from '../michelson/run';

export const CONSTANTS = {
  hardGasLimitPerOperation: 1_040_000n,
  hardGasLimitPerBlock: 1_386_666n,
  hardStorageLimitPerOperation: 60_000n,
  costPerByte: 250n,
  originationSize: 257n,
} as const;

/** What applying needs from the chain around the group. */
export interface ApplyEnv {
  readonly level: number;
  /** Seconds since the epoch, the block's timestamp. */
  readonly now: bigint;
  readonly chainId: string;
  /** The script typechecked, its global constants expanded from `constants` (by default the chain's). */
  loaded(address: string, script: Expr[], constants?: ReadonlyMap<string, Expr>): LoadedScript;
  host(state: State): Host;
}

export type Json = Record<string, unknown>;

/** A content as the RPC and the local forger write it. */
export interface Content extends Json {
  kind: string;
  source: string;
  fee: string;
  counter: string;
  gas_limit: string;
  storage_limit: string;
  amount?: string;
  destination?: string;
  parameters?: { entrypoint: string; value: Expr };
  public_key?: string;
  /** A tz4 reveal's proof of possession (`BLsig…`). */
  proof?: string;
  balance?: string;
  delegate?: string;
  script?: { code: Expr[]; storage: Expr };
  /** register_global_constant */
  value?: Expr;
  /** transfer_ticket */
  ticket_contents?: Expr;
  ticket_ty?: Expr;
  ticket_ticketer?: string;
  ticket_amount?: string;
  entrypoint?: string;
}

export interface GroupInput {
  readonly branch: string;
  readonly contents: Content[];
  /** Signature check: the forged bytes and the signature (absent for simulation). */
  readonly signed?: { readonly forged: Uint8Array; readonly signature: Uint8Array };
  /** 32 bytes: the operation hash (seed of originated addresses). */
  readonly hash: Uint8Array;
}

export interface FlatResult {
  readonly kind: string;
  readonly internal: boolean;
  readonly json: Json;
  readonly result: Json;
}

export interface GroupResult {
  /** The contents with their `metadata`, as blocks and preapply show them. */
  readonly contents: Json[];
  /** Every content and internal operation with its result, in order (for the indexer). */
  readonly flat: FlatResult[];
}

const MANAGER_KINDS = new Set([
  'reveal',
  'transaction',
  'origination',
  'delegation',
  'increase_paid_storage',
  'register_global_constant',
  'transfer_ticket',
]);

// ---------------------------------------------------------------------------------------------
// validation

/**
 * `mempool`: the group is validated on its own, as at injection, where Octez refuses (permanently) a group whose gas
 * limits add up past the block's; elsewhere (simulation, preapply) that is the temporary `gas_exhausted.block`.
 */
export function validateGroup(state: State, g: GroupInput, mode: { checkSignature: boolean; mempool: boolean }): void {
  if (g.contents.length === 0) throw validationError('permanent', 'validate.operation.empty_manager_operation_list');
  const source = g.contents[0]!.source;
  const account = state.accounts.get(source);
  let publicKey = account?.kind === 'implicit' ? account.publicKey : undefined;
  let counter = account?.kind === 'implicit' ? account.counter : 0n;
  let balance = account?.balance ?? 0n;
  // validate.ml's `batch_state.is_allocated`: false once the fees spent so far would have deleted the source.
  let allocated = account?.kind === 'implicit';
  let gasLimits = 0n;
  for (const [i, c] of g.contents.entries()) {
    if (!MANAGER_KINDS.has(c.kind)) {
      // validate.ml `check_period_kind_for_ballot`: every period here is a proposal period (nobody proposes), where
      // Octez refuses any ballot.
      if (c.kind === 'ballot')
        throw validationError('temporary', 'validate.operation.wrong_voting_period_kind', {
          current: 'proposal',
          expected: ['exploration', 'promotion'],
        });
      throw validationError('permanent', 'validate.operation.unsupported', { kind: c.kind });
    }
    if (c.source !== source) throw validationError('permanent', 'validate.operation.inconsistent_sources');
    if (!source.startsWith('tz')) throw validationError('permanent', 'contract.not_implicit', { contract: source });
    // contract_storage.ml registers `implicit.empty_implicit_contract` as a branch error.
    if (!allocated) throw validationError('branch', 'implicit.empty_implicit_contract', { implicit: source });
    if (c.kind === 'reveal') {
      if (i !== 0 || publicKey !== undefined)
        throw validationError('branch', 'contract.previously_revealed_key', { contract: source });
      const pk = c.public_key ?? '';
      let ok: boolean;
      try {
        ok = keyHashToString(hashKey(publicKeyFromString(pk))) === source;
      } catch {
        ok = false;
      }
      if (!ok)
        throw validationError('permanent', 'contract.manager.inconsistent_hash', {
          public_key: pk,
          expected_hash: source,
        });
      checkProofPresence(source, pk, c.proof);
      publicKey = pk;
    } else if (publicKey === undefined) {
      throw validationError('branch', 'contract.unrevealed_key', { contract: source });
    }
    const expected = counter + 1n;
    const found = BigInt(c.counter);
    if (found < expected)
      throw validationError('branch', 'contract.counter_in_the_past', {
        contract: source,
        expected: expected.toString(),
        found: found.toString(),
      });
    if (found > expected)
      throw validationError('temporary', 'contract.counter_in_the_future', {
        contract: source,
        expected: expected.toString(),
        found: found.toString(),
      });
    counter = found;
    // Octez's validate.ml `check_contents`: each gas limit within hard_gas_limit_per_operation, then the group's
    // within the block's (every gas figure the devnet is given is held to the protocol's limits).
    const gasLimit = BigInt(c.gas_limit);
    if (gasLimit < 0n || gasLimit > CONSTANTS.hardGasLimitPerOperation)
      throw validationError('permanent', 'gas_limit_too_high');
    gasLimits += gasLimit;
    if (gasLimits > CONSTANTS.hardGasLimitPerBlock) {
      const block = tezosError('temporary', 'gas_exhausted.block');
      throw new NodeError(mode.mempool ? [tezosError('permanent', 'gas_limit_too_high'), block] : [block]);
    }
    const storageLimit = BigInt(c.storage_limit);
    if (storageLimit < 0n || storageLimit > CONSTANTS.hardStorageLimitPerOperation)
      throw validationError('permanent', 'storage_limit_too_high');
    const fee = BigInt(c.fee);
    if (balance < fee) throw new NodeError(balanceTooLow(source, balance, fee));
    balance -= fee;
    // contract_storage.ml `simulate_spending`: fees that empty the source must leave it emptiable, and delete it
    // unless it is a delegate itself.
    if (balance === 0n && account?.kind === 'implicit') {
      if (!emptiable(account))
        throw validationError('branch', 'implicit.empty_implicit_delegated_contract', { implicit: source });
      allocated = account.delegate !== undefined;
    }
  }
  if (mode.checkSignature) {
    const ok =
      publicKey !== undefined &&
      g.signed !== undefined &&
      (() => {
        const sig = signatureFromBytes(g.signed.signature);
        if (!sig) return false;
        const msg = new Uint8Array(1 + g.signed.forged.length);
        msg[0] = 3;
        msg.set(g.signed.forged, 1);
        try {
          return checkSignature(publicKeyFromString(publicKey), sig, msg);
        } catch {
          return false;
        }
      })();
    if (!ok) throw validationError('permanent', 'operation.invalid_signature');
  }
}

const isBlsKey = (publicKey: string): boolean => publicKey.startsWith(PrefixV2.BLS12_381PublicKey);

/** validate.ml `check_bls_proof_for_manager_pk`: a tz4 key is revealed with a proof of possession, no other key with one. */
function checkProofPresence(source: string, publicKey: string, proof: string | undefined): void {
  const fields = { kind: 'manager_pk', source, public_key: publicKey };
  if (isBlsKey(publicKey) && proof === undefined)
    throw validationError('permanent', 'validate.operation.missing_bls_proof', fields);
  if (!isBlsKey(publicKey) && proof !== undefined)
    throw validationError('permanent', 'validate.operation.unused_bls_proof', fields);
}

/** apply.ml's reveal: the proof must be the key's own proof of possession (checked when applying, so the fees stay paid). */
function checkProof(publicKey: string, proof: string): void {
  let ok: boolean;
  try {
    ok = verifyBlsProof(publicKeyFromString(publicKey).raw.subarray(1), signatureFromB58(proof));
  } catch {
    ok = false;
  }
  if (!ok)
    throw applyError('permanent', 'validate.operation.incorrect_bls_proof', {
      kind: 'manager_pk',
      public_key: publicKey,
      proof,
    });
}

/** contract_storage.ml `spend_from_balance`: `balance_too_low` over the tez subtraction's underflow. */
const balanceTooLow = (contract: string, balance: bigint, amount: bigint): TezosError[] => [
  tezosError('temporary', 'contract.balance_too_low', {
    contract,
    balance: balance.toString(),
    amount: amount.toString(),
  }),
  tezosError('temporary', 'tez.subtraction_underflow', { amounts: [balance.toString(), amount.toString()] }),
];

/** contract_storage.ml `check_emptiable`: an implicit account delegating to another may not reach a zero balance. */
const emptiable = (a: Account): boolean =>
  a.kind !== 'implicit' || a.delegate === undefined || a.delegate === a.address;

/**
 * contract_storage.ml `ensure_deallocated_if_empty`, after every spending: an implicit account left with nothing is
 * deleted — balance, manager key and counter — unless it is a delegate (the only delegated kind that can reach zero).
 * Funded again, it starts over from the global counter, unrevealed.
 */
function deallocateIfEmpty(state: State, address: string): void {
  const a = state.accounts.get(address);
  if (a?.kind === 'implicit' && a.balance === 0n && a.delegate === undefined) state.accounts.delete(address);
}

// ---------------------------------------------------------------------------------------------
// application

interface GroupCtx {
  state: State;
  readonly env: ApplyEnv;
  readonly hash: Uint8Array;
  nonce: number;
  originations: number;
}

interface Gas {
  readonly limit: bigint;
  used: bigint;
}

interface Storage {
  paid: bigint;
  allocations: bigint;
}

const setAccount = (s: State, a: Account): void => void s.accounts.set(a.address, a);

/** Applies a validated group to `state` (which the caller has forked). */
export function applyGroup(state: State, g: GroupInput, env: ApplyEnv): GroupResult {
  // Fees and counters first, for every content: they stay even if a content fails.
  const feeUpdates: Json[][] = [];
  for (const c of g.contents) {
    const a = state.accounts.get(c.source) as ImplicitAccount;
    const fee = BigInt(c.fee);
    setAccount(state, { ...a, balance: a.balance - fee, counter: BigInt(c.counter) });
    feeUpdates.push(
      fee === 0n
        ? []
        : [
            { kind: 'contract', contract: c.source, change: (-fee).toString(), origin: 'block' },
            { kind: 'accumulator', category: 'block fees', change: fee.toString(), origin: 'block' },
          ],
    );
  }
  state.globalCounter += BigInt(g.contents.length);
  // Validation let through only a last content whose fee empties the source.
  deallocateIfEmpty(state, g.contents[0]!.source);
  const ctx: GroupCtx = { state, env, hash: g.hash, nonce: 0, originations: 0 };
  const afterFees = fork(state);
  const outcomes: { result: Json; internals: Json[]; flat: FlatResult[] }[] = [];
  let failedAt = -1;
  // validate.ml / apply.ml: the batch's first content also pays for checking the batch's signature.
  const signatureGas = signatureCheck(signatureAlgoOf(g.contents[0]!.source), unsignedLength(g));
  for (const [i, c] of g.contents.entries()) {
    const o = applyContent(ctx, c, i === 0 ? MANAGER_OPERATION + signatureGas : MANAGER_OPERATION);
    outcomes.push(o);
    if (o.result.status === 'failed' || o.internals.some((x) => (x.result as Json).status === 'failed')) {
      failedAt = i;
      break;
    }
  }
  if (failedAt >= 0) {
    // Backtrack: back to the state after fees.
    Object.assign(state, afterFees);
    for (const [i, o] of outcomes.entries()) {
      if (i === failedAt) continue;
      o.result.status = 'backtracked';
      for (const x of o.internals) (x.result as Json).status = 'backtracked';
    }
  }
  const contents: Json[] = [];
  const flat: FlatResult[] = [];
  for (const [i, c] of g.contents.entries()) {
    const o = outcomes[i];
    const metadata: Json = { balance_updates: feeUpdates[i] };
    if (o) {
      metadata.operation_result = o.result;
      // Octez omits the field when there are none.
      if (o.internals.length > 0) metadata.internal_operation_results = o.internals;
      flat.push(...o.flat);
    } else {
      metadata.operation_result = { status: 'skipped' };
      flat.push({ kind: c.kind, internal: false, json: c, result: metadata.operation_result as Json });
    }
    contents.push({ ...c, metadata });
  }
  return { contents, flat };
}

/** Bytes of the operation without its signature: the forged bytes, forged here for a simulation. */
function unsignedLength(g: GroupInput): number {
  if (g.signed) return g.signed.forged.length;
  try {
    return (
      getCodec(CODEC.MANAGER, ProtocolsHash.PsUshuai9).encoder({ branch: g.branch, contents: g.contents }).length / 2
    );
  } catch {
    // Contents Taquito cannot forge are refused at injection anyway; simulate them as the smallest operation.
    return 0;
  }
}

/** `fixedMilligas`: what the content pays before its own work (the manager operation, maybe the signature check). */
function applyContent(
  ctx: GroupCtx,
  c: Content,
  fixedMilligas: number,
): { result: Json; internals: Json[]; flat: FlatResult[] } {
  const gas: Gas = { limit: BigInt(c.gas_limit) * 1000n, used: 0n };
  const storage: Storage = { paid: 0n, allocations: 0n };
  const flat: FlatResult[] = [];
  const internals: Json[] = [];
  let result: Json;
  try {
    consume(gas, BigInt(fixedMilligas));
    let emitted: Operation[] = [];
    switch (c.kind) {
      case 'reveal': {
        // apply.ml re-checks `must_be_allocated`: the fees may have emptied the source.
        const a = ctx.state.accounts.get(c.source);
        if (a?.kind !== 'implicit')
          throw applyError('branch', 'implicit.empty_implicit_contract', { implicit: c.source });
        if (c.proof !== undefined) {
          consume(gas, BigInt(blsProofCheck()));
          checkProof(c.public_key ?? '', c.proof);
        }
        setAccount(ctx.state, { ...a, publicKey: c.public_key });
        result = { status: 'applied', consumed_milligas: gas.used.toString() };
        break;
      }
      case 'delegation':
        result = delegate(ctx, c.source, c.delegate, gas);
        break;
      case 'transaction': {
        // The protocol refuses a top-level transfer of nothing to an implicit account.
        if ((c.amount ?? '0') === '0' && !(c.destination ?? '').startsWith('KT1'))
          throw applyError('branch', 'contract.empty_transaction', { contract: c.destination });
        // apply.ml decodes the parameters (Unit when absent) with `Script.Always`: 20 milligas per byte.
        consume(gas, BigInt(deserializationFromBytes(exprBytes(c.parameters?.value ?? { prim: 'Unit' }))));
        const r = transfer(
          ctx,
          {
            payer: c.source,
            source: c.source,
            sender: c.source,
            destination: c.destination ?? '',
            amount: BigInt(c.amount ?? '0'),
            entrypoint: c.parameters?.entrypoint ?? 'default',
            parameter: c.parameters?.value,
          },
          gas,
          storage,
        );
        result = r.result;
        emitted = r.emitted;
        break;
      }
      case 'origination': {
        const script = c.script ?? { code: [], storage: { prim: 'Unit' } };
        const r = originate(
          ctx,
          {
            payer: c.source,
            sender: c.source,
            balance: BigInt(c.balance ?? '0'),
            code: script.code,
            storageExpr: script.storage,
            delegate: c.delegate,
          },
          gas,
          storage,
        );
        result = r.result;
        break;
      }
      case 'increase_paid_storage':
        result = increasePaidStorage(ctx, c, gas);
        break;
      case 'register_global_constant':
        result = registerGlobalConstant(ctx, c, gas, storage);
        break;
      case 'transfer_ticket': {
        const r = transferTicket(ctx, c, gas, storage);
        result = r.result;
        emitted = r.emitted;
        break;
      }
      default:
        throw applyError('permanent', 'operation.unsupported', { kind: c.kind });
    }
    // A content's gas includes the manager operation's own cost; each internal operation reports its own.
    if (result.consumed_milligas !== undefined) result.consumed_milligas = gas.used.toString();
    flat.push({ kind: c.kind, internal: false, json: c, result });
    // Internal operations, depth-first: what an operation emits runs before its next sibling.
    const queue = numbered(ctx, emitted);
    let failure: TezosError[] | undefined;
    while (queue.length > 0) {
      const [op, nonce] = queue.shift()!;
      const json: Json = { ...operationJson(op), nonce };
      if (failure) {
        json.result = { status: 'skipped' };
        internals.push(json);
        flat.push({ kind: json.kind as string, internal: true, json, result: json.result as Json });
        continue;
      }
      try {
        const before = gas.used;
        const r = applyInternal(ctx, c.source, op, gas, storage);
        if (r.result.consumed_milligas !== undefined) r.result.consumed_milligas = (gas.used - before).toString();
        json.result = r.result;
        queue.unshift(...numbered(ctx, r.emitted));
      } catch (e) {
        if (!(e instanceof ApplyError)) throw e;
        failure = e.errors;
        json.result = { status: 'failed', errors: e.errors };
      }
      internals.push(json);
      flat.push({ kind: json.kind as string, internal: true, json, result: json.result as Json });
    }
    if (failure) {
      result.status = 'backtracked';
      return { result, internals, flat };
    }
    const bytes = storage.paid + storage.allocations * CONSTANTS.originationSize;
    if (bytes > BigInt(c.storage_limit)) throw applyError('temporary', 'storage_exhausted.operation');
    const burn = bytes * CONSTANTS.costPerByte;
    if (burn > 0n) {
      // The source may be gone already: its transfer emptied and deleted it.
      const payer = ctx.state.accounts.get(c.source);
      const balance = payer?.balance ?? 0n;
      if (!payer || balance < burn) {
        // fees_storage.ml traces the failed transfer: Balance_too_low, itself tracing Tez's Subtraction_underflow.
        throw new ApplyError([
          tezosError('temporary', 'contract.cannot_pay_storage_fee'),
          tezosError('temporary', 'contract.balance_too_low', {
            contract: c.source,
            balance: balance.toString(),
            amount: burn.toString(),
          }),
          tezosError('temporary', 'tez.subtraction_underflow', { amounts: [balance.toString(), burn.toString()] }),
        ]);
      }
      if (payer.balance === burn && !emptiable(payer)) {
        throw new ApplyError([
          tezosError('temporary', 'contract.cannot_pay_storage_fee'),
          tezosError('branch', 'implicit.empty_implicit_delegated_contract', { implicit: c.source }),
        ]);
      }
      setAccount(ctx.state, { ...payer, balance: payer.balance - burn });
      deallocateIfEmpty(ctx.state, c.source);
    }
    return { result, internals, flat };
  } catch (e) {
    if (!(e instanceof ApplyError)) throw e;
    const failed: Json = { status: 'failed', errors: e.errors };
    for (const x of internals) (x.result as Json).status = 'backtracked';
    return {
      result: failed,
      internals,
      flat: [{ kind: c.kind, internal: false, json: c, result: failed }, ...flat.slice(1)],
    };
  }
}

/** Internal operations with the group-wide nonces Octez gives them (in emission order). */
function numbered(ctx: GroupCtx, ops: readonly Operation[]): [Operation, number][] {
  const base = ctx.nonce;
  let max = -1;
  const out = ops.map((op): [Operation, number] => {
    max = Math.max(max, op.nonce);
    return [op, base + op.nonce];
  });
  ctx.nonce = base + max + 1;
  return out;
}

function applyInternal(
  ctx: GroupCtx,
  payer: string,
  op: Operation,
  gas: Gas,
  storage: Storage,
): { result: Json; emitted: Operation[] } {
  // apply_internal_operation_contents: an internal operation pays the manager operation's cost too (no signature).
  consume(gas, BigInt(MANAGER_OPERATION));
  const sender = addressToString(op.source);
  const o = op.op;
  switch (o.kind) {
    case 'transaction': {
      const destination = addressToString(new Address(o.destination.raw, ''));
      const entrypoint = o.destination.entrypoint === '' ? 'default' : o.destination.entrypoint;
      const parameter = unparseData(o.parameter, o.parameterType, 'optimized');
      return transfer(
        ctx,
        {
          payer,
          source: payer,
          sender,
          destination,
          amount: o.amount,
          entrypoint,
          parameter,
          parameterType: o.parameterType,
        },
        gas,
        storage,
      );
    }
    case 'origination': {
      const code = o.script.code as Expr[];
      const storageExpr = unparseData(o.storage, o.script.storageType, 'optimized');
      const r = originate(
        ctx,
        {
          payer,
          sender,
          balance: o.balance,
          code,
          storageExpr,
          delegate: o.delegate ? keyHashToString(o.delegate) : undefined,
          address: addressToString(o.address),
        },
        gas,
        storage,
      );
      return { result: r.result, emitted: [] };
    }
    case 'delegation':
      return { result: delegate(ctx, sender, o.delegate ? keyHashToString(o.delegate) : undefined, gas), emitted: [] };
    case 'event':
      return { result: { status: 'applied', consumed_milligas: '0' }, emitted: [] };
  }
}

function consume(gas: Gas, milligas: bigint): void {
  gas.used += milligas;
  if (gas.used > gas.limit) throw applyError('temporary', 'gas_exhausted.operation');
}

function delegate(ctx: GroupCtx, source: string, to: string | undefined, gas: Gas): Json {
  const a = ctx.state.accounts.get(source);
  // A source whose fee emptied it is gone (deallocateIfEmpty).
  if (!a) throw applyError('branch', 'implicit.empty_implicit_contract', { implicit: source });
  if (to !== undefined && to !== source && !ctx.state.delegates.has(to)) {
    throw applyError('temporary', 'contract.manager.unregistered_delegate', { hash: to });
  }
  if (to !== undefined && to === source) ctx.state.delegates.add(to);
  const { delegate: _old, ...rest } = a;
  setAccount(ctx.state, to === undefined ? rest : { ...a, delegate: to });
  return { status: 'applied', consumed_milligas: gas.used.toString() };
}

function debit(ctx: GroupCtx, address: string, amount: bigint): Json[] {
  if (amount === 0n) return [];
  const a = ctx.state.accounts.get(address);
  const balance = a?.balance ?? 0n;
  if (!a || balance < amount) throw new ApplyError(balanceTooLow(address, balance, amount));
  if (balance === amount && !emptiable(a))
    throw applyError('branch', 'implicit.empty_implicit_delegated_contract', { implicit: address });
  setAccount(ctx.state, { ...a, balance: balance - amount });
  return [{ kind: 'contract', contract: address, change: (-amount).toString(), origin: 'block' }];
}

interface Transfer {
  readonly payer: string;
  readonly source: string;
  readonly sender: string;
  readonly destination: string;
  readonly amount: bigint;
  readonly entrypoint: string;
  readonly parameter?: Expr;
  /** An internal operation's parameter type (a contract may send an implicit account a ticket). */
  readonly parameterType?: Prim;
}

const isUnit = (e: Expr | undefined): boolean =>
  e === undefined || (!Array.isArray(e) && 'prim' in e && e.prim === 'Unit');

function transfer(ctx: GroupCtx, t: Transfer, gas: Gas, storage: Storage): { result: Json; emitted: Operation[] } {
  try {
    addressFromString(t.destination);
  } catch {
    throw applyError('permanent', 'contract.invalid_contract_notation', { notation: t.destination });
  }
  const updates = debit(ctx, t.sender, t.amount);
  const dest = ctx.state.accounts.get(t.destination);
  if (t.destination.startsWith('KT1')) {
    if (!dest || dest.kind !== 'originated')
      throw applyError('temporary', 'contract.non_existing_contract', { contract: t.destination });
    return call(ctx, t, dest, updates, gas, storage);
  }
  if (t.entrypoint !== 'default')
    throw applyError('permanent', 'michelson_v1.no_such_entrypoint', { entrypoint: t.entrypoint });
  // Octez's Transaction_to_implicit_with_ticket: the ticket's rows moved with its sender's accounting (tickets.ts).
  const ticket =
    t.parameterType?.prim === 'ticket' && t.parameter !== undefined
      ? ticketsIn(t.parameter, t.parameterType, ctx.state)
      : undefined;
  if (!ticket && !isUnit(t.parameter)) {
    throw new ApplyError([tezosError('permanent', 'michelson_v1.bad_contract_parameter', { contract: t.destination })]);
  }
  consume(gas, BigInt(TRANSFER_TO_IMPLICIT));
  const result: Json = { status: 'applied' };
  if (ticket)
    result.ticket_updates = [...ticket.values()].map((x) => ({
      ticket_token: x.token.token,
      updates: [{ account: t.destination, amount: x.amount.toString() }],
    }));
  if (!dest && t.amount === 0n && ticket) {
    // Nothing credited allocates nothing (Token.transfer skips a zero amount), yet Octez reports, and burns for, an
    // allocation since the destination was not allocated before.
    result.allocated_destination_contract = true;
    storage.allocations += 1n;
  } else if (dest) {
    setAccount(ctx.state, { ...dest, balance: dest.balance + t.amount });
  } else {
    setAccount(ctx.state, {
      kind: 'implicit',
      address: t.destination,
      balance: t.amount,
      counter: ctx.state.globalCounter,
      firstLevel: ctx.env.level,
    });
    storage.allocations += 1n;
    result.allocated_destination_contract = true;
  }
  if (t.amount > 0n)
    updates.push({ kind: 'contract', contract: t.destination, change: t.amount.toString(), origin: 'block' });
  // Token.transfer deallocates the giver after crediting (token.ml `transfer_n`), so a transfer to oneself keeps it.
  deallocateIfEmpty(ctx.state, t.sender);
  if (result.allocated_destination_contract)
    updates.push(...burnUpdates(t.payer, CONSTANTS.originationSize * CONSTANTS.costPerByte, 'storage fees'));
  result.balance_updates = updates;
  result.consumed_milligas = gas.used.toString();
  return { result: orderResult(result), emitted: [] };
}

const burnUpdates = (payer: string, amount: bigint, category: string): Json[] => [
  { kind: 'contract', contract: payer, change: (-amount).toString(), origin: 'block' },
  { kind: 'burned', category, change: amount.toString(), origin: 'block' },
];

/** Octez's field order: status, storage, big_map_diff, balance_updates, …, consumed_milligas, storage_size, paid_storage_size_diff. */
function orderResult(r: Json): Json {
  const keys = [
    'status',
    'storage',
    'big_map_diff',
    'balance_updates',
    'ticket_updates',
    'originated_contracts',
    'consumed_milligas',
    'storage_size',
    'paid_storage_size_diff',
    'allocated_destination_contract',
    'lazy_storage_diff',
  ];
  const out: Json = {};
  for (const k of keys) if (r[k] !== undefined) out[k] = r[k];
  return out;
}

function call(
  ctx: GroupCtx,
  t: Transfer,
  dest: OriginatedAccount,
  updates: Json[],
  gas: Gas,
  storage: Storage,
): { result: Json; emitted: Operation[] } {
  const credited: OriginatedAccount = { ...dest, balance: dest.balance + t.amount };
  setAccount(ctx.state, credited);
  deallocateIfEmpty(ctx.state, t.sender);
  if (t.amount > 0n)
    updates.push({ kind: 'contract', contract: t.destination, change: t.amount.toString(), origin: 'block' });
  const loaded = ctx.env.loaded(dest.address, dest.script, ctx.state.globalConstants);
  // apply.ml find_contract_from_cache → script_cache.ml `find`: a cache lookup that misses, the script's loading and
  // typechecking (charged by runScript), `script_size` on the parsed storage, and the cache update.
  consume(gas, BigInt(add(scriptCacheAccess(), scriptLoading(exprBytes(dest.script), exprBytes(dest.storage)))));
  consume(
    gas,
    BigInt(
      add(typedSizeNodes(valueNodes(dest.storage, loaded.typed.storage, loaded.typed.trace)), scriptCacheAccess()),
    ),
  );
  if (!findEntrypoint(loaded.typed.parameter, t.entrypoint)) {
    throw new ApplyError([
      tezosError('permanent', 'michelson_v1.bad_contract_parameter', { contract: t.destination }),
      tezosError('permanent', 'michelson_v1.no_such_entrypoint', { entrypoint: t.entrypoint }),
    ]);
  }
  let r;
  try {
    r = runScript({
      script: loaded,
      storage: dest.storage,
      input: t.parameter ?? { prim: 'Unit' },
      entrypoint: t.entrypoint,
      amount: t.amount,
      balance: credited.balance,
      level: BigInt(ctx.env.level),
      now: ctx.env.now,
      sender: t.sender,
      source: t.source,
      self: dest.address,
      chainId: ctx.env.chainId,
      gasLimitMilligas: gas.limit - gas.used > 0n ? gas.limit - gas.used : 0n,
      host: ctx.env.host(ctx.state),
      operationHash: ctx.hash,
      originationIndex: ctx.originations,
    });
  } catch (e) {
    if (isMichelsonFailure(e)) throw new ApplyError(failureErrors(e, dest.address, t.parameter, loaded));
    throw e;
  }
  consume(gas, r.consumedMilligas);
  ctx.originations += r.operationValues.filter((o) => o.op.kind === 'origination').length;
  const newStorage = unparseData(r.storageValue, loaded.typed.storage, 'optimized');
  // contract_storage.ml `update_script_storage`: the new storage is encoded and written back.
  consume(gas, BigInt(scriptEntryWrite(newStorage, exprBytes(newStorage))));
  consume(gas, BigInt(bigMapWrites(r.bigMapDiff)));
  consume(gas, BigInt(ticketBalancesUpdateCost(r.operationValues)));
  // apply_transaction_to_smart_contract puts the updated script back in the cache.
  consume(gas, BigInt(scriptCacheAccess()));
  const bigMapBytes = applyBigMapDiff(
    ctx.state,
    r.bigMapDiff,
    dest.address,
    r.storageValue === undefined
      ? undefined
      : storageAnnots(loaded.typed.storage, unparseData(r.storageValue, loaded.typed.storage, 'optimized_legacy')),
  );
  const current = ctx.state.accounts.get(dest.address) as OriginatedAccount;
  const used = current.usedBytes + exprBytes(newStorage) - exprBytes(dest.storage) + bigMapBytes;
  const paidDiff = used > current.paidBytes ? used - current.paidBytes : 0;
  setAccount(ctx.state, {
    ...current,
    storage: newStorage,
    usedBytes: used,
    paidBytes: Math.max(current.paidBytes, used),
  });
  const tickets = settleTickets(ctx, dest.address, newStorage, loaded.typed.storage, r.operationValues);
  const paid = BigInt(paidDiff) + tickets.paid;
  storage.paid += paid;
  if (paid > 0n) updates.push(...burnUpdates(t.payer, paid * CONSTANTS.costPerByte, 'storage fees'));
  const result: Json = {
    status: 'applied',
    storage: newStorage,
    big_map_diff: r.bigMapDiff.length > 0 ? r.bigMapDiff : undefined,
    balance_updates: updates,
    ticket_updates: tickets.receipt.length > 0 ? tickets.receipt : undefined,
    consumed_milligas: r.consumedMilligas.toString(),
    storage_size: used.toString(),
    paid_storage_size_diff: paid.toString(),
    lazy_storage_diff: r.bigMapDiff.length > 0 ? lazyStorageDiff(r.bigMapDiff) : undefined,
  };
  return { result: orderResult(result), emitted: [...r.operationValues] };
}

function failureErrors(
  e: MichelsonFailure,
  contract: string,
  parameter: Expr | undefined,
  loaded: LoadedScript,
): TezosError[] {
  const runtime = tezosError('temporary', 'michelson_v1.runtime_error', {
    contract_handle: contract,
    contract_code: 'Deprecated',
  });
  switch (e.kind) {
    case 'script_rejected':
      return [
        runtime,
        tezosError('temporary', 'michelson_v1.script_rejected', {
          location: 0,
          with: e.failedWith ?? { prim: 'Unit' },
        }),
      ];
    case 'gas_exhausted':
      return [tezosError('temporary', 'gas_exhausted.operation')];
    case 'overflow':
      return [runtime, tezosError('temporary', 'michelson_v1.script_overflow', { location: 0 })];
    case 'typecheck':
      if (/Ill typed parameter/.test(e.message)) {
        return [
          tezosError('permanent', 'michelson_v1.bad_contract_parameter', { contract }),
          tezosError('permanent', 'michelson_v1.invalid_constant', {
            location: 0,
            expected_type: loaded.typed.parameter,
            wrong_expression: parameter ?? { prim: 'Unit' },
          }),
        ];
      }
      return [runtime, tezosError('permanent', 'michelson_v1.ill_typed_data', { message: e.message }), ...vmTrace(e)];
    default:
      return [runtime, tezosError('temporary', 'michelson_v1.runtime_failure', { message: e.message })];
  }
}

/**
 * A contract's ticket accounting after its run (tickets.ts): its rows follow its new storage, the tickets its operations
 * carry are credited to their destinations. Returns the bytes to pay for the table's growth and the receipt.
 */
function settleTickets(
  ctx: GroupCtx,
  contract: string,
  storageExpr: Expr,
  storageType: Prim,
  ops: readonly Operation[],
): { paid: bigint; receipt: Json[] } {
  const held = ticketsIn(storageExpr, storageType, ctx.state);
  const sent = [];
  for (const { op } of ops) {
    if (op.kind === 'transaction' && op.parameterType.prim !== 'unit') {
      const tickets = ticketsIn(unparseData(op.parameter, op.parameterType, 'optimized'), op.parameterType, ctx.state);
      if (tickets.size > 0) sent.push({ destination: addressToString(new Address(op.destination.raw, '')), tickets });
    } else if (op.kind === 'origination') {
      const tickets = ticketsIn(
        unparseData(op.storage, op.script.storageType, 'optimized'),
        op.script.storageType,
        ctx.state,
      );
      if (tickets.size > 0) sent.push({ destination: addressToString(op.address), tickets });
    }
  }
  if (held.size === 0 && sent.length === 0 && ctx.state.ticketBalances.size === 0) return { paid: 0n, receipt: [] };
  const { grown, receipt } = settleContractTickets(ctx.state, contract, held, sent);
  return { paid: chargeTableGrowth(ctx.state, grown), receipt };
}

/**
 * `increase_paid_storage` (apply.ml, contract_storage.ml, fees_storage.ml): the source buys `amount` more bytes of a
 * contract's paid space at cost_per_byte; the burn is not held to the storage limit, and the contract's later growth
 * is free up to the new paid space.
 */
function increasePaidStorage(ctx: GroupCtx, c: Content, gas: Gas): Json {
  const destination = c.destination ?? '';
  const contract = ctx.state.accounts.get(destination);
  if (contract?.kind !== 'originated') {
    throw applyError('permanent', 'context.storage_error', {
      missing_key: ['contracts', 'index', destination, 'paid_bytes'],
      function: 'get',
    });
  }
  const bytes = BigInt(c.amount ?? '0');
  if (bytes <= 0n) throw applyError('permanent', 'contract.negative_storage_input');
  const burn = bytes * CONSTANTS.costPerByte;
  let debited: Json[];
  try {
    debited = debit(ctx, c.source, burn);
  } catch (e) {
    if (e instanceof ApplyError)
      throw new ApplyError([tezosError('temporary', 'contract.cannot_pay_storage_fee'), ...e.errors]);
    throw e;
  }
  deallocateIfEmpty(ctx.state, c.source);
  setAccount(ctx.state, { ...contract, paidBytes: contract.paidBytes + Number(bytes) });
  return {
    status: 'applied',
    balance_updates: [
      ...debited,
      { kind: 'burned', category: 'storage fees', change: burn.toString(), origin: 'block' },
    ],
    consumed_milligas: gas.used.toString(),
  };
}

/**
 * `register_global_constant` (apply.ml, global_constants_storage.ml): stores the expression under its hash; the
 * source pays its bytes plus 65 for the key (fees_storage.ml `record_global_constant_storage_space`).
 */
function registerGlobalConstant(ctx: GroupCtx, c: Content, gas: Gas, storage: Storage): Json {
  const value = c.value ?? { prim: 'Unit' };
  // apply.ml decodes the value first (`Script.Always`): 20 milligas per byte.
  consume(gas, BigInt(deserializationFromBytes(exprBinary(value).length)));
  const registered = registerConstant(value, ctx.state.globalConstants);
  consume(gas, registered.milligas);
  ctx.state.globalConstants.set(registered.hash, value);
  const size = BigInt(registered.bytes) + 65n;
  storage.paid += size;
  return {
    status: 'applied',
    balance_updates: burnUpdates(c.source, size * CONSTANTS.costPerByte, 'storage fees'),
    consumed_milligas: gas.used.toString(),
    storage_size: size.toString(),
    global_address: registered.hash,
  };
}

/**
 * `transfer_ticket` (apply.ml, ticket_transfer.ml): an implicit account sends tickets it holds. To an implicit account
 * the rows move at once; to a contract they move to it and an internal transaction, from the source with no tez,
 * passes the ticket to the entrypoint (which must take it).
 */
function transferTicket(ctx: GroupCtx, c: Content, gas: Gas, storage: Storage): { result: Json; emitted: Operation[] } {
  const destination = c.destination ?? '';
  const entrypoint = c.entrypoint ?? 'default';
  const contents = c.ticket_contents ?? { prim: 'Unit' };
  const contentType = c.ticket_ty ?? { prim: 'unit' };
  // ticket_transfer.ml parses the contents' type, then the contents at that type.
  consume(gas, BigInt(add(typeParsingCost(contentType), dataTypecheckingCost(contents, contentType as Prim))));
  const toContract = destination.startsWith('KT1');
  if (!toContract && entrypoint !== 'default')
    throw applyError('permanent', 'michelson_v1.no_such_entrypoint', { entrypoint });
  if (toContract && ctx.state.accounts.get(destination)?.kind !== 'originated')
    throw applyError('temporary', 'contract.non_existing_contract', { contract: destination });
  let token: KeyedToken;
  let value: Value;
  try {
    token = ticketToken({ string: c.ticket_ticketer ?? '' }, contentType, contents);
    value = contentsValue(token);
  } catch (e) {
    throw applyError('permanent', 'michelson_v1.invalid_constant', {
      location: 0,
      expected_type: contentType,
      wrong_expression: contents,
      message: (e as Error).message,
    });
  }
  const amount = BigInt(c.ticket_amount ?? '0');
  const grown =
    adjustBalance(ctx.state, c.source, token, -amount) + adjustBalance(ctx.state, destination, token, amount);
  const paid = chargeTableGrowth(ctx.state, grown);
  storage.paid += paid;
  const updates = [{ account: c.source, amount: (-amount).toString() }];
  // To a contract, its credit shows in the internal transaction's receipt.
  if (!toContract) updates.push({ account: destination, amount: amount.toString() });
  const result: Json = {
    status: 'applied',
    balance_updates: paid > 0n ? burnUpdates(c.source, paid * CONSTANTS.costPerByte, 'storage fees') : [],
    ticket_updates: [{ ticket_token: token.token, updates }],
    consumed_milligas: gas.used.toString(),
    ...(paid > 0n ? { paid_storage_size_diff: paid.toString() } : {}),
  };
  if (!toContract) return { result, emitted: [] };
  const contentsType = token.token.content_type as Prim;
  const ticketer = addressFromString(token.token.ticketer);
  const op = new Operation(
    {
      kind: 'transaction',
      amount: 0n,
      destination: new Address(addressFromString(destination).raw, entrypoint === 'default' ? '' : entrypoint),
      parameter: new Ticket(new Address(ticketer.raw, ''), contentsType, value, amount),
      parameterType: { prim: 'ticket', args: [contentsType] },
    },
    addressFromString(c.source),
    0,
  );
  return { result, emitted: [op] };
}

interface Origination {
  readonly payer: string;
  readonly sender: string;
  readonly balance: bigint;
  readonly code: Expr[];
  readonly storageExpr: Expr;
  readonly delegate?: string;
  /** Internal originations come with the address CREATE_CONTRACT computed. */
  readonly address?: string;
}

function originate(ctx: GroupCtx, o: Origination, gas: Gas, storage: Storage): { result: Json } {
  const address = o.address ?? nextOriginatedAddress(ctx);
  // Constants are expanded before typechecking (Octez's parse_toplevel); the script is stored as written.
  consume(gas, expandConstants(o.code, ctx.state.globalConstants).milligas);
  let loaded: LoadedScript;
  try {
    loaded = ctx.env.loaded(address, o.code, ctx.state.globalConstants);
  } catch (e) {
    throw new ApplyError([
      tezosError('permanent', 'michelson_v1.ill_typed_contract', { message: (e as Error).message }),
      ...vmTrace(e),
    ]);
  }
  // apply.ml decodes a signed origination's storage and code (`Script.Always`) before typechecking them.
  if (o.address === undefined)
    consume(
      gas,
      BigInt(deserializationFromBytes(exprBytes(o.storageExpr)) + deserializationFromBytes(exprBytes(o.code))),
    );
  // parse_script, then (apply.ml) parse_views: the code's typechecking, the storage's, the views'.
  consume(
    gas,
    BigInt(loaded.parsingCost) +
      BigInt(dataTypecheckingCost(o.storageExpr, loaded.typed.storage, loaded.typed.trace)) +
      BigInt(viewsTypecheckingCost(loaded.typed)),
  );
  let value;
  try {
    value = loaded.compiler.data(o.storageExpr, loaded.typed.storage);
  } catch (e) {
    throw new ApplyError([
      tezosError('permanent', 'michelson_v1.ill_typed_data', {
        expected_type: loaded.typed.storage,
        ill_typed_expression: o.storageExpr,
        message: (e as Error).message,
      }),
      ...vmTrace(e),
    ]);
  }
  const host = ctx.env.host(ctx.state);
  // Every big_map of a new contract is new: literals get allocated, and one passed in by CREATE_CONTRACT
  // (already stored under its creator) is copied, as Octez does; hence an initial storage with no ids.
  const initial = mapBigMaps(value, loaded.typed.storage, (m) => new BigMap(null, m.keyType, m.valueType, new Map()));
  const settled = settleBigMaps(value, loaded.typed.storage, initial, host);
  const storageExpr = unparseData(settled.value, loaded.typed.storage, 'optimized');
  const updates = debit(ctx, o.sender, o.balance);
  if (o.balance > 0n)
    updates.push({ kind: 'contract', contract: address, change: o.balance.toString(), origin: 'block' });
  consume(gas, BigInt(bigMapWrites(settled.diff)));
  const bigMapBytes = applyBigMapDiff(
    ctx.state,
    settled.diff,
    address,
    storageAnnots(loaded.typed.storage, unparseData(settled.value, loaded.typed.storage, 'optimized_legacy')),
  );
  // apply_origination unparses storage and code, then contract_storage.ml `raw_originate` writes both.
  // collect_lazy_storage and extract_lazy_storage_diff walk the storage (script_ir_translator.ml).
  const walks = add(
    lazyStorageSteps(loaded.typed.storage, value, true),
    lazyStorageSteps(loaded.typed.storage, value, false),
  );
  consume(gas, BigInt(add(walks, bigMapDiffCost(settled.diff))));
  consume(
    gas,
    BigInt(
      add(
        dataUnparsingRec(storageExpr, loaded.typed.storage, loaded.typed.trace),
        codeUnparsingCost(o.code, loaded.typed.trace),
      ),
    ),
  );
  // Both unparsings end with `account_for_future_serialization_cost`.
  consume(gas, BigInt(futureSerialization(storageExpr) + futureSerialization(o.code)));
  consume(
    gas,
    BigInt(scriptEntryWrite(o.code, exprBytes(o.code)) + scriptEntryWrite(storageExpr, exprBytes(storageExpr))),
  );
  // Each of code and storage is stored as a lazy expression, with its 4-byte length prefix.
  const used =
    exprBytes(o.code) +
    LAZY_EXPR_PREFIX +
    exprBytes(storageExpr) +
    LAZY_EXPR_PREFIX +
    bigMapBytes +
    allocSaplingStates(ctx.state, settled.saplingAllocs);
  setAccount(ctx.state, {
    kind: 'originated',
    address,
    balance: o.balance,
    script: o.code,
    storage: storageExpr,
    ...(o.delegate ? { delegate: o.delegate } : {}),
    firstLevel: ctx.env.level,
    usedBytes: used,
    paidBytes: used,
  });
  deallocateIfEmpty(ctx.state, o.sender);
  storage.paid += BigInt(used);
  storage.allocations += 1n;
  updates.push(...burnUpdates(o.payer, BigInt(used) * CONSTANTS.costPerByte, 'storage fees'));
  updates.push(...burnUpdates(o.payer, CONSTANTS.originationSize * CONSTANTS.costPerByte, 'storage fees'));
  const result: Json = {
    status: 'applied',
    big_map_diff: settled.diff.length > 0 ? settled.diff : undefined,
    balance_updates: updates,
    originated_contracts: [address],
    consumed_milligas: gas.used.toString(),
    storage_size: used.toString(),
    paid_storage_size_diff: used.toString(),
    lazy_storage_diff:
      settled.diff.length + settled.saplingAllocs.length > 0
        ? [...lazyStorageDiff(settled.diff), ...settled.saplingAllocs.map(saplingAllocDiff)]
        : undefined,
  };
  return { result: orderResult(result) };
}

/** KT1 of the group's next origination: blake2b-160 of the operation hash and a 32-bit index (Octez's origination nonce). */
function nextOriginatedAddress(ctx: GroupCtx): string {
  const seed = new Uint8Array(36);
  seed.set(ctx.hash, 0);
  new DataView(seed.buffer).setInt32(32, ctx.originations++);
  return addressToString(originatedAddress(blake2b160(seed)));
}

export const operationHash = (signedBytes: Uint8Array): { raw: Uint8Array; b58: string } => {
  const raw = blake2b256(signedBytes);
  return { raw, b58: b58Encode(raw, PrefixV2.OperationHash) };
};

// ---------------------------------------------------------------------------------------------
// big_maps

/** Field annotations of the big_maps in a storage (Optimized_legacy, binary pairs): id → annotation. */
function storageAnnots(t: Prim, v: Expr): Map<bigint, string> {
  const out = new Map<bigint, string>();
  const walk = (ty: Prim, e: Expr): void => {
    if (Array.isArray(e) && ty.prim !== 'pair') return;
    const p = !Array.isArray(e) && 'prim' in e ? e : undefined;
    switch (ty.prim) {
      case 'big_map':
        if (!Array.isArray(e) && 'int' in e) {
          const annot = ty.annots?.find((a) => a.startsWith('%'))?.slice(1);
          if (annot) out.set(BigInt(e.int), annot);
        }
        return;
      case 'pair': {
        const [l, r] = pairTypes(ty);
        const args = Array.isArray(e) ? e : p?.args;
        if (!args || args.length < 2) return;
        walk(l, args[0]!);
        walk(r, args.length === 2 ? args[1]! : { prim: 'Pair', args: args.slice(1) });
        return;
      }
      case 'option':
        if (p?.prim === 'Some') walk(ty.args![0] as Prim, p.args![0]!);
        return;
      case 'or':
        if (p?.prim === 'Left') walk(ty.args![0] as Prim, p.args![0]!);
        if (p?.prim === 'Right') walk(ty.args![1] as Prim, p.args![0]!);
        return;
      default:
        return;
    }
  };
  walk(t, v);
  return out;
}

/**
 * lazy_storage_diff.ml: each big_map update is `Big_map.Contents.add` of its value, a carbonated write that also
 * pays the allocation of its bytes (storage_functors.ml `consume_serialize_write_gas`); a removal is
 * `Big_map.Contents.remove`, a write of no bytes (`consume_remove_gas`), whether or not the key was bound.
 */
export function bigMapWrites(diff: readonly BigMapDiff[]): number {
  let milligas = 0;
  for (const d of diff) {
    if (d.action !== 'update') continue;
    const written =
      d.value === undefined ? writeAccess(0) : add(allocBytes(exprBytes(d.value)), writeAccess(exprBytes(d.value)));
    milligas = add(milligas, written);
  }
  return milligas;
}

/**
 * lazy_storage_diff.ml: a stored big_map takes 33 bytes (`bytes_size_for_empty`), each entry 65
 * (`bytes_size_for_big_map_key`, the key is stored as its hash) plus its value's bytes.
 */
const BIG_MAP_BYTES = 33;
const entryBytes = (e: BigMapEntry): number => 65 + exprBytes(e.value);

/** Applies a run's diff to the stored big_maps; returns the bytes it added (negative when it freed some). */
function applyBigMapDiff(
  state: State,
  diff: readonly BigMapDiff[],
  contract: string,
  annots?: Map<bigint, string>,
): number {
  let bytes = 0;
  // Copy-on-write (the state may be a fork that is dropped): each map is copied once per diff.
  const copies = new Map<bigint, { entries: Map<string, BigMapEntry>; byHash: Map<string, string>; m: BigMapState }>();
  const edit = (id: bigint): { entries: Map<string, BigMapEntry>; byHash: Map<string, string>; m: BigMapState } => {
    const done = copies.get(id);
    if (done) return done;
    const m = state.bigMaps.get(id);
    if (!m) throw applyError('permanent', 'big_map.not_found', { big_map: id.toString() });
    const copy = { ...m, entries: new Map(m.entries), byHash: new Map(m.byHash) };
    state.bigMaps.set(id, copy);
    const editable = { entries: copy.entries, byHash: copy.byHash, m: copy };
    copies.set(id, editable);
    return editable;
  };
  for (const d of diff) {
    switch (d.action) {
      case 'alloc': {
        const id = BigInt(d.big_map);
        const path = annots?.get(id);
        state.bigMaps.set(id, {
          id,
          keyType: d.key_type as Prim,
          valueType: d.value_type as Prim,
          entries: new Map(),
          byHash: new Map(),
          contract,
          ...(path ? { path } : {}),
        });
        bytes += BIG_MAP_BYTES;
        break;
      }
      case 'copy': {
        const src = state.bigMaps.get(BigInt(d.source_big_map));
        if (!src) break;
        const id = BigInt(d.destination_big_map);
        const path = annots?.get(id);
        const { path: _p, ...rest } = src;
        state.bigMaps.set(id, {
          ...rest,
          id,
          entries: new Map(src.entries),
          byHash: new Map(src.byHash),
          contract,
          ...(path ? { path } : {}),
        });
        bytes += BIG_MAP_BYTES;
        for (const e of src.entries.values()) bytes += entryBytes(e);
        break;
      }
      case 'remove': {
        // A stored big_map dropped from the storage frees its bytes.
        const m = state.bigMaps.get(BigInt(d.big_map));
        if (m) for (const e of m.entries.values()) bytes -= entryBytes(e);
        if (m) bytes -= BIG_MAP_BYTES;
        state.bigMaps.delete(BigInt(d.big_map));
        break;
      }
      case 'update': {
        const { entries, byHash, m } = edit(BigInt(d.big_map));
        const hex = bigMapKeyHex(d.key, m.keyType);
        const old = entries.get(hex);
        if (old) bytes -= entryBytes(old);
        if (d.value === undefined) {
          entries.delete(hex);
          byHash.delete(d.key_hash);
        } else {
          const e = { keyHash: d.key_hash, key: d.key, value: d.value };
          entries.set(hex, e);
          byHash.set(d.key_hash, hex);
          bytes += entryBytes(e);
        }
        break;
      }
    }
    if (d.action === 'alloc' || d.action === 'copy') {
      const id = BigInt(d.action === 'alloc' ? d.big_map : d.destination_big_map);
      if (id >= state.nextBigMapId) state.nextBigMapId = id + 1n;
    }
  }
  return bytes;
}

/** Takes the lazy-storage ids of new (empty) Sapling states; gives back their bytes, 33 each (lazy_storage_diff.ml). */
function allocSaplingStates(state: State, allocs: readonly SaplingState[]): number {
  for (const a of allocs) if (a.id !== null && a.id >= state.nextBigMapId) state.nextBigMapId = a.id + 1n;
  return 33 * allocs.length;
}

/** A new Sapling state in the RPC's `lazy_storage_diff`. */
const saplingAllocDiff = (a: SaplingState): Json => ({
  kind: 'sapling_state',
  id: String(a.id),
  diff: { action: 'alloc', updates: { commitments_and_ciphertexts: [], nullifiers: [] }, memo_size: a.memoSize },
});

/** The RPC's `lazy_storage_diff` form of a legacy big_map diff. */
function lazyStorageDiff(diff: readonly BigMapDiff[]): Json[] {
  const out = new Map<string, Json>();
  for (const d of diff) {
    switch (d.action) {
      case 'remove':
        out.set(d.big_map, { kind: 'big_map', id: d.big_map, diff: { action: 'remove' } });
        break;
      case 'alloc':
        out.set(d.big_map, {
          kind: 'big_map',
          id: d.big_map,
          diff: { action: 'alloc', updates: [], key_type: d.key_type, value_type: d.value_type },
        });
        break;
      case 'copy':
        out.set(d.destination_big_map, {
          kind: 'big_map',
          id: d.destination_big_map,
          diff: { action: 'copy', source: d.source_big_map, updates: [] },
        });
        break;
      case 'update': {
        let entry = out.get(d.big_map);
        if (!entry) {
          entry = { kind: 'big_map', id: d.big_map, diff: { action: 'update', updates: [] } };
          out.set(d.big_map, entry);
        }
        ((entry.diff as Json).updates as Json[]).push({
          key_hash: d.key_hash,
          key: d.key,
          ...(d.value === undefined ? {} : { value: d.value }),
        });
        break;
      }
    }
  }
  return [...out.values()];
}

// ---------------------------------------------------------------------------------------------
// sizes

const zarithBytes = (n: bigint): number => {
  const bits = (n < 0n ? -n : n).toString(2).length;
  return bits <= 6 ? 1 : 1 + Math.ceil((bits - 6) / 7);
};

/** Bytes of an expression's binary Micheline encoding (what the protocol charges storage for). */
export function exprBytes(e: Expr): number {
  if (Array.isArray(e)) return 5 + e.reduce((n: number, x: Expr) => n + exprBytes(x), 0);
  if ('int' in e) return 1 + zarithBytes(BigInt(e.int));
  if ('string' in e) return 5 + Buffer.byteLength(e.string);
  if ('bytes' in e) return 5 + e.bytes.length / 2;
  const args = (e.args ?? []).reduce((n: number, x: Expr) => n + exprBytes(x), 0);
  const annots = e.annots && e.annots.length > 0 ? 4 + Buffer.byteLength(e.annots.join(' ')) : 0;
  return 2 + args + annots + ((e.args?.length ?? 0) > 2 ? 8 : 0);
}
