/**
 * `npm run verify -- ratings [--url URL] [--timeout SECONDS] [--json]`: recomputes everything an app publishes about
 * ratings from its published list and records, and compares it with its boards (scripts/verify/ratings.ts,
 * docs/ratings.md); exit code 1 when anything differs.
 *
 * `npm run verify -- RECORD.json [--network devnet|shadownet|custom] [--rpc URL] [--tzkt URL] [--ipfs URL] [--json]`:
 * checks an exported game record the way FAIRNESS.md says anyone can — the revealed seed against its commitment,
 * every seat's link against its chain, every roll against the seed and the links, every state and the end against
 * the replay — and, for an on-chain game, the commitment, the seed and the final state hash against what the
 * contract keeps, read through the TzKT API, and each of its tokens as objkt reads it (the metadata's bytes against their
 * CID, TZIP-21, its creators and not the bank). Prints which roll or action first disagrees; exit code 1 when one does.
 */
import { readFile } from 'node:fs/promises';
import { games, parseRecord, RecordError, verifyRecord, type GameRecord, type Verdict } from '../engine';
import { resolveNetwork } from '../chain/networks';
import { NetworkConfigError } from '../chain/errors';
import { z } from 'zod';
import type { ChainVerdict } from './verify/on-chain';
import type { GameTokens, TokensVerdict } from './verify/tokens';
import { CliError, runCli, UsageError, type CommandLine } from './lib/cli';
import { intFlag } from './lib/flag-values';

/** The subcommand that checks an app's ratings; any other argument is a record file (`./ratings` for one named so). */
const RATINGS = 'ratings';
const DEFAULT_APP = 'http://127.0.0.1:3000';
const DEFAULT_TIMEOUT_S = 30;

const FLAGS = {
  network: {
    type: 'string',
    value: 'devnet|shadownet|custom',
    help: "for an on-chain game, the network whose TzKT API is read (default: the record's own)",
  },
  rpc: {
    type: 'string',
    value: 'URL',
    help: "that network's node, for a custom network; the devnet's TzKT lives under it (default: the preset's)",
  },
  tzkt: { type: 'string', value: 'URL', help: "that network's TzKT API (default: the preset's)" },
  ipfs: {
    type: 'string',
    value: 'URL',
    help: "an IPFS gateway the tokens' metadata is read through, path style (default: http://127.0.0.1:3000, the app npm start serves, on the devnet; https://ipfs.io elsewhere)",
  },
  url: {
    type: 'string',
    value: 'URL',
    help: `with ratings, the app whose published ratings are checked (default: ${DEFAULT_APP}, the app npm start serves)`,
  },
  timeout: {
    type: 'string',
    value: 'SECONDS',
    help: `with ratings, how long each request to the app may take, 1–3600 (default ${DEFAULT_TIMEOUT_S})`,
  },
  json: { type: 'boolean', help: 'print the verdict as JSON' },
} as const;

/** The flags of one form of the command only: given to the other, they are a usage error rather than ignored. */
const RECORD_ONLY = ['network', 'rpc', 'tzkt', 'ipfs'] as const;
const RATINGS_ONLY = ['url', 'timeout'] as const;

interface OnChainPart {
  readonly network: string;
  readonly contract: string;
  readonly gameId: string;
  readonly tokens: GameTokens['tokens'];
}

const tokensSchema = z
  .array(z.object({ tile: z.number().int(), tokenId: z.string().nullable(), metadataUri: z.string().nullable() }))
  .catch([]);

async function readRecordFile(file: string): Promise<{ record: GameRecord; chain: OnChainPart | null }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new CliError(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    throw new CliError(`${file} is not JSON, so it is not a game record`);
  }
  try {
    const record = parseRecord(input);
    const chain = (input as { chain?: { network?: unknown; contract?: unknown; gameId?: unknown; tokens?: unknown } })
      .chain;
    const onChain =
      typeof chain?.network === 'string' && typeof chain.contract === 'string' && typeof chain.gameId === 'string'
        ? {
            network: chain.network,
            contract: chain.contract,
            gameId: chain.gameId,
            // Records exported before the tokens were listed have none to check.
            tokens: tokensSchema.parse(chain.tokens),
          }
        : null;
    return { record, chain: onChain };
  } catch (err) {
    if (err instanceof RecordError) throw new CliError(`${file}: ${err.message}`);
    throw err;
  }
}

function describe(
  record: GameRecord,
  verdict: Verdict,
  chain: ChainVerdict | null,
  tokens: TokensVerdict | null,
): string[] {
  const lines: string[] = [];
  const mode = record.fair ? `provably fair (${record.fair.scheme}), game ${record.fair.gameId}` : 'plain seed';
  lines.push(`${record.game} record, ${record.actions.length} actions, ${mode}`);
  if (!verdict.ok) {
    lines.push(`✗ ${verdict.message}`);
    if (verdict.action !== null)
      lines.push(`  first disagreement: action ${verdict.action} (seq ${verdict.action + 1})`);
    return lines;
  }
  if (verdict.mode === 'fair') {
    lines.push(`✓ the seed matches the commitment published when the game began: ${record.fair!.commitment}`);
    lines.push(
      `✓ ${verdict.actions} rolls recomputed: ${verdict.contributed} mixed in a seat's link, ${verdict.actions - verdict.contributed} the host's alone (bots, timers, the system, seats without a chain)`,
    );
  } else {
    lines.push('! no commitment scheme: whoever knew the seed knew every roll (a hot-seat game, or a typed seed)');
  }
  lines.push(
    `✓ replayed: ${record.actions.some((a) => a.hash) ? 'every state matches the record, and ' : ''}the game ends in state ${verdict.finalHash}`,
  );
  if (chain)
    lines.push(
      chain.ok
        ? `✓ on-chain (${chain.network}, ${chain.contract}): ${chain.message}`
        : `✗ on-chain (${chain.network}, ${chain.contract}): ${chain.message}`,
    );
  if (tokens) lines.push(`${tokens.ok ? '✓' : '✗'} tokens: ${tokens.message}`);
  return lines;
}

function appUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--url must be the app's address, like ${DEFAULT_APP}, not "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--url must be an http:// or https:// address, not "${text}"`);
  return url;
}

async function verifyRatings({ flags, positionals }: CommandLine<typeof FLAGS>): Promise<void> {
  if (positionals.length > 1) throw new UsageError(`${RATINGS} takes no file, yet got "${positionals[1]}"`);
  const misplaced = RECORD_ONLY.find((name) => flags[name] !== undefined);
  if (misplaced) throw new UsageError(`--${misplaced} is for a record, not for ${RATINGS}`);
  const site = {
    base: appUrl(flags.url ?? DEFAULT_APP),
    timeoutMs: intFlag('timeout', flags.timeout, DEFAULT_TIMEOUT_S, 1, 3600) * 1000,
  };
  // The engines and the rating model load only for this form, like the chain's client for an on-chain record.
  const [{ checkPublishedRatings }, { describeRatings }] = await Promise.all([
    import('./verify/ratings-http'),
    import('./verify/ratings'),
  ]);
  // Thousands of records take a while: show progress to a person, never into a pipe or a test.
  const progress = (checked: number, of: number) => {
    if (process.stderr.isTTY)
      process.stderr.write(`\rrecords checked: ${checked} of ${of}${checked === of ? '\n' : ''}`);
  };
  const report = await checkPublishedRatings(site, progress);
  if (flags.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else process.stdout.write(`${describeRatings(report).join('\n')}\n`);
  if (!report.ok) process.exitCode = 1;
}

async function verify(commandLine: CommandLine<typeof FLAGS>): Promise<void> {
  const { flags, positionals: files } = commandLine;
  if (files[0] === RATINGS) return verifyRatings(commandLine);
  const misplaced = RATINGS_ONLY.find((name) => flags[name] !== undefined);
  if (misplaced) throw new UsageError(`--${misplaced} is for ${RATINGS}, not for a record`);
  if (files.length !== 1)
    throw new UsageError(files.length === 0 ? 'name the record file' : `one record at a time, not ${files.length}`);
  const { record, chain } = await readRecordFile(files[0]!);
  const verdict = verifyRecord(games[record.game], record);
  let onChain: ChainVerdict | null = null;
  let tokens: TokensVerdict | null = null;
  if (verdict.ok && chain) {
    let network;
    try {
      network = resolveNetwork({ network: flags.network ?? chain.network, rpc: flags.rpc, tzkt: flags.tzkt });
    } catch (err) {
      if (err instanceof NetworkConfigError) throw new UsageError(err.message);
      throw err;
    }
    // Loaded only for an on-chain record: the indexer client brings Taquito's packages, a second or two to load.
    const [{ checkOnChain }, { checkTokens }] = await Promise.all([
      import('./verify/on-chain'),
      import('./verify/tokens'),
    ]);
    onChain = await checkOnChain(record, chain, network);
    if (chain.tokens.length > 0) {
      const gateway = flags.ipfs ?? (network.name === 'devnet' ? 'http://127.0.0.1:3000' : 'https://ipfs.io');
      tokens = await checkTokens(chain, network, gateway);
    }
  }
  if (flags.json) process.stdout.write(`${JSON.stringify({ verdict, onChain, tokens }, null, 2)}\n`);
  else process.stdout.write(`${describe(record, verdict, onChain, tokens).join('\n')}\n`);
  if (!verdict.ok || (onChain && !onChain.ok) || (tokens && !tokens.ok)) process.exitCode = 1;
  else if (!flags.json)
    process.stdout.write(verdict.mode === 'fair' ? 'verified\n' : 'replays (not provable: plain seed)\n');
}

await runCli({
  name: 'verify',
  synopsis: [
    'npm run verify -- RECORD.json [flags]',
    `npm run verify -- ${RATINGS} [--url URL] [--timeout SECONDS] [--json]`,
  ],
  flags: FLAGS,
  positionals: true,
  notes: [
    'RECORD.json is a game record as "Export record" (or GET /api/games/:id/record) gives it.',
    `${RATINGS} downloads the app's published rated games, their records and its boards, recomputes every rating`,
    'from zero and prints every difference (docs/ratings.md); a record file named "ratings" is ./ratings.',
  ].join('\n'),
  main: verify,
});
