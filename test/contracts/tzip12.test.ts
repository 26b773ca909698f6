/**
 * Token metadata as wallets read it: a tile created with `tileTokenMetadata` is read back through
 * Taquito's TZIP-12 helper (`@taquito/tzip12`, unchanged) from the editions contract on the devnet.
 */
import { InMemorySigner } from '@taquito/signer';
import { TezosToolkit, type ContractAbstraction, type ContractProvider, type Extension } from '@taquito/taquito';
import { Tzip12Module, tzip12, type Tzip12ContractAbstraction } from '@taquito/tzip12';
import BigNumber from 'bignumber.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { tileTokenMetadata, tokenInfoMap } from '../../chain';
import { fa2EditionsCode, fa2EditionsInit } from '../../contracts';
import { bootstrapAccount, startDevnet, type Devnet } from '../../devnet/node';

let devnet: Devnet;

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true });
});
afterAll(async () => devnet.stop());

test('Taquito’s TZIP-12 helper reads a tile’s on-chain token metadata as objkt would show it', async () => {
  const admin = bootstrapAccount(1);
  const artist = bootstrapAccount(2).address;
  const tz = new TezosToolkit(devnet.rpcUrl);
  tz.setSignerProvider(new InMemorySigner(admin.secretKey));
  // @taquito/tzip12 has no 25.x release; its nested Taquito 24 types differ from ours only by private fields.
  tz.addExtension(new Tzip12Module() as unknown as Extension);
  const op = await tz.contract.originate({ code: fa2EditionsCode(), init: fa2EditionsInit(admin.address) });
  const kt = (await op.contract()).address;
  const contract = await tz.contract.at(kt);
  await (await contract.methodsObject['add_minter']!(admin.address).send()).confirmation();
  const meta = tileTokenMetadata({
    title: 'Scorpion Dagger',
    artist: 'Ana Rüdiger',
    creators: [artist],
    listPrice: 120,
    multiplier: 2,
    editionSize: 5,
    gameId: 'game-7',
    artifact: { uri: 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi', mimeType: 'image/png' },
  });
  await (
    await contract.methodsObject['create_tokens']!([
      { max_supply: 5, creator: artist, token_info: tokenInfoMap(meta) },
    ]).send()
  ).confirmation();

  const withTzip12 = (await tz.contract.at(kt, tzip12 as never)) as unknown as ContractAbstraction<ContractProvider> & {
    tzip12(): Tzip12ContractAbstraction;
  };
  const read = await withTzip12.tzip12().getTokenMetadata(new BigNumber(0) as never);
  expect(Number(read.token_id)).toBe(0);
  expect(read).toMatchObject({
    name: 'Scorpion Dagger — Ana Rüdiger',
    decimals: 0,
    artifactUri: meta.artifactUri,
    displayUri: meta.artifactUri,
    thumbnailUri: meta.artifactUri,
  });
  // JSON-valued fields come back as the JSON text the wallets parse.
  expect(JSON.parse((read as unknown as { creators: string }).creators)).toEqual([artist]);
  expect(JSON.parse((read as unknown as { royalties: string }).royalties)).toEqual({
    decimals: 4,
    shares: { [artist]: 1000 },
  });
});
