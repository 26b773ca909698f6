/**
 * PACK, UNPACK and `expr…` key hashes. The bulk of the vectors are Octez's own: every `hash data`
 * case of tezt/tests/hash_data.ml with the packed bytes and Script-expression-ID-Hash from its
 * U025 regression output (tezt/tests/expected/hash_data.ml).
 */
import { Parser, packData } from '@taquito/michel-codec';
import { describe, expect, it } from 'vitest';
import { parseData, unparseData, type DataContext } from '../../../devnet/michelson/data';
import type { Expr, Prim } from '../../../devnet/michelson/micheline';
import { decodeMicheline, pack, packKeyHex, scriptExprHash, unpack } from '../../../devnet/michelson/pack';
import { PRIMITIVES } from '../../../devnet/michelson/primitives';
import { Lambda, Pair, Some, type Value } from '../../../devnet/michelson/values';

const parser = new Parser();
const mich = (src: string): Expr =>
  JSON.parse(JSON.stringify(/^[A-Z]/.test(src) ? parser.parseData(src) : parser.parseMichelineExpression(src))) as Expr;
const ty = (src: string): Prim => mich(`(${src})`) as Prim;
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
const bytes = (h: string): Uint8Array => Uint8Array.from(Buffer.from(h, 'hex'));

const ctx: DataContext = { compileLambda: (a, r, body, rec) => new Lambda(a, r, body, { run() {} }, rec) };
const value = (d: string, t: string): Value => parseData(mich(d), ty(t), ctx);

/** [data, type, packed bytes, script expression hash] — octez-client `hash data` (U025). */
const OCTEZ_HASH_DATA: [string, string, string, string][] = [
  [
    '-92233720368547758089223372036854775807',
    'int',
    '0500ffffffffffffffffff8180c09e91c191c79502',
    'expruG5Q9N4beaRnBNDX9c1rQ1QUGRyPgQyTpwJedPhTpxXfTkguXn',
  ],
  ['-9223372036854775808', 'int', '0500c0808080808080808002', 'exprv3Fy2Seq49zs6JYAGd9zGkFFqiACPjyyHf3sCZFFRnxVvYKUPz'],
  ['-4611686018427387904', 'int', '0500c0808080808080808001', 'exprtdBSRcCcmApcTq7pu378scXyxCVPbLxfiQ5uCsqNATnXQGaDbQ'],
  ['-1', 'int', '050041', 'expru57wdzZCHCeGnKwUzxCJjG1HjveGXp1CCusScXEMq9kbidSvDG'],
  ['1', 'int', '050001', 'expru2dKqDfZG8hu4wNGkiyunvq2hdSKuVYtcKta7BWP6Q18oNxKjS'],
  ['2', 'int', '050002', 'expruDuAZnFKqmLoisJqUGqrNzXTvw7PJM2rYk97JErM5FHCerQqgn'],
  ['4611686018427387903', 'int', '0500bfffffffffffffff7f', 'exprtucdegDH8uqtjprBzMMVaAFJxsctauXP7Qzmfu3KxcyTwnRnfk'],
  ['9223372036854775807', 'int', '0500bfffffffffffffffff01', 'exprupFUK8vtnxuBeiwi8ajvzyqT3eytHd5RueTNQztXn6Q1rFGPKM'],
  [
    '92233720368547758079223372036854775807',
    'int',
    '0500bfffbfe1eebeeeb8eaffffbf9e91c191c79502',
    'expruEdpvhN7bLdgrLpgAGvrzHSu9gs2K7V474qz6BjpAP9uXegr3q',
  ],
  ['False', 'bool', '050303', 'exprvDnoPjyKeR9FSnvwYg5a1v6mDyB6TmnATwWySSP6VmJxrzQb9E'],
  ['True', 'bool', '05030a', 'exprvMjTcyX8e8HskSUV3ipMhPzMLKTn92vsWZkiJTTYj7U9J8sAyP'],
  ['{}', 'list(bool)', '050200000000', 'exprvLcRMXArBMo4ZGN2fxbyDgW4hQTTTRd48VUbEwC4o2dMR2YjFP'],
  ['{}', 'list(int)', '050200000000', 'exprvLcRMXArBMo4ZGN2fxbyDgW4hQTTTRd48VUbEwC4o2dMR2YjFP'],
  ['{}', 'list(unit)', '050200000000', 'exprvLcRMXArBMo4ZGN2fxbyDgW4hQTTTRd48VUbEwC4o2dMR2YjFP'],
  ['{True; False}', 'list(bool)', '050200000004030a0303', 'exprvAgoBrfufCNYoqAjdTcW2zD965bvLPD76xT7bVBNSn9SU6UgVd'],
  ['{True; True}', 'list(bool)', '050200000004030a030a', 'expruRvaTS59Lau3wHMFuiADbSkSTPf61W3UCW25ej1kY8TnioYiG4'],
  ['{-1; 0}', 'list(int)', '05020000000400410000', 'expruNySy7xWaeniq7qraAeEtFzBvJvFA4Jt3op3Dt2m6PddU2Hqr7'],
  [
    '"KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq"',
    'address',
    '050a0000001601d1a37c088a1221b636bb5fccb35e05181038ba7c00',
    'expruKMyQaSREJvvRY1engxJjG9eExbrS22JaZUiBmMnhVew5nyu98',
  ],
  [
    '"KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi%entrypoint"',
    'address',
    '050a00000020011d23c1d3d2f8a4ea5e8784b8f7ecf2ad304c0fe600656e747279706f696e74',
    'exprttX9EL2UJb6Jw6tALybjjfRB3YUC4XsXdYjoGs7SnwZwwiEDHB',
  ],
  [
    '"tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx"',
    'address',
    '050a00000016000002298c03ed7d454a101eb7022bc95f7e5f41ac78',
    'expruH3qgknRBJVLVkwdzf6wfBxd7Y1uqNxr7zuMFxTC12e5PacLfv',
  ],
  [
    '"tz2VGBaXuS6rnaa5hpC92qkgadRJKdEbeGwc"',
    'address',
    '050a000000160001e5c6d1f726796e98b2bad2a819a36f742b2fe25b',
    'exprte1BpSKiw9DnLocxVhaUQYqPGZiCbHrENpe2VsvfjvNZ3LTiGf',
  ],
  [
    '"tz3WEJYwJ6pPwVbSL8FrSoAXRmFHHZTuEnMA"',
    'address',
    '050a0000001600026c9b3ad59e0f8bdc2bd2011675825f9f547131da',
    'expruXqtng8pcQAshhkrVpENv9xXSirB19McDD4geN3aFFSbjJQMRy',
  ],
  [
    '0',
    'bls12_381_fr',
    '050a000000200000000000000000000000000000000000000000000000000000000000000000',
    'exprvGRJUuBnkCc3vi2nFiCKonniDQhcJxTGRuJY68uJubvS1bxnmA',
  ],
  [
    '1',
    'bls12_381_fr',
    '050a000000200100000000000000000000000000000000000000000000000000000000000000',
    'exprtgCbDCSxBsG1xnR5B2MmdvwomjRwGZdM2MxfW5NdcB3uXiUUgD',
  ],
  [
    '0x01',
    'bls12_381_fr',
    '050a000000200100000000000000000000000000000000000000000000000000000000000000',
    'exprtgCbDCSxBsG1xnR5B2MmdvwomjRwGZdM2MxfW5NdcB3uXiUUgD',
  ],
  [
    '0x0001',
    'bls12_381_fr',
    '050a000000200001000000000000000000000000000000000000000000000000000000000000',
    'exprtitZpQKmhwwbedezDJBMs2aC9a9xwK1QgAEyZXsArw4d2FQ5Kt',
  ],
  [
    '0x0572cbea904d67468808c8eb50a9450c9721db309128012543902d0ac358a62ae28f75bb8f1c7c42c39a8c5529bf0f4e166a9d8cabc673a322fda673779d8e3822ba3ecb8670e461f73bb9021d5fd76a4c56d9d4cd16bd1bba86881979749d28',
    'bls12_381_g1',
    '050a000000600572cbea904d67468808c8eb50a9450c9721db309128012543902d0ac358a62ae28f75bb8f1c7c42c39a8c5529bf0f4e166a9d8cabc673a322fda673779d8e3822ba3ecb8670e461f73bb9021d5fd76a4c56d9d4cd16bd1bba86881979749d28',
    'exprupSAayZNCY4pMsSxx2Cbqr8LUcZ5YUnRG38hXjqRhkCAkVvt9q',
  ],
  [
    '0x0a4edef9c1ed7f729f520e47730a124fd70662a904ba1074728114d1031e1572c6c886f6b57ec72a6178288c47c335771638533957d540a9d2370f17cc7ed5863bc0b995b8825e0ee1ea1e1e4d00dbae81f14b0bf3611b78c952aacab827a0530f6d4552fa65dd2638b361543f887136a43253d9c66c411697003f7a13c308f5422e1aa0a59c8967acdefd8b6e36ccf30468fb440d82b0630aeb8dca2b5256789a66da69bf91009cbfe6bd221e47aa8ae88dece9764bf3bd999d95d71e4c9899',
    'bls12_381_g2',
    '050a000000c00a4edef9c1ed7f729f520e47730a124fd70662a904ba1074728114d1031e1572c6c886f6b57ec72a6178288c47c335771638533957d540a9d2370f17cc7ed5863bc0b995b8825e0ee1ea1e1e4d00dbae81f14b0bf3611b78c952aacab827a0530f6d4552fa65dd2638b361543f887136a43253d9c66c411697003f7a13c308f5422e1aa0a59c8967acdefd8b6e36ccf30468fb440d82b0630aeb8dca2b5256789a66da69bf91009cbfe6bd221e47aa8ae88dece9764bf3bd999d95d71e4c9899',
    'expruyowq2jYmYPBWkdc5ZSgqP4daGevfjJePrhDTUtP7YQL4Dzi5x',
  ],
  ['0x', 'bytes', '050a00000000', 'expru3w5vUB5kLiEvvbFA81Su29kZM9bvCuVVPDNqVQq9RJ5PZ8oRw'],
  ['0xABCDEF42', 'bytes', '050a00000004abcdef42', 'exprtbzFhHQHhmEMHRqKi6k1fzAQYiVtuCXauZvM1VrN1p8iJLhJeG'],
  ['0x7a06a770', 'chain_id', '050a000000047a06a770', 'expruWMYwqN4LDi29J8v47jRfpLkqjEkUaYtn6N9RZL8PB6z7Kca2w'],
  ['"NetXynUjJNZm7wi"', 'chain_id', '050a00000004f3d48554', 'exprtXgy1oXtj7HHY7Vw9rw3nKoPmrWaGE9iYF6ToeYfvcwmKTFECY'],
  [
    '"edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav"',
    'key',
    '050a00000021004798d2cc98473d7e250c898885718afd2e4efbcb1a1595ab9730761ed830de0f',
    'exprtbUKNrgLiggTQePME77Tgz9QcD1HK2pEVWHFLnR1qaah41D2XF',
  ],
  [
    '"edpkuJqtDcA2m2muMxViSM47MPsGQzmyjnNTawUPqR8vZTAMcx61ES"',
    'key',
    '050a000000210057b0e07666fe26167f92bffe667dc2ba2214a404f4fe5d1bb8ce01baef5663a5',
    'expruJXx976B1KtYQeE96FS74k4VRXRKBAWx5e9TMWEBGPwv8VG5tt',
  ],
  [
    '"tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx"',
    'key_hash',
    '050a000000150002298c03ed7d454a101eb7022bc95f7e5f41ac78',
    'expru6fotvwsd3SnSHp5qhcUTHAmd1hqQA24srgXcGRRaCA2gPLYkf',
  ],
  [
    '"tz1XPTDmvT3vVE5Uunngmixm7gj7zmdbPq6k"',
    'key_hash',
    '050a000000150080dfbed18097a4cb62dea643ebc5346600b5204d',
    'expruEg1o4eXzeCwhgod4hTPbJjdpULmL2cbYphGFC9trLLhNaK3kw',
  ],
  ['{ }', 'lambda unit unit', '050200000000', 'exprvLcRMXArBMo4ZGN2fxbyDgW4hQTTTRd48VUbEwC4o2dMR2YjFP'],
  [
    '{ PUSH nat 1; ADD }',
    'lambda nat nat',
    '0502000000080743036200010312',
    'expru2DqBT8sxeHNp8FZnU3yEsE3eBRttz553dx3ct4fLZKvag6KXz',
  ],
  ['{}', 'list unit', '050200000000', 'exprvLcRMXArBMo4ZGN2fxbyDgW4hQTTTRd48VUbEwC4o2dMR2YjFP'],
  ['{ 0 ; 10 }', 'list nat', '0502000000040000000a', 'expru4vWphhWxDfcnCeXUdGZAhDpNTNt7qSvcoEAF58Se8dVgC2fBR'],
  [
    '{ Some 10 ; None }',
    'list (option int)',
    '0502000000060509000a0306',
    'exprv7yYyxehrZrCaxT9CLhMtAmQCUjjv9PDBZMkqASKLHUVGQUQHk',
  ],
  ['{}', 'map nat unit', '050200000000', 'exprvLcRMXArBMo4ZGN2fxbyDgW4hQTTTRd48VUbEwC4o2dMR2YjFP'],
  [
    '{ Elt 0 0xCB ; Elt 1 0xAB }',
    'map nat bytes',
    '050200000014070400000a00000001cb070400010a00000001ab',
    'exprupowg2SRTtvx8kU3J6iV3Nta1rZ54KFMMHvX9ADcB9kg8vDR8u',
  ],
  ['0', 'mutez', '050000', 'exprtZBwZUeYYYfUs9B9Rg2ywHezVHnCCnmF9WsDQVrs582dSK63dC'],
  ['1', 'mutez', '050001', 'expru2dKqDfZG8hu4wNGkiyunvq2hdSKuVYtcKta7BWP6Q18oNxKjS'],
  ['99999', 'mutez', '05009f9a0c', 'expruQUsZtokRsnKdzPwveAiq1QX2TgnMeRdhQ3rqBJw6LbfK7nJEa'],
  ['0', 'nat', '050000', 'exprtZBwZUeYYYfUs9B9Rg2ywHezVHnCCnmF9WsDQVrs582dSK63dC'],
  ['1', 'nat', '050001', 'expru2dKqDfZG8hu4wNGkiyunvq2hdSKuVYtcKta7BWP6Q18oNxKjS'],
  ['99999', 'nat', '05009f9a0c', 'expruQUsZtokRsnKdzPwveAiq1QX2TgnMeRdhQ3rqBJw6LbfK7nJEa'],
  ['None', 'option unit', '050306', 'exprtn5DaoF31YMuSLAJFjARQmKwsdUUnHMCKBqZ6zoH1SiAyqHkFh'],
  ['Some "foo"', 'option string', '0505090100000003666f6f', 'expruWj1i3NoT1rSzrv22q9uTuL8Ax5LcRkhHQJLDbRfaHSydRmpx4'],
  ['(Left True)', 'or bool string', '050505030a', 'exprufiG2ZNeHqrtWKs4bJ3yPwqxxe2W1jPv8NfHezGjadF15ruvUw'],
  [
    '(Right "foo")',
    'or bool string',
    '0505080100000003666f6f',
    'exprvD9V6jDDCiYUQjkqNdnD2eFyqMA76Rkoa6rpVXkim7hcqHFFEz',
  ],
  ['(Pair 0 True)', 'pair int bool', '0507070000030a', 'exprubgTpz2xzfqw7VxoZ9CfmYeQCayFc4mAA9pgnXDKXo64FD2tDw'],
  [
    '(Pair 0 (Pair True 0x))',
    'pair int bool bytes',
    '05070700000707030a0a00000000',
    'expruJK4yoH9hmZUDgbb5DBtjekERQd913ar43wFgkLVL4eYcFtDsT',
  ],
  [
    '(Pair 0 True 0x)',
    'pair int bool bytes',
    '05070700000707030a0a00000000',
    'expruJK4yoH9hmZUDgbb5DBtjekERQd913ar43wFgkLVL4eYcFtDsT',
  ],
  [
    '{0; True; 0x}',
    'pair int bool bytes',
    '05070700000707030a0a00000000',
    'expruJK4yoH9hmZUDgbb5DBtjekERQd913ar43wFgkLVL4eYcFtDsT',
  ],
  ['{}', 'set bool', '050200000000', 'exprvLcRMXArBMo4ZGN2fxbyDgW4hQTTTRd48VUbEwC4o2dMR2YjFP'],
  ['{ 0 ; 3 ; 4 }', 'set nat', '050200000006000000030004', 'expruTArjjBYFarD9wM3cZJWXr4ZGzDNmZ4NzJja4evPDhDaGRRS5F'],
  ['"ABC\\n123"', 'string', '0501000000074142430a313233', 'expru9epr1Q99NjjgfhQBBmLiAb55ATvHcpvXqVfxnjQyAo3qLpTSU'],
  [
    '"edsigthTzJ8X7MPmNeEwybRAvdxS1pupqcM5Mk4uCuyZAe7uEk68YpuGDeViW8wSXMrCi5CwoNgqs8V2w8ayB5dMJzrYCHhD8C7"',
    'signature',
    '050a0000004049d47dba27bd76208b092f3e500f64818920c817491b8b9094f28c2c2b9c6721b257b8878ce47182122b8ea84aeacd84a8aa28cb1f1fe48a26355a7bca4b8306',
    'exprtXK3xDMDMu3vGVkb6m9JxwRb3t62tZZNWZPS6FGCY5oFVcZuaM',
  ],
  [
    '"spsig1PPUFZucuAQybs5wsqsNQ68QNgFaBnVKMFaoZZfi1BtNnuCAWnmL9wVy5HfHkR6AeodjVGxpBVVSYcJKyMURn6K1yknYLm"',
    'signature',
    '050a00000040865b0ceaa2decd64fea1b7e0e97d6ae8035125d821ebe99d7d5c8a559f36fdd43388a570e475011f6d2bbef184ece9bafbf0ac12157f7257988e9575ae2cbca9',
    'expruiLTZFkM8c6b9yURRmpLK3f7AAQbPQc11DeCSLoWUqGMUwLiSn',
  ],
  ['"foo"', 'string', '050100000003666f6f', 'expruTFUPVsqkuD5iwLMJuzoyGSFABnxLo7CZrgnS1czt1WbTwpVrJ'],
  ['"2019-09-26T10:59:51Z"', 'timestamp', '0500a7e8e4d80b', 'expruPr6RXBVA966PMQk4kFKyiph9smByS7tFn1hKE6RwAv77VxPes'],
  ['1571659294', 'timestamp', '05009ef8ecda0b', 'exprvPBUjsoev8w7shCt9SLykngSNL393Q8xHJS5eTMSrA2KbecS2x'],
  ['Unit', 'unit', '05030b', 'expruaDPoTWXcTR6fiQPy4KZSW72U6Swc1rVmMiP1KdwmCceeEpVjd'],
];

describe('PACK matches octez-client `hash data`', () => {
  it.each(OCTEZ_HASH_DATA)('%s : %s', (d, t, packed, hash) => {
    const v = value(d, t);
    expect(hex(pack(v, ty(t)))).toBe(packed);
    expect(scriptExprHash(v, ty(t))).toBe(hash);
    expect(packKeyHex(v, ty(t))).toBe(packed);
  });

  it('packs the nested pair of tezt contract_opcodes "packunpack" to Octez\'s bytes', () => {
    const t = 'pair (pair string (list int)) (set nat)';
    const v = value('Pair (Pair "toto" {3;7;9;1}) {1;2;3}', t);
    expect(hex(pack(v, ty(t)))).toBe(
      '070707070100000004746f746f020000000800030007000900010200000006000100020003'.replace(/^/, '05'),
    );
  });

  it('packs combs nested even when they were written flat, and lambdas with their PUSH data nested', () => {
    const t = 'lambda unit (pair nat nat nat)';
    const v = value('{ DROP ; PUSH (pair nat nat nat) { 1 ; 2 ; 3 } }', t);
    const nested = mich('{ DROP ; PUSH (pair nat nat nat) (Pair 1 (Pair 2 3)) }');
    expect(hex(pack(v, ty(t)))).toBe(hex(Uint8Array.from(packData(nested as never))));
  });
});

describe('UNPACK', () => {
  it.each(OCTEZ_HASH_DATA)('reads back %s : %s', (d, t, packed) => {
    const v = unpack(bytes(packed), ty(t), ctx);
    expect(v).toBeInstanceOf(Some);
    expect(hex(pack(v!.value, ty(t)))).toBe(packed);
  });

  it('tells an unpacked None (Some None) from a failure (None)', () => {
    expect(unpack(bytes('050306'), ty('option unit'), ctx)).toEqual(new Some(null));
    expect(unpack(bytes('050306'), ty('unit'), ctx)).toBeNull();
  });

  it('round-trips the values of tezt "packunpack_rev_cty" (pack v = pack (unpack (pack v)))', () => {
    const t =
      'pair key unit signature (option signature) (list unit) (set bool) (pair int int) (or key_hash timestamp) (map int string) (lambda string bytes)';
    const v = value(
      '(Pair "edpkuBknW28nW72KG6RoHtYW7p12T6GKc7nAbwYX5m8Wd9sDVC9yav" (Pair Unit (Pair "edsigthTzJ8X7MPmNeEwybRAvdxS1pupqcM5Mk4uCuyZAe7uEk68YpuGDeViW8wSXMrCi5CwoNgqs8V2w8ayB5dMJzrYCHhD8C7" (Pair (Some "edsigthTzJ8X7MPmNeEwybRAvdxS1pupqcM5Mk4uCuyZAe7uEk68YpuGDeViW8wSXMrCi5CwoNgqs8V2w8ayB5dMJzrYCHhD8C7") (Pair { Unit }  (Pair { True }  (Pair (Pair 19 10) (Pair (Left "tz1cxcwwnzENRdhe2Kb8ZdTrdNy4bFNyScx5") (Pair { Elt 0 "foo" ; Elt 1 "bar" }  { PACK } )))))))))'.slice(
        1,
        -1,
      ),
      t,
    );
    const once = pack(v, ty(t));
    expect(hex(pack(unpack(once, ty(t), ctx)!.value, ty(t)))).toBe(hex(once));
  });

  it('reads a 64-byte signature back as a generic sig…, as Octez does', () => {
    const t = ty('signature');
    const packed = pack(
      value(
        '"edsigthTzJ8X7MPmNeEwybRAvdxS1pupqcM5Mk4uCuyZAe7uEk68YpuGDeViW8wSXMrCi5CwoNgqs8V2w8ayB5dMJzrYCHhD8C7"',
        'signature',
      ),
      t,
    );
    const back = unparseData(unpack(packed, t, ctx)!.value, t, 'readable') as { string: string };
    expect(back.string.startsWith('sig')).toBe(true);
  });

  it('gives None without the 0x05 prefix, on truncated input or trailing bytes', () => {
    const t = ty('int');
    expect(unpack(bytes('0001'), t, ctx)).toBeNull();
    expect(unpack(bytes(''), t, ctx)).toBeNull();
    expect(unpack(bytes('05'), t, ctx)).toBeNull();
    expect(unpack(bytes('050a000000050102'), ty('bytes'), ctx)).toBeNull(); // length beyond the end
    expect(unpack(bytes('05000100'), t, ctx)).toBeNull(); // one byte too many
    expect(unpack(bytes('050001'), t, ctx)).toEqual(new Some(1n));
  });

  it('gives None on a number ending in a zero byte (data-encoding refuses trailing zeros)', () => {
    expect(unpack(bytes('05008100'), ty('int'), ctx)).toBeNull();
    expect(unpack(bytes('050081'), ty('int'), ctx)).toBeNull();
    expect(unpack(bytes('05008101'), ty('int'), ctx)).toEqual(new Some(65n));
  });

  it('gives None when the data does not have the type, or the lambda does not typecheck', () => {
    expect(unpack(bytes('050001'), ty('string'), ctx)).toBeNull();
    expect(unpack(bytes('050041'), ty('nat'), ctx)).toBeNull(); // -1
    const failing: DataContext = {
      compileLambda: () => {
        throw new Error('ill-typed');
      },
    };
    expect(unpack(bytes('0502000000080743036200010312'), ty('lambda nat nat'), failing)).toBeNull();
    expect(unpack(bytes('0502000000080743036200010312'), ty('lambda nat nat'), ctx)?.value).toBeInstanceOf(Lambda);
  });

  it('refuses forged values: tickets and big map ids, whatever the context allows', () => {
    const lax = { ...ctx, allowTicketLiterals: true };
    const ticket = Uint8Array.from(packData(mich('Pair "KT1ThEdxfUcWUwqsdergy3QnbCWGHSUHeHJq" 1 2') as never));
    expect(unpack(ticket, ty('ticket nat'), lax)).toBeNull();
    expect(unpack(bytes('050007'), ty('big_map nat nat'), lax)).toBeNull();
  });

  it('refuses annotated data but keeps instruction annotations inside lambdas', () => {
    const annotatedPair = Uint8Array.from(packData(mich('Pair %a 1 2') as never));
    expect(unpack(annotatedPair, ty('pair int int'), ctx)).toBeNull();
    const lambda = Uint8Array.from(packData(mich('{ DROP @x ; UNIT @y }') as never));
    expect((unpack(lambda, ty('lambda nat unit'), ctx)?.value as Lambda).body).toEqual(mich('{ DROP @x ; UNIT @y }'));
  });
});

describe('binary Micheline reader', () => {
  it("uses Octez's primitive table, the one michel-codec encodes with", () => {
    expect(PRIMITIVES).toHaveLength(161);
    // michel-codec validates PUSH before writing it, so PUSH gets its two arguments.
    PRIMITIVES.forEach((prim, i) => {
      const e = prim === 'PUSH' ? { prim, args: [{ prim: 'int' }, { int: '0' }] } : { prim };
      expect(packData(e as never).slice(1, 3)).toEqual([prim === 'PUSH' ? 7 : 3, i]);
    });
  });

  it('reads the generic primitive form (tag 9) with any number of arguments, as Octez', () => {
    // Pair 1 2 written with tag 9: prim 07, args length 4, args, empty annotations.
    const e = decodeMicheline(bytes('09070000000400010002' + '00000000'));
    expect(e).toEqual({ prim: 'Pair', args: [{ int: '1' }, { int: '2' }] });
    expect(unpack(bytes('0509070000000400010002' + '00000000'), ty('pair int int'), ctx)).toEqual(
      new Some(new Pair(1n, 2n)),
    );
  });

  it('refuses malformed annotations and unknown primitives or tags', () => {
    const withAnnot = (a: string) => `0420${hex(Uint8Array.of(0, 0, 0, a.length))}${hex(new TextEncoder().encode(a))}`;
    expect(decodeMicheline(bytes(withAnnot('@ok')))).toEqual({ prim: 'DROP', annots: ['@ok'] });
    expect(decodeMicheline(bytes(withAnnot('bad')))).toBeNull();
    expect(decodeMicheline(bytes(withAnnot('@a  @b')))).toBeNull();
    expect(decodeMicheline(bytes('03a1'))).toBeNull(); // primitive 161 does not exist
    expect(decodeMicheline(bytes('0b'))).toBeNull();
  });

  it('reads negative numbers, strings and nested sequences', () => {
    expect(decodeMicheline(bytes('00c0808080808080808002'))).toEqual({ int: '-9223372036854775808' });
    expect(decodeMicheline(bytes('0100000003666f6f'))).toEqual({ string: 'foo' });
    expect(decodeMicheline(bytes('020000000702000000020000'))).toEqual([[{ int: '0' }]]);
    expect(decodeMicheline(bytes('0200000003020000'))).toBeNull(); // inner length overruns the outer one
  });
});
