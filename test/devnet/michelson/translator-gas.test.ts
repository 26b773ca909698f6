/**
 * What script_ir_translator.ml, script_ir_unparser.ml, script_typed_ir_size.ml and ticket_accounting.ml charge around
 * a contract's code (protocol Ushuaia, src/proto_025_PsUshuai/lib_protocol/ in the tezos/tezos mirror). Every expected
 * figure is worked out from Octez's cost functions, quoted next to it, in milligas:
 * - michelson_v1_gas_costs.ml: `cost_TYPECHECKING_CODE` 220 (a `parse_instr` call), `cost_UNPARSING_CODE` 115 (an
 *   `unparse_code_rec` call), `cost_TYPECHECKING_DATA` 100 (a `parse_data` call), `cost_UNPARSING_DATA` 65 (an
 *   `unparse_data_rec` call), `cost_PARSE_TYPE1` 60 (a type node parsed);
 * - michelson_v1_gas_costs_generated.ml: `cost_TY_EQ size` = 35 + 22 × size, `cost_CHECK_PRINTABLE size` = 15 + 10 ×
 *   size, `cost_N_IMap_update k n` = w/16 + w/32 + 55 with w = log2 (n + 1) × k (`log2 x` = 1 + numbits x),
 *   `cost_ENCODING_PUBLIC_KEY_HASH_bls` 80 (address_optimized), `cost_ENCODING_PUBLIC_KEY_secp256k1` 455;
 * - gas_limit_repr.ml: `read_bytes_cost 0` = 100 gas; `alloc_mbytes_cost n` = 2 gas × (12 + 1) + 2 gas × ((n + 7) / 8
 *   + 1); storage_costs.ml `write_access` = 200 gas + 4 milligas a byte;
 * - carbonated_map_costs_generated.ml `cost_fold size` = 24 × size + 50; ticket_costs_generated.ml
 *   `cost_COLLECT_TICKETS_STEP 1` = 80, `cost_TYPE_HAS_TICKETS size` = 6 × size + 10.
 */
import { describe, expect, it } from 'vitest';
import { parseExpression, parseScript, typecheckScript } from '../../../devnet/michelson/typecheck';
import type { Expr, Prim } from '../../../devnet/michelson/micheline';
import {
  TICKET_DIFFS,
  codeUnparsingCost,
  scriptTypecheckingCost,
  dataTypecheckingCost,
  dataUnparsingRec,
  keyHashing,
  lazyStorageSteps,
  ticketBalancesUpdateCost,
  valueNodes,
  viewNamesCost,
  viewsTypecheckingCost,
} from '../../../devnet/michelson/typecheck-gas';
import { Address, BigMap, Operation, Or, Pair, Some, UNIT, type Value } from '../../../devnet/michelson/values';
import { bigMapWrites } from '../../../devnet/node/apply';
import { expandConstants } from '../../../devnet/node/global-constants';
import { packDataBytes, type MichelsonData } from '@taquito/michel-codec';
import { GasMeter } from '../../../devnet/michelson/gas';
import type { ContractInfo, Host } from '../../../devnet/michelson/host';
import { Compiler, type RunContext } from '../../../devnet/michelson/interpreter';
import { callView } from '../../../devnet/michelson/views';

const ty = (s: string): Prim => parseExpression(s, 'type') as Prim;
const ex = (s: string): Expr => parseExpression(s, 'data');

describe('unparse_code_rec (script_ir_unparser.ml): what originating a script pays to unparse its code', () => {
  it.each([
    // 115 per node: the sequence and its instructions, a type argument too.
    ['{ CAR ; NIL operation ; PAIR }', 5 * 115],
    // Annotations are not nodes: only the sequence and CAR.
    ['{ CAR @x %y }', 2 * 115],
    // PUSH: its own cycle, then `parse_packable_ty` (60 a type node), `parse_data` (100, and for a string
    // `check_printable` 15 + 10 a byte) and `unparse_data_rec` (65 a value), the type and datum not walked as code.
    ['{ PUSH nat 1 }', 115 + 115 + 60 + 100 + 65],
    ['{ PUSH string "abc" }', 115 + 115 + 60 + (100 + 15 + 30) + 65],
    ['{ PUSH (pair nat nat) (Pair 1 2) }', 115 + 115 + 3 * 60 + 3 * 100 + 3 * 65],
  ])('%s: %i milligas', (code, milligas) => {
    expect(codeUnparsingCost(ex(code))).toBe(milligas);
  });
});

describe('a lambda as data (script_ir_translator.ml parse_data, script_ir_unparser.ml, script_typed_ir_size.ml)', () => {
  const lambda = ty('lambda nat nat');
  const body = ex('{ PUSH nat 1 ; ADD }');
  // `unparse_code_rec` of the body: the sequence 115, PUSH 115 + 60 + 100 + 65, ADD 115.
  const unparsedBody = 115 + (115 + 60 + 100 + 65) + 115;

  it('parsing it typechecks the body, checks its result type and unparses the body again (normalized_lam)', () => {
    // parse_data 100; parse_kdescr: the sequence 220, PUSH 220 + 60 + 100, the tail [ADD] 220, ADD 220; the result
    // checked by `ty_eq nat nat` (35 + 22); then `normalized_lam`'s `unparse_code_rec`.
    const typecheck = 220 + (220 + 60 + 100) + 220 + 220;
    expect(dataTypecheckingCost(body, lambda)).toBe(100 + typecheck + 57 + unparsedBody);
    // A recursive lambda: the same with its body inside Lambda_rec (parse_lam_rec, normalized_lam_rec).
    expect(dataTypecheckingCost({ prim: 'Lambda_rec', args: [body] }, lambda)).toBe(
      100 + typecheck + 57 + unparsedBody,
    );
  });

  it('unparsing it is a data cycle, then its body as code', () => {
    expect(dataUnparsingRec(body, lambda)).toBe(65 + unparsedBody);
  });

  it('its value_size counts its Micheline, its stacks and its typed body', () => {
    // 1 for the value; node_size of the Micheline (the sequence, PUSH, nat, 1, ADD); kbef [nat] and kaft [nat], each
    // an item (1 + ty_size nat) and the bottom; IPush (1 + ty_size nat + the pushed nat), IAdd_nat, IHalt.
    expect(valueNodes(body, lambda)).toBe(1 + 5 + 3 + 3 + (3 + 1 + 1));
    // Pushed in code, its Micheline is counted with the code's (count_lambda_nodes is false).
    expect(valueNodes(body, lambda, undefined, false)).toBe(1 + 3 + 3 + (3 + 1 + 1));
  });
});

describe('unparse_data_rec (script_ir_unparser.ml), Optimized', () => {
  it.each([
    // A comb is nested pairs: three pairs and four leaves, however it is written.
    ['pair nat nat nat nat', '{ 1 ; 2 ; 3 ; 4 }', 7 * 65],
    ['pair nat nat nat nat', 'Pair 1 2 3 4', 7 * 65],
    // A map is a value, then each key and value: an Elt is not unparsed as a value.
    ['map nat string', '{ Elt 1 "a" ; Elt 2 "b" }', 5 * 65],
    // Leaves encoded to bytes pay their encoding: an address (`contract_optimized`, 80), a key (455).
    ['address', '0x01000000000000000000000000000000000000000000', 65 + 80],
    ['key', '0x00aad3f16293766169f7db278c5e0e9db4fb82ffe1cbcc35258059617dc0fec082', 65 + 455],
    ['option (pair key_hash nat)', 'Some (Pair 0x00aad3f16293766169f7db278c5e0e9db4fb82ffe1 7)', 4 * 65 + 80],
    // A ticket: itself, then `pair address (pair nat nat)`: two pairs, the ticketer, the contents, the amount.
    ['ticket nat', 'Pair 0x01000000000000000000000000000000000000000000 5 3', 5 * 65 + 80 + 65],
  ])('%s %s: %i milligas', (t, v, milligas) => {
    expect(dataUnparsingRec(ex(v), ty(t))).toBe(milligas);
  });
});

describe('hash_comparable_data (script_ir_translator.ml): a big_map key unparsed, packed and hashed', () => {
  it('an address key pays its encoding (contract_optimized, 80) with its cycle', () => {
    // unparse_comparable_data: 65 + 80, then strip_locations (51 a node) and the encoding of a 22-byte bytes node
    // (100 + 10 a byte); blake2b of the 28 packed bytes (0x05, the tag, a 4-byte length, 22): 430 + 28 + 28/8.
    const key = new Address(new Uint8Array(22).fill(1), '');
    expect(keyHashing(key, ty('address'))).toBe(65 + 80 + 51 + (100 + 220) + (430 + 28 + 3));
  });
});

describe('a stored big_map in a parsed storage (script_ir_translator.ml parse_data, alpha_context.ml Big_map.exists)', () => {
  it.each([
    // 100 (parse_data) + 100 gas (`read_bytes_cost 0`) + the stored types parsed (60 a node) + two `ty_eq`.
    ['big_map string nat', 100 + 100_000 + 60 + 60 + 57 + 57],
    ['big_map (pair nat string) (option bytes)', 100 + 100_000 + 3 * 60 + 2 * 60 + (35 + 3 * 22) + (35 + 2 * 22)],
  ])('%s given by its id: %i milligas', (t, milligas) => {
    expect(dataTypecheckingCost({ int: '4' }, ty(t))).toBe(milligas);
  });
});

describe('fold_lazy_storage and extract_lazy_storage_updates (script_ir_translator.ml): 220 a step', () => {
  const bm = ty('big_map nat nat');
  const stored = new BigMap(5n, ty('nat'), ty('nat'), new Map());
  const fresh = new BigMap(null, ty('nat'), ty('nat'), new Map());
  it.each<[string, Prim, Value, boolean, number]>([
    ['a type without big_maps', ty('pair nat string'), new Pair(1n, 'a'), true, 220],
    // Folding, a big_map with an id takes a second step; extracting, one.
    ['a stored big_map, folded', bm, stored, true, 440],
    ['a stored big_map, extracted', bm, stored, false, 220],
    ['a new big_map, folded', bm, fresh, true, 220],
    ['a pair holding one', ty('pair nat (big_map nat nat)'), new Pair(1n, stored), true, 220 + 220 + 440],
    // An `or` walks the side it holds; an option its value; a list its elements.
    ['an or holding its right side', ty('or (big_map nat nat) nat'), new Or(false, 3n), true, 220 + 220],
    ['an or holding its left side', ty('or (big_map nat nat) nat'), new Or(true, stored), true, 220 + 440],
    ['None', ty('option (big_map nat nat)'), null, true, 220],
    ['Some', ty('option (big_map nat nat)'), new Some(stored), true, 220 + 440],
    ['a list of two', ty('list (big_map nat nat)'), [stored, stored], true, 220 + 2 * 440],
  ])('%s', (_, t, v, ids, milligas) => {
    expect(lazyStorageSteps(t, v, ids)).toBe(milligas);
  });
});

describe('ticket accounting when no ticket moves (ticket_accounting.ml)', () => {
  it('ticket_diffs: three scans of a step and six folds of the empty token maps', () => {
    expect(TICKET_DIFFS).toBe(3 * 80 + 6 * 50);
  });

  const source = new Address(new Uint8Array(22).fill(1), '');
  const implicit = new Address(new Uint8Array(22), '');
  const transaction = (destination: Address, parameterType: Prim): Operation =>
    new Operation({ kind: 'transaction', amount: 0n, destination, parameter: 0n, parameterType }, source, 0);
  it.each<[string, Operation[], number]>([
    // ticket_diffs_of_operations's fold, then to_list's two folds.
    ['no operation', [], 3 * 50],
    // A transaction to a contract: `type_has_tickets` on its parameter type (3 nodes), a scan step.
    ['a call', [transaction(source, ty('pair nat string'))], 3 * 50 + (6 * 3 + 10) + 80],
    ['a transfer to an implicit account', [transaction(implicit, ty('unit'))], 3 * 50],
    [
      'an origination',
      [
        new Operation(
          {
            kind: 'origination',
            delegate: null,
            balance: 0n,
            address: source,
            script: { code: [], storageType: ty('nat'), parameterType: ty('unit') },
            storage: 0n,
          },
          source,
          0,
        ),
      ],
      3 * 50 + (6 * 1 + 10) + 80,
    ],
  ])('update_ticket_balances after %s', (_, ops, milligas) => {
    expect(ticketBalancesUpdateCost(ops)).toBe(milligas);
  });
});

describe('views (script_ir_translator.ml parse_toplevel, parse_views)', () => {
  const code = 'parameter unit; storage unit; code { CDR ; NIL operation ; PAIR };';
  const script = parseScript(`${code} view "a" unit unit { CDR }; view "get_balance" unit unit { CDR }`);

  it('parse_toplevel checks each name (check_printable) and adds it to the views before it (view_update)', () => {
    // "a": 15 + 10, then a map update with key size 1 in an empty map (w = log2 1 × 1 = 2): 55.
    // "get_balance": 15 + 110, then key size 11 in a map of one (w = log2 2 × 11 = 33): 2 + 1 + 55.
    expect(viewNamesCost(script)).toBe(25 + 55 + (125 + 58));
  });

  it('parse_views looks each view up in the map of all of them before typechecking it', () => {
    const one = parseScript(`${code} view "a" unit unit { CDR }`);
    // view_update "a" in a map of one (w = 3 × 1): 55; the input and output types 60 each; the code: the sequence
    // 220 and CDR 220; its result checked by `ty_eq unit unit` (57).
    expect(viewsTypecheckingCost(typecheckScript(one))).toBe(55 + 60 + 60 + 440 + 57);
  });
});

describe('VIEW (script_interpreter.ml iview)', () => {
  const callee = parseScript(
    'parameter unit; storage nat; code { CDR ; NIL operation ; PAIR }; view "v" unit nat { CDR }',
  );
  const storage: Expr = { int: '7' };
  const info: ContractInfo = { parameter: ty('unit'), storageType: ty('nat'), storage, balance: 0n, script: callee };
  const bytes = (e: Expr): number => packDataBytes(e as MichelsonData).bytes.length / 2 - 1;
  /** `Contract.get_script` then `parse_script`'s decoding: for code and storage, storage_functors.ml's membership
   * read (`read_access`: 200 gas + 5 a path segment, 5 segments) and read (+ 2 a byte of the 4-byte-prefixed
   * lazy expression), and two decodings at 20 a byte (`cost_DECODING_MICHELINE_bytes`). */
  const read = (n: number): number => 2 * 225_000 + 2 * (n + 4) + 2 * 20 * n;
  const address = new Address(new Uint8Array(22).fill(1), '');

  function viewGas(name: string, input: Prim, output: Prim, host: Partial<Host>): number {
    const typed = typecheckScript(callee);
    const gas = new GasMeter(10n ** 9n);
    const x = {
      host,
      gas,
      env: { self: address },
      viewDepth: 0,
      counter: { nonce: 0, originations: 0 },
      compiler: new Compiler(typed.trace, typed.script),
    } as unknown as RunContext;
    callView(x, address, name, input, output, UNIT);
    return Number(gas.consumed());
  }

  it('no contract there: Code.find and Storage.find each read nothing (read_access 5 segments, 0 bytes)', () => {
    expect(viewGas('v', ty('unit'), ty('nat'), { contract: () => null })).toBe(2 * 225_000);
  });

  // The script read and parsed (parse_code, then the storage `7`: 100), then `view_get "v"` among 1 view (a map_mem:
  // w = log2 2 × 1 = 3, 45 + w/32 + w/64).
  const loaded = (): number =>
    read(bytes(callee)) + read(bytes(storage)) + scriptTypecheckingCost(typecheckScript(callee)) + 100 + 45;

  it('no such view: the script loaded and parsed, the view looked up', () => {
    expect(viewGas('w', ty('unit'), ty('nat'), { contract: () => info })).toBe(loaded());
  });

  it('another output type: the view typechecked (unit 60, nat 60, { CDR } 440, ty_eq nat 57), then ty_eq nat int', () => {
    expect(viewGas('v', ty('unit'), ty('int'), { contract: () => info })).toBe(loaded() + 617 + 57);
  });

  // A view that runs: the view typechecked (617, as above), both ty_eq hold (nat nat, then unit unit: 57 each), the
  // callee's balance is read (`get_balance_carbonated`: read_access of 4 path segments and 8 bytes, 200,000 + 4 ×
  // 5,000 + 2 × 8), its code runs (CDR, `cost_N_ICdr` 10), then the way back to the caller: the view's HALT
  // (`cost_N_IHalt` 15), KView_exit (`cost_N_KView_exit` 20), KReturn (`cost_N_KReturn` 10), KCons (`cost_N_KCons` 10)
  // and the ICons_some it resumes with (`cost_N_ICons_some` 10).
  it('a view that returns: its code, then HALT, KView_exit, KReturn, KCons and ICons_some (65)', () => {
    expect(viewGas('v', ty('unit'), ty('nat'), { contract: () => info })).toBe(
      loaded() + 617 + 2 * 57 + 220_016 + 10 + (15 + 20 + 10 + 10 + 10),
    );
  });

  it('its result comes back wrapped in Some, the failing paths give None', () => {
    const typed = typecheckScript(callee);
    const x = {
      host: { contract: () => info },
      gas: new GasMeter(10n ** 9n),
      env: { self: address },
      viewDepth: 0,
      counter: { nonce: 0, originations: 0 },
      compiler: new Compiler(typed.trace, typed.script),
    } as unknown as RunContext;
    expect(callView(x, address, 'v', ty('unit'), ty('nat'), UNIT)).toEqual(new Some(7n));
    expect(callView(x, address, 'w', ty('unit'), ty('nat'), UNIT)).toBeNull();
  });
});

describe('global constants expanded (global_constants_storage.ml expand_node)', () => {
  it('each constant fetched is a storage read: Global_constants.Map.find checks its membership, then reads it', () => {
    const hash = 'expruQN5r2umbZVHy6WynYM8f71F8zS4AERz9bugF8UkPBEqrHLuU8'; // 999 (docs/ushuaia/global_constants.rst)
    const table = new Map<string, Expr>([[hash, { int: '999' }]]);
    const code: Expr = { prim: 'PUSH', args: [{ prim: 'int' }, { prim: 'constant', args: [{ string: hash }] }] };
    // `cost_expand_no_constant_branch` of the code's 4 nodes (w = log2 5 × 4 = 16: 64 + 8 + 4 + 100), the constant's
    // branch (`cost_expand_constant_branch 1`: 4,096), `read_access` of its path (global_constant, the hash, data or
    // len: 3 segments) with no byte then with its 3 bytes, and the fetched node's traversal (w = 3: 12 + 1 + 100).
    const reads = 2 * (200_000 + 5_000 * 3) + 2 * 3;
    expect(expandConstants(code, table).milligas).toBe(BigInt(176 + 4_096 + reads + 113));
  });
});

describe('big_map entries written (lazy_storage_diff.ml, storage_functors.ml)', () => {
  it.each<[string, Parameters<typeof bigMapWrites>[0], number]>([
    // Big_map.Contents.add: `alloc_mbytes_cost 2` (26 + 4 gas) and `write_access` of 2 bytes.
    [
      'an update',
      [{ action: 'update', big_map: '1', key_hash: 'expr', key: { int: '1' }, value: { int: '7' } }],
      230_008,
    ],
    // Big_map.Contents.remove: `consume_remove_gas`, a write of no bytes.
    ['a removal', [{ action: 'update', big_map: '1', key_hash: 'expr', key: { int: '1' } }], 200_000],
    ['an allocation', [{ action: 'alloc', big_map: '1', key_type: { prim: 'nat' }, value_type: { prim: 'nat' } }], 0],
  ])('%s', (_, diff, milligas) => {
    expect(bigMapWrites(diff)).toBe(milligas);
  });
});
