/** The michelson CLI's flags in octez-client's units: tez for --balance and --amount, gas units for --gas. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-helpers';

const dir = mkdtempSync(join(tmpdir(), 'octez-vm-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('michelson CLI flags in octez-client’s units', () => {
  const CHAIN = file(
    'chain.tz',
    'parameter unit; storage (pair mutez mutez); code { DROP; AMOUNT; BALANCE; PAIR; NIL operation; PAIR }',
  );
  const run = (...flags: string[]) =>
    runCli(['run', '--script', CHAIN, '--storage', 'Pair 0 0', '--input', 'Unit', '--json', ...flags]);

  it('--balance and --amount take tez, as `octez-client run script` does', async () => {
    const out = await run('--balance', '42', '--amount', '1,000.5');
    expect(out.code).toBe(0);
    // Pair BALANCE AMOUNT, in mutez.
    expect((out.json as { storage: unknown }).storage).toEqual({
      prim: 'Pair',
      args: [{ int: '42000000' }, { int: '1000500000' }],
    });
  });

  it('a malformed tez amount is bad input, worded as octez-client’s badTezArg', async () => {
    const out = await run('--balance', '1.1234567');
    expect(out.code).toBe(1);
    expect(out.json).toEqual({
      error: { kind: 'bad_input', message: "Invalid ꜩ notation in parameter --balance: '1.1234567'" },
    });
  });

  it('--gas counts gas units, not milligas', async () => {
    // A run needing c milligas succeeds with ⌈c/1000⌉ gas units and runs out with one unit less; read as milligas,
    // neither figure would be near enough.
    const loop = file(
      'loop.tz',
      'parameter nat; storage nat; code { CAR; DUP; INT; NEQ; LOOP { PUSH nat 1; SWAP; SUB; ABS; DUP; INT; NEQ }; NIL operation; PAIR }',
    );
    const args = ['run', '--script', loop, '--storage', '0', '--input', '10', '--json'];
    const free = await runCli(args);
    const needed = Math.ceil(Number((free.json as { consumedMilligas: string }).consumedMilligas) / 1000);
    expect(needed).toBeGreaterThan(1);
    const enough = await runCli([...args, '--gas', String(needed)]);
    expect(enough.code).toBe(0);
    const tooLittle = await runCli([...args, '--gas', String(needed - 1)]);
    expect((tooLittle.json as { error: { kind: string } }).error.kind).toBe('gas_exhausted');
  });

  it('CREATE_CONTRACT gives the address of origination nonce 1 of the zero operation hash (nonce 0 is the script itself)', async () => {
    const factory = file(
      'factory.tz',
      'parameter unit; storage (option address); code { DROP; UNIT; PUSH mutez 0; NONE key_hash; CREATE_CONTRACT { parameter unit; storage unit; code { CDR; NIL operation; PAIR } }; DIP { SOME; NIL operation }; CONS; PAIR }',
    );
    const out = await runCli(['run', '--script', factory, '--storage', 'None', '--input', 'Unit', '--json']);
    // octez-client's contract_opcodes regression output for create_contract.tz.
    expect((out.json as { storage: unknown }).storage).toEqual({
      prim: 'Some',
      args: [{ string: 'KT1Mjjcb6tmSsLm7Cb3DSQszePjfchPM4Uxm' }],
    });
  });
});
