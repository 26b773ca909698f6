/**
 * Gas of the editions contract's everyday calls, on an ephemeral devnet per case. Each sample sets up what it needs
 * with untimed operations, then sends the measured one and reads its `consumed_milligas` from the receipt in the
 * block that includes it (the node's figure, not Taquito's estimate), in gas units (milligas / 1000). The seed's
 * commitment and reveal (FAIRNESS.md) are measured in gas, storage bytes (`paid_storage_size_diff`) and fee as well.
 */
import {
  MichelsonMap,
  TezosToolkit,
  type ContractAbstraction,
  type ContractProvider,
  type TransactionOperation,
} from '@taquito/taquito';
import { Fa2Editions, metadataBytes, offChainTokenInfo, tileTokenMetadata, type tokenInfoMap } from '../../chain';
import { ipfsUri, smallContentCid } from '../../chain/ipfs/content';
import { seedCommitment } from '../../engine/core/rng';
import { fa2EditionsCode, fa2EditionsInit } from '../../contracts';
import { tzktRoutes } from '../../devnet/indexer';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';
import type { BenchCase, Sampler } from './types';
import { tezosToolkit } from '../../chain/context';

/** Protocol constant `hard_gas_limit_per_operation` (Ushuaia): every call must stay well under it. */
const GAS_LIMIT_PER_OPERATION = 1_040_000;
/** "Well under": the goal shown beside each figure is a tenth of the limit. */
const GOAL = { atMost: GAS_LIMIT_PER_OPERATION / 10 } as const;

interface Fa2 {
  readonly tz: TezosToolkit;
  readonly contract: ContractAbstraction<ContractProvider>;
  /** The admin, also the minter (the game bank). */
  readonly bank: string;
  /** Creates one token (an untimed setup step) and returns its id. */
  createToken(editionSize: number): Promise<number>;
}

function onDevnet(name: string, prepare: (fa2: Fa2) => Promise<Sampler>, unit = 'gas'): BenchCase {
  let devnet: Devnet | undefined;
  return {
    name,
    unit,
    ...(unit === 'gas' ? { goal: GOAL } : {}),
    prepare: async () => {
      devnet = await startDevnet({ ephemeral: true, tzkt: tzktRoutes });
      const bank = bootstrapAccount(1);
      const tz = tezosToolkit(devnet.rpcUrl, { secretKey: bank.secretKey });
      const origination = await tz.contract.originate({ code: fa2EditionsCode(), init: fa2EditionsInit(bank.address) });
      await origination.confirmation(1);
      const contract = await origination.contract();
      await confirmed(contract.methodsObject['add_minter']!(bank.address).send());
      // Ids are sequential from 0 on a fresh contract.
      let next = 0;
      const createToken = async (editionSize: number): Promise<number> => {
        const id = next++;
        const artist = bootstrapAccount(3).address;
        await confirmed(
          contract.methodsObject['create_tokens']!([
            { max_supply: editionSize, creator: artist, token_info: tileInfo(id, editionSize, artist, bank.address) },
          ]).send(),
        );
        return id;
      };
      return prepare({ tz, contract, bank: bank.address, createToken });
    },
    teardown: async () => devnet?.stop(),
  };
}

async function confirmed(sending: Promise<TransactionOperation>): Promise<TransactionOperation> {
  const op = await sending;
  await op.confirmation(1);
  return op;
}

interface Receipt {
  hash?: string;
  contents?: {
    fee?: string;
    metadata?: {
      operation_result?: { status?: string; consumed_milligas?: string; paid_storage_size_diff?: string };
      internal_operation_results?: { result?: { consumed_milligas?: string } }[];
    };
  }[];
}

async function receiptOf(tz: TezosToolkit, op: { hash: string; includedInBlock: number }): Promise<Receipt> {
  const block = await tz.rpc.getBlock({ block: String(op.includedInBlock) });
  const receipt = (block.operations.flat() as Receipt[]).find((o) => o.hash === op.hash);
  if (!receipt) throw new Error(`operation ${op.hash} is not in block ${op.includedInBlock}`);
  return receipt;
}

/** Gas the node charged the operation (its single content and any internal operations), from the block receipt. */
async function gasUsed(tz: TezosToolkit, op: { hash: string; includedInBlock: number }): Promise<number> {
  const receipt = await receiptOf(tz, op);
  let milligas = 0;
  for (const content of receipt.contents ?? []) {
    const result = content.metadata?.operation_result;
    if (result?.status !== 'applied' || result.consumed_milligas === undefined)
      throw new Error(`operation ${op.hash} has no applied result with consumed_milligas`);
    milligas += Number(result.consumed_milligas);
    for (const internal of content.metadata?.internal_operation_results ?? [])
      milligas += Number(internal.result?.consumed_milligas ?? 0);
  }
  return milligas / 1000;
}

/**
 * A tile token's on-chain metadata as the game creates it: only the `ipfs://` URI of its TZIP-21 JSON (TZIP-16's `""`
 * key), the JSON itself being content on the app's IPFS node.
 */
function tileInfo(i: number, editionSize: number, artist: string, bank: string): ReturnType<typeof tokenInfoMap> {
  const metadata = tileTokenMetadata({
    title: `Tile ${i}`,
    artist: `Artist ${i}`,
    creators: [artist],
    description: `Artwork of board tile ${i} of Tezos Pole.`,
    listPrice: 100 + 20 * i,
    multiplier: 1.5,
    editionSize,
    gameId: 'bench-game',
    artifact: {
      uri: `ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzd${String(i).padStart(2, '0')}`,
      mimeType: 'image/png',
    },
    minter: bank,
  });
  const info = offChainTokenInfo(ipfsUri(smallContentCid(metadataBytes(metadata))));
  const map = new MichelsonMap<string, string>({ prim: 'map', args: [{ prim: 'string' }, { prim: 'bytes' }] });
  for (const [k, v] of Object.entries(info)) map.set(k, v);
  return map;
}

export const fa2GasCases: readonly BenchCase[] = [
  // A bought 1/1 changing hands: the sender's ledger entry is removed and the recipient's created.
  onDevnet('fa2: transfer of one token (gas)', async (fa2) => {
    const holder = bootstrapAccount(2);
    const holderTz = tezosToolkit(fa2.tz.rpc.getRpcUrl(), { secretKey: holder.secretKey });
    const asHolder = await holderTz.contract.at(fa2.contract.address);
    return async () => {
      const id = await fa2.createToken(1);
      await confirmed(fa2.contract.methodsObject['mint']!([{ token_id: id, to_: holder.address, amount: 1 }]).send());
      const op = await confirmed(
        asHolder.methodsObject['transfer']!([
          { from_: holder.address, txs: [{ to_: bootstrapAccount(4).address, token_id: id, amount: 1 }] },
        ]).send(),
      );
      return gasUsed(fa2.tz, op);
    };
  }),
  // The bank minting one copy of an edition to a buyer who has none yet (a new ledger entry).
  onDevnet('fa2: mint of one copy (gas)', async (fa2) => {
    return async () => {
      const id = await fa2.createToken(10);
      return gasUsed(
        fa2.tz,
        await confirmed(
          fa2.contract.methodsObject['mint']!([{ token_id: id, to_: bootstrapAccount(2).address, amount: 1 }]).send(),
        ),
      );
    };
  }),
  // A flip in a live game: the bank burns a copy from a player who joined the game, the ledger entry removed.
  onDevnet('fa2: game_burn of one copy (gas)', async (fa2) => {
    const holder = bootstrapAccount(2);
    const holderTz = tezosToolkit(fa2.tz.rpc.getRpcUrl(), { secretKey: holder.secretKey });
    const asHolder = await holderTz.contract.at(fa2.contract.address);
    const head = Date.parse(String((await fa2.tz.rpc.getBlockHeader()).timestamp)) / 1000;
    await confirmed(fa2.contract.methodsObject['open_game']!({ g: 'bench-game', ends: String(head + 86_400) }).send());
    await confirmed(asHolder.methodsObject['join_game']!('bench-game').send());
    let next = 0;
    return async () => {
      const id = next++;
      const artist = bootstrapAccount(3).address;
      await confirmed(
        fa2.contract.methodsObject['create_game_tokens']!({
          g: 'bench-game',
          specs: [{ max_supply: 5, creator: artist, token_info: tileInfo(id, 5, artist, fa2.bank) }],
        }).send(),
      );
      await confirmed(fa2.contract.methodsObject['mint']!([{ token_id: id, to_: holder.address, amount: 1 }]).send());
      return gasUsed(
        fa2.tz,
        await confirmed(
          fa2.contract.methodsObject['game_burn']!({
            g: 'bench-game',
            bps: [{ from_: holder.address, token_id: id, amount: 1 }],
          }).send(),
        ),
      );
    };
  }),
  // A game's 24 artist tiles created in one call, each with its full on-chain TZIP-21 metadata.
  onDevnet('fa2: create 24 tokens in one batch (gas)', async (fa2) => {
    const artist = bootstrapAccount(3).address;
    return async () => {
      const specs = Array.from({ length: 24 }, (_, i) => ({
        max_supply: i % 3 === 0 ? 1 : 5,
        creator: artist,
        token_info: tileInfo(i, i % 3 === 0 ? 1 : 5, artist, fa2.bank),
      }));
      return gasUsed(fa2.tz, await confirmed(fa2.contract.methodsObject['create_tokens']!(specs).send()));
    };
  }),
];

type SeedMeasure = 'gas' | 'storage bytes' | 'fee mutez';

/** The measure of one confirmed operation, from its block receipt: gas, bytes of storage paid for, or the fee Taquito set. */
async function measured(
  tz: TezosToolkit,
  op: { hash: string; includedInBlock: number },
  measure: SeedMeasure,
): Promise<number> {
  if (measure === 'gas') return gasUsed(tz, op);
  const contents = (await receiptOf(tz, op)).contents ?? [];
  if (measure === 'fee mutez') return contents.reduce((sum, c) => sum + Number(c.fee ?? 0), 0);
  return contents.reduce((sum, c) => sum + Number(c.metadata?.operation_result?.paid_storage_size_diff ?? 0), 0);
}

/**
 * `commit_seed` or `reveal_seed` alone in its operation, as the server sends them beside `open_game` and `close_game`:
 * a game id and a seed of the lengths the host draws (16 and 32 characters), the reveal after its game's commitment.
 */
function seedCase(entrypoint: 'commit_seed' | 'reveal_seed', measure: SeedMeasure): BenchCase {
  return onDevnet(
    `fair: ${entrypoint} (${measure})`,
    async (fa2) => {
      const client = Fa2Editions.at(fa2.tz, fa2.contract.address);
      let next = 0;
      return async () => {
        const game = `bench-seed-${String(next++).padStart(5, '0')}`;
        const seed = game.repeat(2);
        const head = Date.parse(String((await fa2.tz.rpc.getBlockHeader()).timestamp));
        await client.send(client.openGame(game, new Date(head + 86_400_000)));
        const commit = client.commitSeed(game, seedCommitment(seed));
        if (entrypoint === 'reveal_seed') await client.send(commit);
        const { opHash, level } = await client.send(
          entrypoint === 'commit_seed' ? commit : client.revealSeed(game, seed, 'ab'.repeat(32)),
        );
        return measured(fa2.tz, { hash: opHash, includedInBlock: level }, measure);
      };
    },
    measure,
  );
}

export const seedCases: readonly BenchCase[] = (['commit_seed', 'reveal_seed'] as const).flatMap((entrypoint) =>
  (['gas', 'storage bytes', 'fee mutez'] as const).map((measure) => seedCase(entrypoint, measure)),
);
