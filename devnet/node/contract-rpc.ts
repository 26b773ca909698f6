/**
 * Contract RPCs with Octez's answers (lib_plugin/contract_services.ml and RPC.ml of protocol 025 Ushuaia) where the
 * devnet's state differs from Octez's context:
 * - the code: Octez stores it as `unparse_code Optimized` leaves it at origination (apply.ml, "Normalize code to
 *   avoid #843"): global constants expanded and each PUSH datum in optimized form, which `…/script` answers; the
 *   contract's info and `script/normalized` unparse it again, in Readable mode or the mode asked. The devnet keeps
 *   the code as originated, so these forms are derived from it.
 * - the storage, which `…/storage` and the info give in Readable mode (the devnet stores it optimized);
 * - stake and bonds: nothing is staked, unstaked or bonded on the devnet, so those balances are 0 or none.
 */
import { unparseCode, unparseData, type UnparsingMode } from '../michelson/data';
import type { Expr } from '../michelson/micheline';
import { expandConstants } from './global-constants';
import type { Chain } from './local-chain';
import type { OriginatedAccount, State } from './state';

/** By code as originated (a registered constant never changes), then by mode. */
const codes = new WeakMap<Expr[], Map<UnparsingMode, Expr[]>>();

/** The contract's code in `mode`: constants expanded, PUSH data unparsed (`optimized` is the stored form). */
export function contractCode(acc: OriginatedAccount, state: State, mode: UnparsingMode): Expr[] {
  let byMode = codes.get(acc.script);
  if (!byMode) codes.set(acc.script, (byMode = new Map<UnparsingMode, Expr[]>()));
  let code = byMode.get(mode);
  if (!code) {
    code = unparseCode(expandConstants(acc.script, state.globalConstants).expr, mode) as Expr[];
    byMode.set(mode, code);
  }
  return code;
}

export function contractStorage(chain: Chain, acc: OriginatedAccount, mode: UnparsingMode): Expr {
  const l = chain.loaded(acc.address, acc.script);
  return unparseData(l.compiler.data(acc.storage, l.typed.storage), l.typed.storage, mode);
}

/**
 * `GET …/contracts/{id}` (contract_services.ml `info`): an implicit account's counter — the global counter's for one
 * that holds nothing — and whether its key is revealed; an originated contract's script unparsed in Readable mode.
 * Undefined for an originated contract that does not exist.
 */
export function contractInfo(chain: Chain, state: State, id: string): unknown {
  const acc = state.accounts.get(id);
  if (!acc)
    return id.startsWith('tz') ? { balance: '0', counter: state.globalCounter.toString(), revealed: false } : undefined;
  const delegate = acc.delegate ? { delegate: acc.delegate } : {};
  if (acc.kind === 'implicit')
    return {
      balance: acc.balance.toString(),
      ...delegate,
      counter: acc.counter.toString(),
      revealed: acc.publicKey !== undefined,
    };
  return {
    balance: acc.balance.toString(),
    ...delegate,
    script: { code: contractCode(acc, state, 'readable'), storage: contractStorage(chain, acc, 'readable') },
  };
}

/**
 * The contract RPCs about stake and bonds; undefined for any other path, or for an originated contract that does
 * not exist (404, as Octez's `register_field`). The staked balance is none (null) for an originated contract and
 * for an implicit account that has no delegate; the unstaked balances are none for an originated contract.
 */
export function contractStakeRoute(state: State, id: string, sub: string): unknown {
  const acc = state.accounts.get(id);
  const implicit = id.startsWith('tz');
  const exists = acc !== undefined || implicit;
  switch (sub) {
    case '/balance_and_frozen_bonds':
    case '/spendable_and_frozen_bonds':
      return exists ? (acc?.balance ?? 0n).toString() : undefined;
    case '/frozen_bonds':
    case '/staking_numerator':
      return exists ? '0' : undefined;
    case '/staked_balance':
      return exists ? (implicit && acc?.delegate !== undefined ? '0' : null) : undefined;
    case '/unstaked_frozen_balance':
    case '/unstaked_finalizable_balance':
      return exists ? (implicit ? '0' : null) : undefined;
    // Registered without the existence check: any contract answers.
    case '/unstake_requests':
      return null;
    case '/estimated_own_pending_slashed_amount':
      return '0';
    default:
      return undefined;
  }
}
