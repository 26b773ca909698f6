import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadScript, parseExpression, runScript, standaloneHost, type Host } from '../../devnet/michelson';
import { addressFromString } from '../../devnet/michelson/encoding';
import type { Expr, Prim } from '../../devnet/michelson/micheline';
import { packKeyHex } from '../../devnet/michelson/pack';
import { Pair } from '../../devnet/michelson/values';
import { latency, throughput } from './measure';
import type { BenchCase } from './types';

const script = (name: string): string =>
  readFileSync(fileURLToPath(new URL(`./michelson/${name}`, import.meta.url)), 'utf8');

const LOOP_ITERATIONS = 10_000;
const INSTRUCTIONS_PER_ITERATION = 9;

const ALICE = 'tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx';
const BOB = 'tz1gjaF81ZRRvdzjobyfVNsAeSC6PScjfQwN';
const CAROL = 'tz1faswCTDciRzE4oJ9jn2Vm2dvjeyA9fUzU';
const HOLDERS = 1000;

/**
 * A chain host whose ledger big_map (id 0) already holds 1,000 balances, as the node would serve
 * them: a transfer reads and writes through the stored map, not a literal.
 */
function ledgerHost(): Host {
  const base = standaloneHost();
  const keyType: Prim = { prim: 'pair', args: [{ prim: 'address' }, { prim: 'nat' }] };
  const ledger = new Map<string, Expr>();
  const holders = [ALICE, BOB, CAROL];
  for (let i = 0; i < HOLDERS; i++) {
    const who = holders[i % 3]!;
    ledger.set(packKeyHex(new Pair(addressFromString(who), BigInt(i)), keyType), { int: '1000' });
  }
  return {
    ...base,
    bigMapGet: (id, hex) => (id === 0n ? (ledger.get(hex) ?? null) : null),
    bigMapTypes: (id) => (id <= 1n ? { keyType, valueType: { prim: 'nat' } } : null),
    nextBigMapId: () => 2n,
  };
}

export const michelsonCases: readonly BenchCase[] = [
  {
    name: 'michelson: simple instructions',
    unit: 'instr/s',
    prepare: () => {
      const loaded = loadScript(script('loop.tz'));
      const input = { int: String(LOOP_ITERATIONS) };
      return () =>
        throughput(() => {
          runScript({ script: loaded, storage: { int: '0' }, input });
          return LOOP_ITERATIONS * INSTRUCTIONS_PER_ITERATION;
        });
    },
  },
  {
    // One call of the token contract as the node makes it: script loaded once, parameter and storage parsed,
    // two ledger debits and credits through the stored big_map, the diff settled.
    name: 'michelson: FA2 transfer (2 txs, stored ledger)',
    unit: 'µs',
    goal: { atMost: 200 },
    prepare: () => {
      const loaded = loadScript(script('fa2-transfer.tz'));
      const host = ledgerHost();
      const input = parseExpression(`{ Pair "${ALICE}" { Pair "${BOB}" 0 10 ; Pair "${CAROL}" 3 5 } }`, 'input');
      const storage = parseExpression('Pair 0 1', 'storage');
      return () => 1000 * latency(() => runScript({ script: loaded, storage, input, sender: ALICE, host }));
    },
  },
];
