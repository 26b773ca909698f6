/** Michelson contracts that exercise the devnet's indexer: its tests and the devnet benchmark originate them. */

const TRANSFER =
  '(list %transfer (pair (address %from_) (list %txs (pair (address %to_) (pair (nat %token_id) (nat %amount))))))';
const BALANCE_OF =
  '(pair %balance_of (list %requests (pair (address %owner) (nat %token_id))) (contract %callback (list (pair (pair %request (address %owner) (nat %token_id)) (nat %balance)))))';
const UPDATE_OPERATORS =
  '(list %update_operators (or (pair %add_operator (address %owner) (pair (address %operator) (nat %token_id))) (pair %remove_operator (address %owner) (pair (address %operator) (nat %token_id)))))';

/** Adds `amt` to the ledger at key on top: `key : ledger : …` with `amt` at depth `amtDepth` (after DUP/GET). */
const credit = (amtDepth: number) =>
  `DUP ; DUP 3 ; SWAP ; GET ; IF_NONE { PUSH nat 0 } {} ; DUP ${amtDepth} ; ADD ; SOME ; SWAP ; UPDATE`;
/** Subtracts it, failing with FA2_INSUFFICIENT_BALANCE; a zero balance removes the binding. */
const debit = (amtDepth: number) =>
  `DUP ; DUP 3 ; SWAP ; GET ; IF_NONE { PUSH nat 0 } {} ; DUP ${amtDepth} ; SWAP ; SUB ; ISNAT ; IF_NONE { PUSH string "FA2_INSUFFICIENT_BALANCE" ; FAILWITH } {} ; DUP ; INT ; EQ ; IF { DROP ; NONE nat } { SOME } ; SWAP ; UPDATE`;

/**
 * A multi-asset FA2 (ledger `(pair address nat) → nat`), with `mint` and `burn` for the tests.
 * Transfers move balances without operator checks.
 */
export const FA2_MULTI = `
parameter (or (or ${TRANSFER} ${BALANCE_OF})
              (or ${UPDATE_OPERATORS}
                  (or (pair %mint (address %to_) (pair (nat %token_id) (nat %amount)))
                      (pair %burn (address %from_) (pair (nat %token_id) (nat %amount))))));
storage (pair (big_map %ledger (pair address nat) nat)
              (big_map %token_metadata nat (pair (nat %token_id) (map %token_info string bytes))));
code { UNPAIR ;
       IF_LEFT
         { IF_LEFT
             { ITER { UNPAIR ; SWAP ;
                      ITER { UNPAIR 3 ; DIG 4 ; UNPAIR ;
                             DUP 4 ; DUP 7 ; PAIR ; ${debit(7)} ;
                             DUP 4 ; DUP 4 ; PAIR ; ${credit(7)} ;
                             PAIR ; DIP { DROP 3 } ; SWAP } ;
                      DROP } ;
               NIL operation ; PAIR }
             { UNPAIR ;
               MAP { DUP 3 ; CAR ; DUP 2 ; GET ; IF_NONE { PUSH nat 0 } {} ; SWAP ; PAIR } ;
               PUSH mutez 0 ; SWAP ; TRANSFER_TOKENS ;
               NIL operation ; SWAP ; CONS ; PAIR } }
         { IF_LEFT
             { DROP ; NIL operation ; PAIR }
             { IF_LEFT
                 { UNPAIR 3 ; DIG 3 ; UNPAIR ; DUP 4 ; DUP 4 ; PAIR ; ${credit(7)} ; PAIR ; DIP { DROP 3 } ; NIL operation ; PAIR }
                 { UNPAIR 3 ; DIG 3 ; UNPAIR ; DUP 4 ; DUP 4 ; PAIR ; ${debit(7)} ; PAIR ; DIP { DROP 3 } ; NIL operation ; PAIR } } } }
`;

/**
 * An FA2 whose ledger has the given key and value types, written directly by `%set` (a list of
 * bindings, all in one operation; the TZIP-12 entrypoints do nothing): for TzKT's other ledger
 * layouts and for how it reads several balance changes in one operation.
 */
export const fa2WithLedger = (key: string, value: string, ledgerAnnot = '%ledger'): string => `
parameter (or (or (or ${TRANSFER} ${BALANCE_OF}) ${UPDATE_OPERATORS}) (list %set (pair ${key} (option ${value}))));
storage (pair (big_map ${ledgerAnnot} ${key} ${value})
              (big_map %token_metadata nat (pair (nat %token_id) (map %token_info string bytes))));
code { UNPAIR ;
       IF_LEFT { DROP ; NIL operation ; PAIR }
               { ITER { UNPAIR ; DIG 2 ; UNPAIR ; DIG 2 ; DIG 3 ; SWAP ; UPDATE ; PAIR } ; NIL operation ; PAIR } }
`;

/** Not FA2: `transfer` has FA1.2's type. */
export const NOT_FA2 = `
parameter (or (or (pair %transfer (address :from) (pair (address :to) (nat :value))) ${BALANCE_OF}) ${UPDATE_OPERATORS});
storage (pair (big_map %ledger address nat) (big_map %token_metadata nat (pair nat (map string bytes))));
code { CDR ; NIL operation ; PAIR }
`;

/** Receives balance_of answers (stores the last one). */
export const BALANCE_VIEWER = `
parameter (list (pair (pair %request (address %owner) (nat %token_id)) (nat %balance)));
storage (list (pair (pair address nat) nat));
code { CAR ; NIL operation ; PAIR }
`;

/** A storage with every kind of field TzKT names: annotations, duplicates, options, ors, maps, big_maps. */
export const STORAGE_SHAPES = `
parameter unit;
storage (pair (pair %config (address %admin) (bool %paused))
              (nat %counter)
              (pair nat nat)
              (option %maybe string)
              (or %choice (nat %count) (string %label))
              (map %names address string)
              (map %pairs (pair nat nat) string)
              (big_map %ledger address nat)
              (timestamp %deadline)
              (unit %nothing)
              (bytes %blob)
              (list %items int));
code { CDR ; NIL operation ; PAIR }
`;

/** UTF-8 text as Michelson bytes. */
export const utf8 = (s: string): string => `0x${Buffer.from(s, 'utf8').toString('hex')}`;

/** A TZIP-12 token_metadata literal (map keys sorted, as Michelson requires). */
export const tokenInfo = (id: number, fields: Record<string, string>): string =>
  `Elt ${id} (Pair ${id} { ${Object.entries(fields)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `Elt ${JSON.stringify(k)} ${utf8(v)}`)
    .join(' ; ')} })`;
