/**
 * The command line every script shares (scripts/lib/cli.ts): `--help` prints the usage and exits 0 before any work
 * (no devnet, no build, no server), an unknown flag exits 2 naming it, with the usage; and how flags are read.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCommandLine, usageText, UsageError, type Flags } from '../../scripts/lib/cli';
import { ROOT, runScript } from './run-script';

/** Every script package.json runs with tsx (`npm start` runs start.ts after its build), and the server start.ts runs. */
const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const SCRIPTS = [
  ...new Set(
    Object.values(scripts).flatMap((command) =>
      [...command.matchAll(/\btsx scripts\/([\w-]+\.ts)\b/g)].map((m) => m[1]!),
    ),
  ),
  'serve.ts',
];

describe('every script', () => {
  it('includes each entry point of package.json', () => {
    expect(SCRIPTS).toEqual(
      expect.arrayContaining([
        'simulate.ts',
        'bench.ts',
        'load.ts',
        'verify.ts',
        'michelson.ts',
        'devnet.ts',
        'deploy.ts',
        'contracts-build.ts',
        'start.ts',
      ]),
    );
  });

  // Each case is a process that reads its flags and stops: run them side by side.
  describe.concurrent.for(SCRIPTS)('%s', (script) => {
    it('--help prints the usage to stdout and exits 0, doing nothing else', async ({ expect }) => {
      const run = await runScript(script, ['--help']);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Usage: /);
      expect(run.stdout).toMatch(/^ {2}-h, --help {2,}print this usage and exit$/m);
    });

    it('an unknown flag exits 2, naming it, with the usage on stderr', async ({ expect }) => {
      const run = await runScript(script, ['--no-such-flag']);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      const [first, blank, usage] = run.stderr.split('\n');
      expect(first).toMatch(/^[\w:-]+: unknown flag --no-such-flag$/);
      expect(blank).toBe('');
      expect(usage).toMatch(/^Usage: /);
    });
  });

  it('-h is --help', async () => {
    const [short, long] = await Promise.all([
      runScript('contracts-build.ts', ['-h']),
      runScript('contracts-build.ts', ['--help']),
    ]);
    expect(short.code).toBe(0);
    expect(short.stdout).toBe(long.stdout);
  });
});

const FLAGS = {
  games: { type: 'string', value: 'N', help: 'games to play (default 1)' },
  'turn-seconds': { type: 'string', value: 'S|off', help: 'the turn timer (default 90)' },
  json: { type: 'boolean', help: 'print JSON' },
} as const satisfies Flags;

const refusal = (argv: readonly string[]): string => {
  try {
    parseCommandLine(argv, FLAGS);
  } catch (err) {
    if (err instanceof UsageError) return err.message;
    throw err;
  }
  return 'accepted';
};

describe('parseCommandLine', () => {
  it('reads --name value, --name=value and boolean --name; a flag not given is undefined', () => {
    expect(parseCommandLine(['--games', '3', '--turn-seconds=off', '--json'], FLAGS).flags).toEqual({
      games: '3',
      'turn-seconds': 'off',
      json: true,
    });
    expect(parseCommandLine([], FLAGS).flags).toEqual({});
  });

  it('takes a value that starts with one dash (a negative number, a Michelson literal) as a value', () => {
    expect(parseCommandLine(['--games', '-1', '--turn-seconds', '-'], FLAGS).flags).toEqual({
      games: '-1',
      'turn-seconds': '-',
    });
  });

  it('gives the positional arguments of a script that takes them, in order', () => {
    expect(parseCommandLine(['a.json', '--json', 'b.json'], FLAGS, { positionals: true })).toEqual({
      flags: { json: true },
      positionals: ['a.json', 'b.json'],
    });
  });

  it.for([
    [['--frobnicate'], 'unknown flag --frobnicate'],
    [['--frobnicate=1'], 'unknown flag --frobnicate'],
    [['-x'], 'unknown flag -x'],
    [['--games'], '--games needs a value'],
    [['--games='], '--games needs a value'],
    [['--games', '--json'], '--games needs a value'],
    [['--json=yes'], '--json takes no value'],
    [['--games', '1', '--games', '2'], '--games is given twice'],
    [['--json', '--json'], '--json is given twice'],
    [['extra'], 'unexpected argument "extra"'],
    [['--', '--json'], 'unexpected argument "--json"'],
  ] as const)('%j is a usage error: %s', ([argv, message]) => {
    expect(refusal(argv)).toBe(message);
  });
});

describe('usageText', () => {
  it('puts every flag on a line of its own with its value and help, --help last, then the notes and the environment', () => {
    const text = usageText({
      synopsis: ['tool run [flags]', 'tool check'],
      flags: FLAGS,
      notes: 'See the README.',
      environment: { 'TOOL_HOME=DIR': 'where it keeps things' },
    });
    expect(text).toBe(
      [
        'Usage: tool run [flags]',
        '       tool check',
        '',
        '      --games N             games to play (default 1)',
        '      --turn-seconds S|off  the turn timer (default 90)',
        '      --json                print JSON',
        '  -h, --help                print this usage and exit',
        '',
        'See the README.',
        '',
        'Environment:',
        '  TOOL_HOME=DIR  where it keeps things',
        '',
      ].join('\n'),
    );
  });
});
