/**
 * The committed contract artifacts are what `npm run contracts:build` produces from the Archetype
 * source, and they typecheck on the devnet's Michelson VM with the storage and FA2 types the
 * client and TzKT rely on.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { isFa2, ledgerLayout } from '../../devnet/indexer';
import { loadScript, printType } from '../../devnet/michelson';
import type { Prim } from '../../devnet/michelson/micheline';
import { FA2_ERRORS, MAX_GAME_DAYS } from '../../contracts';
import { SEED_COMMITMENT_PREFIX } from '../../engine/core/rng';
import { BUILD_DIR, buildContract } from '../../scripts/lib/contracts';

const fresh = await buildContract('fa2-editions');
const committedTz = readFileSync(`${BUILD_DIR}fa2-editions.tz`, 'utf8');
const committedJson = readFileSync(`${BUILD_DIR}fa2-editions.json`, 'utf8');
const script = JSON.parse(committedJson) as Prim[];
const section = (name: string): Prim => (script.find((s) => s.prim === name)!.args as Prim[])[0]!;

/** Storage fields by annotation, printed as Michelson types without annotations. */
function storageFields(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (t: Prim): void => {
    const name = t.annots?.find((a) => a.startsWith('%'));
    if (name !== undefined) out[name.slice(1)] = printType(t).replace(/^\((.*)\)$/, '$1');
    else if (t.prim === 'pair') for (const a of t.args as Prim[]) walk(a);
  };
  walk(section('storage'));
  return out;
}

describe('fa2-editions artifacts', () => {
  test('contracts/build/fa2-editions.tz and .json equal a fresh build (run `npm run contracts:build`)', () => {
    expect(committedTz).toBe(fresh.tz);
    expect(committedJson).toBe(fresh.json);
  });

  test('typechecks on the devnet VM, with its six on-chain views', () => {
    const loaded = loadScript(committedTz);
    expect(loaded.typed).toBeDefined();
    expect(script.filter((s) => s.prim === 'view').map((v) => (v.args as { string: string }[])[0]!.string)).toEqual([
      'get_balance',
      'get_total_supply',
      'get_max_supply',
      'is_operator',
      'game_grant',
      'game_info',
    ]);
  });

  test('TzKT tags it FA2 and reads its ledger as (owner, token_id) → amount', () => {
    expect(isFa2(section('parameter'))).toBe(true);
    const f = storageFields();
    expect(f).toMatchObject({
      ledger: 'big_map (pair address nat) nat',
      token_metadata: 'big_map nat (pair nat (map string bytes))',
      metadata: 'big_map string bytes',
      operators: 'big_map (pair address nat address) unit',
      admin: 'address',
      minters: 'big_map address unit',
      games: 'big_map string (pair address timestamp bool)',
      grants: 'big_map (pair string address) unit',
      seed_commits: 'big_map string (pair bytes (option bytes) (option bytes))',
    });
    const ledger = (section('storage').args as Prim[]).find((t) => t.annots?.includes('%ledger'))!.args as Prim[];
    expect(ledgerLayout(ledger[0]!, ledger[1]!)).toBe('owner_id');
  });

  test('a game may last at most MAX_GAME_DAYS: the contract adds exactly that many seconds to NOW', () => {
    expect(committedTz).toContain(`PUSH int ${MAX_GAME_DAYS * 86_400} ;`);
  });

  test('reveal_seed hashes the bytes of SEED_COMMITMENT_PREFIX before the seed, as seedCommitment does', () => {
    expect(committedTz).toContain(`PUSH bytes 0x${Buffer.from(SEED_COMMITMENT_PREFIX, 'utf8').toString('hex')} ;`);
  });

  test('FA2_ERRORS lists exactly the strings the contract fails with', () => {
    const pushed = [...committedTz.matchAll(/PUSH string "([A-Z0-9_]+)"/g)].map((m) => m[1]);
    expect([...new Set(pushed)].sort()).toEqual(Object.values(FA2_ERRORS).sort());
  });
});
