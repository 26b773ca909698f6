/**
 * TzKT's real-time API (its SignalR hub at `/v1/ws`, Tzkt.Api/Websocket) over the devnet's index: the methods
 * `SubscribeToHead`, `SubscribeToBlocks`, `SubscribeToOperations {address, types, codeHash}`,
 * `SubscribeToTokenTransfers {account, contract, tokenId}`, `SubscribeToTokenBalances` (same parameter) and
 * `SubscribeToAccounts {addresses}`, each answered with the index's level after a state message
 * `{type: 0, state}` on its channel; then, as each block is indexed, a data message `{type: 1, state, data}` on
 * `head`, `blocks`, `operations`, `transfers`, `token_balances` and `accounts` for the subscriptions it matches —
 * data shaped as the REST API's rows (indexer.ts), so a client reads the same objects both ways. The devnet never
 * reorganises, so the reorg message (type 2) is never sent.
 *
 * TzKT's other subscriptions (big_maps, events, cycles, tickets) answer a HubException saying the devnet does not
 * serve them, rather than subscribing to a channel that would stay silent.
 */
import type { Row, TzktIndex } from './indexer';
import type { Json } from './schema';
import { BindingError, HubException, type HubClient, type HubDefinition, type HubMethod } from './signalr';

/** Tzkt.Api/Websocket/Messages/IMessage.cs */
const STATE = 0;
const DATA = 1;

/** Tzkt.Api/Utils/Regexes.cs */
const ADDRESS = /^(tz1|tz2|tz3|tz4|KT1|txr1|sr1)[0-9A-Za-z]{33}$/;
const KT1_ADDRESS = /^KT1[0-9A-Za-z]{33}$/;

/** Subscriptions one connection may hold per method (Tzkt.Api/Websocket/WebsocketConfig.cs). */
const MAX_SUBSCRIPTIONS = 50;

/** The operation types TzKT's `types` accepts (Tzkt.Api/Repositories/Enums/ActivityTypes.cs `TryParseOperation`). */
const OPERATION_TYPES = new Set(
  'activation autostaking baking ballot dal_attestation_reward dal_entrapment_evidence dal_publish_commitment delegation double_baking double_consensus drain_delegate attestation attestation_reward increase_paid_storage migration nonce_revelation origination preattestation proposal register_constant reveal revelation_penalty set_delegate_parameters set_deposits_limit sr_add_messages sr_cement sr_execute sr_originate sr_publish sr_recover_bond sr_refute staking transaction transfer_ticket tx_rollup_commit tx_rollup_dispatch_tickets tx_rollup_finalize_commitment tx_rollup_origination tx_rollup_rejection tx_rollup_remove_commitment tx_rollup_return_bond tx_rollup_submit_batch update_secondary_key vdf_revelation'.split(
    ' ',
  ),
);
/** Of those, the ones TzKT lets `codeHash` filter. */
const CODE_HASH_TYPES = new Set(['delegation', 'origination', 'transaction']);

interface OperationsSub {
  readonly address?: string;
  readonly types: ReadonlySet<string>;
  readonly codeHash?: number;
}

interface TokenSub {
  readonly account?: string;
  readonly contract?: string;
  readonly tokenId?: string;
}

interface Subscriptions {
  head: boolean;
  blocks: boolean;
  readonly operations: OperationsSub[];
  readonly transfers: TokenSub[];
  readonly balances: TokenSub[];
  /** `all` for a subscription without addresses. */
  readonly accounts: Set<string>;
  allAccounts: boolean;
}

/** The hub's parameter object: null (TzKT then takes the defaults) or an object, else the arguments do not bind. */
function parameter(arg: unknown): Record<string, unknown> {
  if (arg === null || arg === undefined) return {};
  if (typeof arg !== 'object' || Array.isArray(arg)) throw new BindingError();
  return arg as Record<string, unknown>;
}

function optionalString(p: Record<string, unknown>, key: string): string | undefined {
  const v = p[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new BindingError();
  return v;
}

/** Tzkt.Api/Websocket/Parameters/TokenTransfersParameter.cs (BigInteger token ids: a number or a numeric string). */
function tokenSub(arg: unknown): TokenSub {
  const p = parameter(arg);
  const account = optionalString(p, 'account');
  const contract = optionalString(p, 'contract');
  const raw = p.tokenId;
  let tokenId: string | undefined;
  if (raw !== undefined && raw !== null) {
    const text = typeof raw === 'number' && Number.isInteger(raw) ? String(raw) : raw;
    if (typeof text !== 'string' || !/^-?\d+$/.test(text)) throw new BindingError();
    tokenId = BigInt(text).toString();
  }
  if (account !== undefined && !ADDRESS.test(account)) throw new HubException('Invalid account address');
  if (contract !== undefined && !KT1_ADDRESS.test(contract)) throw new HubException('Invalid contract address');
  if (tokenId !== undefined && contract === undefined)
    throw new HubException('If you specify token id, contract address must be specified as well');
  return {
    ...(account !== undefined ? { account } : {}),
    ...(contract !== undefined ? { contract } : {}),
    ...(tokenId !== undefined ? { tokenId } : {}),
  };
}

/** Tzkt.Api/Websocket/Parameters/OperationsParameter.cs: `types` comma-separated, transactions by default. */
function operationsSub(arg: unknown): OperationsSub {
  const p = parameter(arg);
  const address = optionalString(p, 'address');
  const typesText = optionalString(p, 'types');
  const rawHash = p.codeHash;
  if (rawHash !== undefined && rawHash !== null && !(typeof rawHash === 'number' && Number.isInteger(rawHash)))
    throw new BindingError();
  const codeHash = typeof rawHash === 'number' ? rawHash : undefined;
  if (address !== undefined && !ADDRESS.test(address)) throw new HubException('Invalid address');
  const types = new Set(typesText === undefined ? ['transaction'] : typesText.split(','));
  for (const t of types) if (!OPERATION_TYPES.has(t)) throw new HubException('Invalid operation type');
  if (codeHash !== undefined && [...types].some((t) => !CODE_HASH_TYPES.has(t))) {
    throw new HubException('CodeHash can be used with delegation, origination, and transaction types only');
  }
  return { ...(address !== undefined ? { address } : {}), types, ...(codeHash !== undefined ? { codeHash } : {}) };
}

/** Tzkt.Api/Websocket/Parameters/AccountsParameter.cs */
function accountAddresses(arg: unknown): string[] {
  const p = parameter(arg);
  const list = p.addresses;
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list) || list.some((a) => a !== null && typeof a !== 'string')) throw new BindingError();
  if (list.some((a) => a === null || a === ''))
    throw new HubException('Empty address. Array should not contain nulls or empty strings');
  if ((list as string[]).some((a) => !ADDRESS.test(a))) throw new HubException('Array contains an invalid address');
  return list as string[];
}

const addressOf = (v: Json | undefined): string | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.address === 'string' ? v.address : undefined;

/** Whether a transfer or balance row is one `sub` asked for (TokenTransfersProcessor.cs: from or to the account). */
function tokenMatches(sub: TokenSub, row: Row, accounts: readonly (string | undefined)[]): boolean {
  const token = row.token as Row;
  if (sub.contract !== undefined && addressOf(token.contract) !== sub.contract) return false;
  if (sub.tokenId !== undefined && token.tokenId !== sub.tokenId) return false;
  return sub.account === undefined || accounts.includes(sub.account);
}

export class TzktHub implements HubDefinition {
  private readonly clients = new Map<HubClient, Subscriptions>();
  /** The level whose data every client has been sent. */
  private sent: number;
  private readonly unsubscribe: () => void;
  readonly methods: Readonly<Record<string, HubMethod>>;

  constructor(private readonly ix: TzktIndex) {
    this.sent = ix.level;
    this.unsubscribe = ix.onIndexed((level) => this.publish(level));
    const unsupported = (what: string): HubMethod => ({
      arity: 1,
      run: () => {
        throw new HubException(`${what} subscriptions are not served by the devnet's TzKT API`);
      },
    });
    this.methods = {
      SubscribeToHead: { arity: 0, run: (c) => this.subscribe(c, 'head', (s) => (s.head = true)) },
      SubscribeToBlocks: { arity: 0, run: (c) => this.subscribe(c, 'blocks', (s) => (s.blocks = true)) },
      SubscribeToOperations: {
        arity: 1,
        run: (c, [p]) => this.subscribe(c, 'operations', (s) => limited(s.operations, operationsSub(p))),
      },
      SubscribeToTokenTransfers: {
        arity: 1,
        run: (c, [p]) => this.subscribe(c, 'transfers', (s) => limited(s.transfers, tokenSub(p))),
      },
      SubscribeToTokenBalances: {
        arity: 1,
        run: (c, [p]) => this.subscribe(c, 'token_balances', (s) => limited(s.balances, tokenSub(p))),
      },
      SubscribeToAccounts: {
        arity: 1,
        run: (c, [p]) =>
          this.subscribe(c, 'accounts', (s) => {
            const addresses = accountAddresses(p);
            if (s.accounts.size + (s.allAccounts ? 1 : 0) + addresses.length > MAX_SUBSCRIPTIONS)
              throw new HubException('Subscriptions limit exceeded');
            if (addresses.length === 0) s.allAccounts = true;
            for (const a of addresses) s.accounts.add(a);
          }),
      },
      SubscribeToBigMaps: unsupported('Big_map'),
      SubscribeToEvents: unsupported('Contract event'),
      SubscribeToCycles: unsupported('Cycle'),
      SubscribeToTicketTransfers: unsupported('Ticket transfer'),
      SubscribeToTicketBalances: unsupported('Ticket balance'),
    };
  }

  disconnected(client: HubClient): void {
    this.clients.delete(client);
  }

  close(): void {
    this.unsubscribe();
    this.clients.clear();
  }

  /** Adds a subscription, sends the channel's state message, and answers the level (TzKT's `Subscribe`). */
  private subscribe(client: HubClient, channel: string, add: (s: Subscriptions) => void): number {
    let subs = this.clients.get(client);
    if (!subs) {
      subs = {
        head: false,
        blocks: false,
        operations: [],
        transfers: [],
        balances: [],
        accounts: new Set(),
        allAccounts: false,
      };
      this.clients.set(client, subs);
    }
    add(subs);
    client.send(channel, { type: STATE, state: this.ix.level });
    return this.ix.level;
  }

  /** Sends each client what the blocks after the last one sent, up to `level`, brought for its subscriptions. */
  private publish(level: number): void {
    const after = this.sent;
    this.sent = level;
    if (this.clients.size === 0 || level <= after) return;
    const inRange = (r: Row, field = 'level'): boolean => (r[field] as number) > after && (r[field] as number) <= level;
    const lazy = <T>(f: () => T): (() => T) => {
      let v: T | undefined;
      return () => (v ??= f());
    };
    const head = lazy(() => this.ix.headRow());
    const blocks = lazy(() => {
      const out: Row[] = [];
      for (let l = after + 1; l <= level; l++) {
        const b = this.ix.blockRow(l, false);
        if (b) out.push(b);
      }
      return out;
    });
    const operations = lazy(() =>
      [
        ...this.ix.transactionRows().filter((r) => inRange(r)),
        ...this.ix.originationRows().filter((r) => inRange(r)),
      ].sort((a, b) => (a.id as number) - (b.id as number)),
    );
    const transfers = lazy(() => this.ix.transferRows().filter((r) => inRange(r)));
    const balances = lazy(() => this.ix.balanceRows().filter((r) => inRange(r, 'lastLevel')));
    const accounts = lazy(() => this.ix.activeAccounts(after, level).map((a) => this.ix.accountRow(a)));
    const data = (data: Json): Json => ({ type: DATA, state: level, data });
    for (const [client, s] of this.clients) {
      if (s.head) client.send('head', data(head()));
      if (s.blocks && blocks().length > 0) client.send('blocks', data(blocks()));
      const ops =
        s.operations.length === 0
          ? []
          : operations().filter((r) => s.operations.some((sub) => this.operationMatches(sub, r)));
      if (ops.length > 0) client.send('operations', data(ops));
      const tr =
        s.transfers.length === 0
          ? []
          : transfers().filter((r) =>
              s.transfers.some((sub) => tokenMatches(sub, r, [addressOf(r.from), addressOf(r.to)])),
            );
      if (tr.length > 0) client.send('transfers', data(tr));
      const bal =
        s.balances.length === 0
          ? []
          : balances().filter((r) => s.balances.some((sub) => tokenMatches(sub, r, [addressOf(r.account)])));
      if (bal.length > 0) client.send('token_balances', data(bal));
      const acc = s.allAccounts
        ? accounts()
        : s.accounts.size === 0
          ? []
          : accounts().filter((r) => s.accounts.has(r.address as string));
      if (acc.length > 0) client.send('accounts', data(acc));
    }
  }

  /** OperationsProcessor.cs: a transaction by its initiator, sender or target, an origination by its initiator or sender. */
  private operationMatches(sub: OperationsSub, row: Row): boolean {
    const type = row.type as string;
    if (!sub.types.has(type)) return false;
    if (sub.address !== undefined) {
      const parties =
        type === 'transaction'
          ? [row.initiator, row.sender, row.target]
          : [row.initiator, row.sender, row.contractDelegate];
      if (!parties.some((p) => addressOf(p) === sub.address)) return false;
    }
    if (sub.codeHash !== undefined) {
      const contract = type === 'transaction' ? addressOf(row.target) : addressOf(row.originatedContract);
      const codeHash =
        type === 'transaction'
          ? contract === undefined
            ? undefined
            : this.ix.contractRow(contract)?.codeHash
          : (row.originatedContract as Row | undefined)?.codeHash;
      if (codeHash !== sub.codeHash) return false;
    }
    return true;
  }
}

/** Adds a subscription unless the connection holds the most TzKT allows of that kind. */
function limited<T>(list: T[], sub: T): void {
  if (list.length >= MAX_SUBSCRIPTIONS) throw new HubException('Subscriptions limit exceeded');
  list.push(sub);
}
