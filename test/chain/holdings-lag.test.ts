/**
 * The holdings reader under a TzKT API that trails the node (`startDevnet({ indexerLag })`, as Shadownet's
 * indexer does). Right after a mint is confirmed on the node the indexer has not seen it yet; a read with `minLevel`
 * (read-after-write, as the game's rules read holders) waits for it and gets the new balances, never the old ones.
 */
import { InMemorySigner } from '@taquito/signer';
import { MichelsonMap, TezosToolkit } from '@taquito/taquito';
import { Parser } from '@taquito/michel-codec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tzktRoutes } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import { FA2_MULTI } from '../../devnet/indexer/sample-contracts';
import { HoldingsReader } from '../../chain/indexer';

/** Long enough that the read right after a confirmation comes before the indexer has the block. */
const LAG_SECONDS = 3;
const alice = bootstrapAccount(1);
const bob = bootstrapAccount(2).address;

let devnet: Devnet;
let tz: TezosToolkit;
let reader: HoldingsReader;
let kt = '';
const parser = new Parser();

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes, indexerLag: LAG_SECONDS });
  tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(alice.secretKey));
  reader = new HoldingsReader({ tzktUrl: devnet.tzktUrl, pollMs: 100 });
  const orig = await tz.contract.originate({
    code: FA2_MULTI,
    storage: { ledger: new MichelsonMap(), token_metadata: new MichelsonMap() },
  });
  kt = orig.contractAddress!;
  await reader.waitForLevel(await orig.confirmation());
}, 120_000);

afterAll(async () => {
  await devnet?.stop();
});

describe('holdings under an indexer lag', () => {
  it('a read with minLevel waits for the indexer and sees the mint; a read without it still sees the old balances', async () => {
    const op = await tz.contract.transfer({
      to: kt,
      amount: 0,
      parameter: { entrypoint: 'mint', value: parser.parseMichelineExpression(`(Pair "${bob}" (Pair 0 2))`)! },
    });
    const minted = await op.confirmation();
    const stale = await reader.read({ contract: kt });
    expect(stale.level).toBeLessThan(minted);
    expect(stale.holdings).toEqual([]);
    const fresh = await reader.read({ contract: kt, minLevel: minted });
    expect(fresh.level).toBeGreaterThanOrEqual(minted);
    expect(fresh.holdings.map((h) => [h.owner, h.tokenId, h.balance])).toEqual([[bob, 0n, 2n]]);
  }, 60_000);
});
