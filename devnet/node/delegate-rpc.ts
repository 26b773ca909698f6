/**
 * The delegates' RPCs (lib_plugin/delegate_services.ml of protocol 025 Ushuaia), with Octez's JSON shapes. The
 * devnet's delegates are its registered ones (`state.delegates`: the bootstrap accounts, and whoever delegates to
 * itself). Nothing is staked, frozen or bonded on the devnet — every balance is spendable — so those figures are 0, a
 * delegate has no baking rights nor participation, and none is ever deactivated: what Octez answers for a delegate
 * without frozen deposits.
 */
import { ValidationResult, validateKeyHash } from '@taquito/utils';
import { NodeError, tezosError } from './errors';
import type { Account, State } from './state';

/** An answer resto gives itself, as text (a query or a path argument it cannot parse). */
export class PlainTextAnswer extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
  ) {
    super(text);
  }
}

// The devnet's constants (rpc.ts `constantsJson`), and Ushuaia's fixed slashing_delay (constants_repr.ml).
const BLOCKS_PER_CYCLE = 8192;
const CONSENSUS_RIGHTS_DELAY = 2;
const TOLERATED_INACTIVITY_PERIOD = 2;
const SLASHING_DELAY = 1;
const MINIMAL_STAKE = 6_000_000_000n;
const MAX_PROPOSALS_PER_DELEGATE = 20;

const cycleOf = (level: number): number => Math.floor(Math.max(0, level - 1) / BLOCKS_PER_CYCLE);

/**
 * Octez's listing order for sets of key hashes (storage_functors.ml `elements`): the context's sorted fold, its
 * path starting with the curve's name, each element prepended — so curves in reverse name order (secp256k1 tz2,
 * p256 tz3, ed25519 tz1, bls tz4), then hashes descending (same-length base58 sorts as the bytes do).
 */
const CURVE_RANK: Record<string, number> = { tz2: 0, tz3: 1, tz1: 2, tz4: 3 };
const byKeyHashListing = (a: string, b: string): number =>
  (CURVE_RANK[a.slice(0, 3)] ?? 4) - (CURVE_RANK[b.slice(0, 3)] ?? 4) || (a < b ? 1 : a > b ? -1 : 0);

/** The same for contracts (contract_repr.ml `Index`, hex of the binary form): originated first, then implicit. */
const byContractListing = (a: string, b: string): number => {
  const originated = (x: string): number => (x.startsWith('KT1') ? 0 : 1);
  return originated(a) - originated(b) || byKeyHashListing(a, b);
};

/**
 * The listings: the registered delegates (the bootstrap accounts, as in Octez's sandbox) with their balance as voting
 * power — the figure VOTING_POWER and TOTAL_VOTING_POWER give contracts (host.ts) — in key order, as Octez lists them.
 */
export function listings(state: State): { pkh: string; voting_power: bigint }[] {
  return [...state.delegates]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((pkh) => ({ pkh, voting_power: state.accounts.get(pkh)?.balance ?? 0n }));
}

/** `…/context/delegates/{pkh}/voting_info` (vote_storage.ml `get_delegate_info`; fields at their default are omitted). */
export function delegateVotingInfo(state: State, pkh: string): Record<string, unknown> {
  const listed = listings(state).find((l) => l.pkh === pkh);
  // A proposal period: a listed delegate may still make max_proposals_per_delegate proposals.
  return listed
    ? { voting_power: listed.voting_power.toString(), remaining_proposals: MAX_PROPOSALS_PER_DELEGATE }
    : {};
}

const delegatorsOf = (state: State, pkh: string): Account[] =>
  [...state.accounts.values()].filter((a) => a.delegate === pkh);

/** What Octez computes for a registered delegate, from the devnet's balances. */
function stake(state: State, pkh: string) {
  const own = state.accounts.get(pkh)?.balance ?? 0n;
  const delegated = delegatorsOf(state, pkh).reduce((n, a) => n + a.balance, 0n);
  return { own, delegated, external: delegated - own };
}

const zero = '0';

/** `participation_info` of a delegate with no stake in the cycle's distribution (delegate_missed_attestations_storage.ml). */
const NO_PARTICIPATION = {
  expected_cycle_activity: 0,
  minimal_cycle_activity: 0,
  missed_slots: 0,
  missed_levels: 0,
  remaining_allowed_missed_slots: 0,
  expected_attesting_rewards: zero,
};

/** staking_parameters_repr.ml `default`: no external staking accepted, every reward kept. */
const DEFAULT_STAKING_PARAMETERS = {
  limit_of_staking_over_baking_millionth: 0,
  edge_of_baking_over_staking_billionth: 1_000_000_000,
};

/**
 * The deposits unstaked per cycle, from the last cycle whose unstake requests can be finalized
 * (cycle_storage.ml `greatest_unstake_finalizable_cycle`, at least the first) to the current one.
 */
function unstakedPerCycle(level: number): { cycle: number; deposit: string }[] {
  const current = cycleOf(level);
  const first = Math.max(0, current - (CONSENSUS_RIGHTS_DELAY + SLASHING_DELAY + 1));
  return Array.from({ length: current - first + 1 }, (_, i) => ({ cycle: first + i, deposit: zero }));
}

/**
 * `Delegate_services.info` (info_encoding, in its field order). A delegate is active, as one the chain has just
 * seen, so its grace period ends `tolerated_inactivity_period + consensus_rights_delay` cycles on
 * (delegate_activation_storage.ml `set_active` for a new delegate). `min_delegated_in_current_cycle` is the current
 * figure without its level: the devnet keeps no per-cycle history of it.
 */
function info(state: State, level: number, pkh: string): Record<string, unknown> {
  const s = stake(state, pkh);
  const account = state.accounts.get(pkh);
  return {
    deactivated: false,
    is_forbidden: false,
    participation: NO_PARTICIPATION,
    grace_period: cycleOf(level) + TOLERATED_INACTIVITY_PERIOD + CONSENSUS_RIGHTS_DELAY,
    active_staking_parameters: DEFAULT_STAKING_PARAMETERS,
    pending_staking_parameters: [],
    baking_power: zero,
    total_staked: zero,
    total_delegated: s.delegated.toString(),
    min_delegated_in_current_cycle: { amount: s.delegated.toString() },
    own_full_balance: s.own.toString(),
    own_staked: zero,
    own_delegated: s.own.toString(),
    external_staked: zero,
    external_delegated: s.external.toString(),
    total_unstaked_per_cycle: unstakedPerCycle(level),
    denunciations: [],
    estimated_shared_pending_slashed_amount: zero,
    staking_denominator: zero,
    // The voting power from the current stake; `voting_power` is the listings' (vote_storage.ml).
    current_voting_power: s.delegated.toString(),
    voting_power: (listings(state).find((l) => l.pkh === pkh)?.voting_power ?? 0n).toString(),
    voting_info: delegateVotingInfo(state, pkh),
    // Its own key: no consensus key is ever set on the devnet.
    consensus_key: { active: { pkh, pk: account?.kind === 'implicit' ? account.publicKey : undefined } },
    companion_key: { active: null },
    stakers: [],
    delegators: delegatorsOf(state, pkh)
      .map((a) => a.address)
      .sort(byContractListing),
  };
}

/**
 * The sub-RPCs of `…/delegates/{pkh}`: each a field of the info, or a deprecated name for one (`Deprecated` in
 * delegate_services.ml). Those Octez answers for any key hash are marked `anyone`; the others check registration.
 */
const SUB_ROUTES = new Map<string, { field: (i: Record<string, unknown>) => unknown; anyone?: true }>(
  Object.entries({
    is_forbidden: { field: (i) => i.is_forbidden, anyone: true },
    stakers: { field: (i) => i.stakers },
    own_full_balance: { field: (i) => i.own_full_balance },
    full_balance: { field: (i) => i.own_full_balance },
    total_staked: { field: (i) => i.total_staked },
    current_frozen_deposits: { field: (i) => i.total_staked },
    frozen_deposits: { field: () => zero },
    total_unstaked_per_cycle: { field: (i) => i.total_unstaked_per_cycle },
    unstaked_frozen_deposits: { field: (i) => i.total_unstaked_per_cycle },
    total_delegated: { field: (i) => i.total_delegated },
    staking_balance: { field: (i) => i.total_delegated },
    frozen_deposits_limit: { field: () => null },
    delegators: { field: (i) => i.delegators },
    delegated_contracts: { field: (i) => i.delegators },
    external_staked: { field: (i) => i.external_staked },
    total_delegated_stake: { field: (i) => i.external_staked },
    own_staked: { field: (i) => i.own_staked },
    own_delegated: { field: (i) => i.own_delegated },
    external_delegated: { field: (i) => i.external_delegated },
    delegated_balance: { field: (i) => i.external_delegated },
    staking_denominator: { field: (i) => i.staking_denominator },
    deactivated: { field: (i) => i.deactivated },
    grace_period: { field: (i) => i.grace_period },
    current_voting_power: { field: (i) => i.current_voting_power },
    voting_power: { field: (i) => i.voting_power },
    baking_power: { field: (i) => i.baking_power },
    current_baking_power: { field: (i) => i.baking_power },
    participation: { field: (i) => i.participation },
    active_staking_parameters: { field: (i) => i.active_staking_parameters, anyone: true },
    pending_staking_parameters: { field: (i) => i.pending_staking_parameters, anyone: true },
    denunciations: { field: (i) => i.denunciations, anyone: true },
    estimated_shared_pending_slashed_amount: { field: (i) => i.estimated_shared_pending_slashed_amount },
    min_delegated_in_current_cycle: { field: (i) => i.min_delegated_in_current_cycle },
    consensus_key: { field: (i) => i.consensus_key },
    companion_key: { field: (i) => i.companion_key },
  }),
);

/** resto's reading of a `flag` query argument (resto.ml `bool_of_string`); absent is false. */
function flag(query: URLSearchParams, name: string): boolean {
  const values = query.getAll(name);
  if (values.length > 1) throw badQuery(`Duplicate argument '${name}' in query string.`);
  const v = values[0];
  if (v === undefined) return false;
  if (['', 'true', 't', 'yes', 'y'].includes(v.toLowerCase())) return true;
  if (['false', 'f', 'no', 'n'].includes(v.toLowerCase())) return false;
  throw badQuery(`Failed to parse argument '${name}' (${JSON.stringify(v)}): Cannot parse boolean value`);
}

const badQuery = (message: string): PlainTextAnswer =>
  new PlainTextAnswer(400, `Failed to parse the query string: ${message}`);

/**
 * `GET …/context/delegates`: every registered delegate; `active`/`inactive` and `with_minimal_stake`/
 * `without_minimal_stake` each keep one side when only it is set (a pair set or unset keeps all). The staking
 * balance set against minimal_stake is the delegated total (nothing is staked).
 */
function listDelegates(state: State, query: URLSearchParams): string[] {
  const active = flag(query, 'active');
  const inactive = flag(query, 'inactive');
  const withMinimal = flag(query, 'with_minimal_stake');
  const withoutMinimal = flag(query, 'without_minimal_stake');
  return [...state.delegates]
    .filter(() => active || !inactive) // none is deactivated: `inactive` alone keeps none
    .filter((pkh) => {
      if (withMinimal === withoutMinimal) return true;
      return stake(state, pkh).delegated >= MINIMAL_STAKE === withMinimal;
    })
    .sort(byKeyHashListing);
}

const notRegistered = (pkh: string): NodeError =>
  new NodeError([tezosError('temporary', 'delegate.not_registered', { pkh })]);

/**
 * The routes under `…/context/delegates` and `…/context/total_currently_staked` (`rest` is the path after the
 * block); undefined when `rest` is none of them (the caller answers 404). `blockPath` is the path up to the block id,
 * for resto's message on a key hash it cannot parse.
 */
export function delegatesRoute(
  state: State,
  level: number,
  rest: string,
  query: URLSearchParams,
  blockPath: string,
): unknown {
  if (rest === '/context/total_currently_staked') return { delegates: zero, delegators: zero, overstaked: zero };
  if (rest === '/context/delegates') return listDelegates(state, query);
  const m = /^\/context\/delegates\/([^/]+)(?:\/([^/]+))?$/.exec(rest);
  if (!m) return undefined;
  const pkh = decodeURIComponent(m[1]!);
  if (validateKeyHash(pkh) !== ValidationResult.VALID)
    throw new PlainTextAnswer(
      400,
      `Failed to parsed an argument in path. After "${blockPath}/context/delegates", the value "${pkh}" is not acceptable for type "pkh"`,
    );
  const registered = state.delegates.has(pkh);
  if (m[2] === undefined) {
    if (!registered) throw notRegistered(pkh);
    return info(state, level, pkh);
  }
  const sub = SUB_ROUTES.get(m[2]);
  if (!sub) return undefined;
  if (!registered && !sub.anyone) {
    // The balance RPCs trace their own error over the registration check (delegate_services.ml `f_own_full_balance`).
    if (m[2] === 'full_balance' || m[2] === 'own_full_balance')
      throw new NodeError([
        tezosError('temporary', 'delegate_service.balance_rpc_on_non_delegate', { pkh }),
        tezosError('temporary', 'delegate.not_registered', { pkh }),
      ]);
    throw notRegistered(pkh);
  }
  return sub.field(info(state, level, pkh));
}
