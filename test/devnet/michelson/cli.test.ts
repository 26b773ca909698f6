/**
 * The CLI's human-readable output, laid out like `octez-client run script` / `typecheck script`,
 * and its usage errors. (The JSON form is exercised by the conformance corpus.)
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli-helpers';

/** Test scripts are written over several lines for reading; octez-client's layout rules apply to files, so join them. */
const oneLine = (s: string): string => s.replace(/\s*\n\s*/g, ' ');

const dir = mkdtempSync(join(tmpdir(), 'michelson-cli-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const SCRIPT = file(
  'pay.tz',
  oneLine(`parameter (pair key_hash string); storage (big_map string nat);
   code { UNPAIR ; UNPAIR ; IMPLICIT_ACCOUNT ; PUSH mutez 1500000 ; UNIT ; TRANSFER_TOKENS ;
          DIP { PUSH nat 1 ; SOME ; SWAP ; UPDATE } ; NIL operation ; SWAP ; CONS ; PAIR }`),
);

describe('michelson CLI, text output', () => {
  it('run prints the storage, the operations and the big_map diff in octez-client sections', async () => {
    const out = await runCli([
      'run',
      '--script',
      SCRIPT,
      '--storage',
      '{}',
      '--input',
      'Pair "tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx" "alice"',
    ]);
    expect(out.code).toBe(0);
    const lines = out.stdout.split('\n');
    expect(lines.slice(0, 9)).toEqual([
      'storage',
      '  4',
      'emitted operations',
      '  Internal Transaction:',
      '    Amount: ꜩ1.5',
      '    From: KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi',
      '    To: tz1KqTpEZ7Yob7QbPE4Hy4Wo8fHG8LhKxZSx',
      'big_map diff',
      '  New map(4) of type (big_map string nat)',
    ]);
    expect(lines).toContain('  Set map(4)["alice"] to 1');
    expect(lines.at(-2)).toMatch(/^consumed gas: \d+(\.\d+)?$/);
  });

  it('typecheck names the parameter and storage types; an ill-typed script exits 1 with a located error', async () => {
    const ok = await runCli(['typecheck', '--script', SCRIPT]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('Well typed');
    expect(ok.stdout).toContain('storage (big_map string nat)');
    const bad = await runCli([
      'typecheck',
      '--script',
      file('bad.tz', 'parameter unit;\nstorage nat;\ncode { CAR ; NIL operation ; PAIR ; ADD }'),
    ]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^michelson: At line 3 characters \d+ to \d+, ill-typed script/);
  });

  it('a missing flag is a usage error (exit 2) that changes nothing and says what is missing, in JSON too', async () => {
    const out = await runCli(['run', '--script', SCRIPT, '--storage', '{}', '--json']);
    expect(out.code).toBe(2);
    expect(out.json).toEqual({ error: { kind: 'bad_input', message: '--input is required' } });
    expect(out.stderr).toMatch(/^michelson: --input is required\n\nUsage: /);
  });
});
