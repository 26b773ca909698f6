/**
 * The library API around a run: entrypoints, big_map settlement into ids and diffs, internal
 * operations, views against a host, gas limits, and refusals of bad input that change nothing.
 */
import { describe, expect, it } from 'vitest';
import { runScript, standaloneHost, type ContractInfo, type Host } from '../../../devnet/michelson';
import { addressFromString } from '../../../devnet/michelson/encoding';
import { parseScript } from '../../../devnet/michelson/typecheck';
import type { Expr } from '../../../devnet/michelson/micheline';

/** Test scripts are written over several lines for reading; octez-client's layout rules apply to files, so join them. */
const oneLine = (s: string): string => s.replace(/\s*\n\s*/g, ' ');

const ALICE = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
const BOB = 'tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN';

const failure = (f: () => unknown): { kind: string; message: string; with?: unknown } => {
  try {
    f();
  } catch (e) {
    return e as { kind: string; message: string; with?: unknown };
  }
  throw new Error('expected the run to fail');
};

describe('entrypoints', () => {
  const script = oneLine(`parameter (or (nat %add) (or (nat %sub) (unit %reset)));
    storage int;
    code { UNPAIR ; IF_LEFT { ADD } { IF_LEFT { SWAP ; SUB } { DROP 2 ; PUSH int 0 } } ; NIL operation ; PAIR }`);

  it('--entrypoint selects the %name branch and the input is typed against that branch only', () => {
    expect(runScript({ script, storage: '10', input: '5', entrypoint: 'add' }).storage).toEqual({ int: '15' });
    expect(runScript({ script, storage: '10', input: '3', entrypoint: 'sub' }).storage).toEqual({ int: '7' });
    expect(runScript({ script, storage: '10', input: 'Unit', entrypoint: 'reset' }).storage).toEqual({ int: '0' });
  });

  it('without %default, the default entrypoint is the whole parameter', () => {
    expect(runScript({ script, storage: '10', input: 'Right (Left 4)' }).storage).toEqual({ int: '6' });
  });

  it('an unknown entrypoint or an input of the wrong type is refused as ill-typed', () => {
    expect(failure(() => runScript({ script, storage: '10', input: '5', entrypoint: 'mul' })).kind).toBe('typecheck');
    expect(failure(() => runScript({ script, storage: '10', input: '"five"', entrypoint: 'add' })).kind).toBe(
      'typecheck',
    );
  });
});

describe('big_map settlement', () => {
  const script = oneLine(`parameter (pair nat string); storage (big_map nat string);
    code { UNPAIR ; UNPAIR ; DIP { SOME } ; UPDATE ; NIL operation ; PAIR }`);

  it('a big_map literal in the storage becomes a new map: alloc, then its bindings', () => {
    const r = runScript({ script, storage: '{ Elt 1 "one" }', input: 'Pair 2 "two"' });
    // octez-client's mockup chain holds big_maps 0–3, so the first new one is 4.
    expect(r.storage).toEqual({ int: '4' });
    expect(r.bigMapDiff[0]).toMatchObject({
      action: 'alloc',
      big_map: '4',
      key_type: { prim: 'nat' },
      value_type: { prim: 'string' },
    });
    const updates = r.bigMapDiff.filter((d) => d.action === 'update');
    expect(updates.map((u) => (u as { key: Expr }).key)).toEqual(expect.arrayContaining([{ int: '1' }, { int: '2' }]));
    expect(updates).toHaveLength(2);
    for (const u of updates) expect((u as { key_hash: string }).key_hash).toMatch(/^expr[1-9A-HJ-NP-Za-km-z]{50}$/);
  });

  it('a stored big_map keeps its id and only its updates are in the diff', () => {
    const stored = new Map<string, Expr>();
    const host: Host = {
      ...standaloneHost(),
      bigMapTypes: (id) => (id === 7n ? { keyType: { prim: 'nat' }, valueType: { prim: 'string' } } : null),
      bigMapGet: (id, hex) => (id === 7n ? (stored.get(hex) ?? null) : null),
      nextBigMapId: () => 8n,
    };
    const r = runScript({ script, storage: '7', input: 'Pair 5 "five"', host });
    expect(r.storage).toEqual({ int: '7' });
    expect(r.bigMapDiff).toEqual([
      expect.objectContaining({ action: 'update', big_map: '7', key: { int: '5' }, value: { string: 'five' } }),
    ]);
  });

  it('duplicating a stored big_map into the storage copies it to a fresh id', () => {
    const dup = oneLine(`parameter unit; storage (pair (big_map nat nat) (big_map nat nat));
      code { CDR ; CAR ; DUP ; PAIR ; NIL operation ; PAIR }`);
    const host: Host = { ...standaloneHost(), nextBigMapId: () => 4n };
    const r = runScript({ script: dup, storage: 'Pair 1 2', input: 'Unit', host });
    expect(r.storage).toEqual({ prim: 'Pair', args: [{ int: '1' }, { int: '4' }] });
    expect(r.bigMapDiff).toEqual(
      expect.arrayContaining([
        { action: 'copy', source_big_map: '1', destination_big_map: '4' },
        { action: 'remove', big_map: '2' },
      ]),
    );
  });
});

describe('internal operations', () => {
  it('TRANSFER_TOKENS to an implicit account is a transaction without parameters, amounts as strings', () => {
    const script = oneLine(`parameter key_hash; storage unit;
      code { CAR ; IMPLICIT_ACCOUNT ; PUSH mutez 1500 ; UNIT ; TRANSFER_TOKENS ; NIL operation ; SWAP ; CONS ; UNIT ; SWAP ; PAIR }`);
    const r = runScript({ script, storage: 'Unit', input: `"${BOB}"` });
    expect(r.operations).toEqual([
      {
        kind: 'transaction',
        source: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi',
        nonce: 0,
        amount: '1500',
        destination: BOB,
      },
    ]);
  });

  it('CREATE_CONTRACT pushes the new address under the origination, and two originations get two addresses', () => {
    const script = oneLine(`parameter unit; storage (list address);
      code { DROP ; NIL address ; NIL operation ;
             PUSH int 1 ; PUSH mutez 0 ; NONE key_hash ;
             CREATE_CONTRACT { parameter unit ; storage int ; code { CDR ; NIL operation ; PAIR } } ;
             SWAP ; DIP { CONS } ; SWAP ; DIP { CONS } ;
             PUSH int 2 ; PUSH mutez 0 ; NONE key_hash ;
             CREATE_CONTRACT { parameter unit ; storage int ; code { CDR ; NIL operation ; PAIR } } ;
             SWAP ; DIP { CONS } ; SWAP ; DIP { CONS } ;
             PAIR }`);
    const r = runScript({ script, storage: '{}', input: 'Unit' });
    expect(r.operations.map((o) => o.kind)).toEqual(['origination', 'origination']);
    const addresses = (r.storage as { string: string }[]).map((a) => a.string);
    expect(addresses).toHaveLength(2);
    expect(new Set(addresses).size).toBe(2);
    for (const a of addresses) expect(a).toMatch(/^KT1/);
    expect(r.operations.map((o) => o.originated_contract).sort()).toEqual([...addresses].sort());
  });

  it('EMIT carries its tag, type and payload', () => {
    const script = `parameter nat; storage unit; code { CAR ; EMIT %minted nat ; NIL operation ; SWAP ; CONS ; UNIT ; SWAP ; PAIR }`;
    const [op] = runScript({ script, storage: 'Unit', input: '3' }).operations;
    expect(op).toMatchObject({ kind: 'event', tag: 'minted', type: { prim: 'nat' }, payload: { int: '3' } });
  });
});

describe('views and contracts through the host', () => {
  const calleeScript = oneLine(`parameter unit; storage nat; code { CDR ; NIL operation ; PAIR };
    view "plus" nat nat { UNPAIR ; ADD }; view "nothing" unit (option nat) { DROP ; NONE nat }`);
  const callee = addressFromString('KT1TezoooozzSmartPyzzSTATiCzzzwwBFA1');
  const info: ContractInfo = {
    parameter: { prim: 'unit' },
    storageType: { prim: 'nat' },
    storage: { int: '40' },
    balance: 0n,
    script: parseScript(calleeScript),
  };
  const host: Host = {
    ...standaloneHost(),
    contract: (a) => (Buffer.from(a.raw).equals(Buffer.from(callee.raw)) ? info : null),
  };
  const caller = `parameter address; storage (option nat); code { CAR ; PUSH nat 2 ; VIEW "plus" nat ; NIL operation ; PAIR }`;

  it('VIEW runs the callee view on its own storage', () => {
    const r = runScript({ script: caller, storage: 'None', input: '"KT1TezoooozzSmartPyzzSTATiCzzzwwBFA1"', host });
    expect(r.storage).toEqual({ prim: 'Some', args: [{ int: '42' }] });
  });

  it('VIEW of a view that returns None is Some None (iview wraps what the view returns with ICons_some)', () => {
    const script = oneLine(`parameter address; storage (option (option nat));
      code { CAR ; UNIT ; VIEW "nothing" (option nat) ; NIL operation ; PAIR }`);
    const r = runScript({ script, storage: 'None', input: '"KT1TezoooozzSmartPyzzSTATiCzzzwwBFA1"', host });
    expect(r.storage).toEqual({ prim: 'Some', args: [{ prim: 'None' }] });
  });

  it('VIEW on an address without that contract is None', () => {
    const r = runScript({ script: caller, storage: 'None', input: `"${ALICE}"`, host });
    expect(r.storage).toEqual({ prim: 'None' });
  });

  it('CONTRACT finds the callee only at its parameter type', () => {
    const script = oneLine(`parameter address; storage (pair bool bool);
      code { CAR ; DUP ; CONTRACT unit ; IF_NONE { PUSH bool False } { DROP ; PUSH bool True } ;
             SWAP ; CONTRACT nat ; IF_NONE { PUSH bool False } { DROP ; PUSH bool True } ; SWAP ; PAIR ; NIL operation ; PAIR }`);
    const r = runScript({ script, storage: 'Pair False False', input: '"KT1TezoooozzSmartPyzzSTATiCzzzwwBFA1"', host });
    expect(r.storage).toEqual({ prim: 'Pair', args: [{ prim: 'True' }, { prim: 'False' }] });
  });
});

describe('gas and refusals', () => {
  const loop = `parameter nat; storage nat; code { CAR ; DUP ; INT ; GT ; LOOP { PUSH nat 1 ; SWAP ; SUB ; ABS ; DUP ; INT ; GT } ; NIL operation ; PAIR }`;

  it('consumed milligas grows with the work done', () => {
    const small = runScript({ script: loop, storage: '0', input: '10' }).consumedMilligas;
    const large = runScript({ script: loop, storage: '0', input: '1000' }).consumedMilligas;
    expect(small).toBeGreaterThan(0n);
    expect(large).toBeGreaterThan(small * 10n);
  });

  it('a run past its gas limit stops with gas_exhausted', () => {
    expect(
      failure(() => runScript({ script: loop, storage: '0', input: '100000', gasLimitMilligas: 100_000n })).kind,
    ).toBe('gas_exhausted');
  });

  it('FAILWITH reports the value it failed with', () => {
    const f = failure(() =>
      runScript({
        script: `parameter nat; storage unit; code { CAR ; PUSH string "no" ; PAIR ; FAILWITH }`,
        storage: 'Unit',
        input: '7',
      }),
    );
    expect(f.kind).toBe('script_rejected');
    expect(f.with).toEqual({ prim: 'Pair', args: [{ string: 'no' }, { int: '7' }] });
  });

  it('a malformed literal and a bad address are bad input, an ill-typed script is a typecheck error', () => {
    const ok = `parameter unit; storage unit; code { CDR ; NIL operation ; PAIR }`;
    expect(failure(() => runScript({ script: ok, storage: '(Unit', input: 'Unit' })).kind).toBe('bad_input');
    expect(failure(() => runScript({ script: ok, storage: 'Unit', input: 'Unit', sender: 'tz1nope' })).kind).toBe(
      'bad_input',
    );
    expect(
      failure(() =>
        runScript({
          script: `parameter unit; storage unit; code { CAR ; NIL operation ; PAIR ; ADD }`,
          storage: 'Unit',
          input: 'Unit',
        }),
      ).kind,
    ).toBe('typecheck');
  });
});

describe('macros', () => {
  it('CAR k expands to a sequence { GET 2k+1 }, as Octez packs it inside a lambda', () => {
    // Octez's tzt suite: PACK of the lambda { CAR 0 } is 0x05 02000000 09 { 02000000 04 { GET 1 } }.
    const script =
      'parameter unit; storage bytes; code { DROP ; LAMBDA (pair int nat) int { CAR 0 } ; PACK ; NIL operation ; PAIR }';
    expect(runScript({ script, storage: '0x', input: 'Unit' }).storage).toEqual({
      bytes: '050200000009020000000405290001',
    });
  });
});
