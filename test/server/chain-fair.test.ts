/**
 * A provably fair Tezos Pole game (FAIRNESS.md) on the devnet, through real Taquito and the real TzKT client.
 * The seed's commitment goes on-chain when the game opens; each person's actions carry their chain's links; when the
 * game is over the contract checks the revealed seed against its commitment and keeps it with the final state hash.
 * The record then verifies against the chain alone (`npm run verify -- RECORD --network custom …`), and a record whose
 * seed and commitment were both replaced is caught by what the contract keeps.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedCommit } from '../../chain';
import { bootstrapAccount } from '../../devnet/node';
import { games, HashChain, parseRecord, seedCommitment, verifyRecord } from '../../engine';
import { checkOnChain } from '../../scripts/verify/on-chain';
import { checkTokens } from '../../scripts/verify/tokens';
import { runScript } from '../scripts/run-script';
import { decision, settle, startPeopleGame, useChainSuite } from './chain-host';

const bank = bootstrapAccount(1);
const people = [bootstrapAccount(5), bootstrapAccount(6)];

const suite = useChainSuite(bank);
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'chain-fair-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('a provably fair on-chain game', () => {
  it(
    'is played with every person’s links, and its record verifies against the chain alone',
    { timeout: 600_000 },
    async () => {
      const game = await startPeopleGame(suite.env, suite.chain, undefined, people);
      const chains = people.map(() => new HashChain(randomBytes(32).toString('hex'), 800));
      // Each person registers their chain signed in with the wallet their seat is bound to.
      for (const [seat, c] of chains.entries())
        await suite.env.host.seats.registerChain(
          game.id,
          { token: game.tokens[seat]!, seat, head: c.head },
          { address: people[seat]!.address },
        );
      const opening = await suite.env.host.views.snapshot(game.id);
      expect(opening.fair?.commitment).toBe(opening.seedCommitment);
      const used = people.map(() => 0);
      for (let i = 0; i < 2000 && !(await suite.env.host.views.snapshot(game.id)).outcome; i++) {
        await settle(suite.env);
        const d = await decision(suite.env, game);
        const action = d.legal.find((a) => a.type === 'buy') ?? d.legal[0]!;
        await suite.env.host.moves.act(
          game.id,
          {
            token: game.tokens[d.seat]!,
            seat: d.seat,
            seq: d.seq,
            action,
            contribution: chains[d.seat]!.link(used[d.seat]! + 1),
          },
          { address: people[d.seat]!.address },
        );
        used[d.seat]!++;
      }
      // The close and the reveal go in one operation once the game is over; then the indexer has it.
      await settle(suite.env);
      await expect
        .poll(
          async () => (await readSeedCommit(suite.chain.devnet.tzktUrl, suite.chain.contract.address, game.id))?.seed,
          {
            timeout: 30_000,
            interval: 100,
          },
        )
        .toBeTruthy();
      const record = await suite.env.host.records.record(game.id);
      const parsed = parseRecord(JSON.parse(JSON.stringify(record)));
      expect(verifyRecord(games.pole, parsed)).toMatchObject({
        ok: true,
        mode: 'fair',
        contributed: used[0]! + used[1]!,
      });
      const network = {
        name: 'custom' as const,
        rpcUrl: suite.chain.devnet.rpcUrl,
        tzktUrl: suite.chain.devnet.tzktUrl,
        explorerUrl: null,
      };
      expect(await checkOnChain(parsed, record.chain!, network)).toMatchObject({ ok: true });

      const file = path.join(dir, 'on-chain.json');
      await writeFile(file, JSON.stringify(record));
      const run = await runScript('verify.ts', [
        file,
        '--network',
        'custom',
        '--rpc',
        suite.chain.devnet.rpcUrl,
        '--tzkt',
        suite.chain.devnet.tzktUrl,
        '--ipfs',
        suite.gateway.url,
      ]);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(
        `✓ on-chain (custom, ${suite.chain.contract.address}): the commitment, the revealed seed and the final state hash are the contract’s own`,
      );
      // Each token as objkt reads it: TzKT → ipfs:// → the JSON, hashed against its CID, TZIP-21, crediting its artist.
      expect(run.stdout).toContain(
        `✓ tokens: ${record.chain!.tokens.length} tokens: each one's metadata is the record's, hashes to its CID, is TZIP-21 and credits its creators, not the bank`,
      );
      expect(record.chain!.tokens.every((t) => t.metadataUri?.startsWith('ipfs://'))).toBe(true);
      // A record that claims other metadata for a token than the chain's is caught.
      const claimed = {
        ...record.chain!,
        tokens: [{ ...record.chain!.tokens[0]!, metadataUri: record.chain!.tokens[1]!.metadataUri }],
      };
      const tokensVerdict = await checkTokens(claimed, network, suite.gateway.url);
      expect(tokensVerdict.ok).toBe(false);
      expect(tokensVerdict.message).toContain('on-chain, the record says');

      // A record whose seed and commitment were replaced together still has to meet the contract's.
      const other = 'a-seed-the-host-would-rather-have';
      const forged = { ...parsed, seed: other, fair: { ...parsed.fair!, commitment: seedCommitment(other) } };
      const verdict = await checkOnChain(forged, record.chain!, network);
      expect(verdict.ok).toBe(false);
      expect(verdict.message).toBe(
        `the contract's commitment ${parsed.fair!.commitment} is not the record's ${seedCommitment(other)}`,
      );
    },
  );
});
