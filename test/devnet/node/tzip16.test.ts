/**
 * Taquito's TZIP-16 support (`@taquito/tzip16`) against the devnet node, unchanged: contract metadata
 * stored on chain (`tezos-storage:`), an off-chain `michelsonStorageView` run through `run_code`, and an
 * on-chain view of the same contract run through `run_script_view`.
 */
import { InMemorySigner } from '@taquito/signer';
import {
  MichelsonMap,
  TezosToolkit,
  type ContractAbstraction,
  type ContractProvider,
  type Extension,
} from '@taquito/taquito';
import { Tzip16Module, tzip16, type Tzip16ContractAbstraction } from '@taquito/tzip16';
import { stringToBytes } from '@taquito/utils';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bootstrapAccount, startDevnet, type Devnet } from '../../../devnet/node';

// Storage: a counter and the TZIP-16 `%metadata` big_map; `double` is an on-chain view of the counter.
const CODE = `
parameter int;
storage (pair (int %counter) (big_map %metadata string bytes));
code { UNPAIR; DIP { UNPAIR }; ADD; PAIR; NIL operation; PAIR };
view "double" int int { UNPAIR; DIP { CAR }; ADD; DUP; ADD }`;

// TZIP-16 document with one off-chain view: `counter + n` computed from the contract's storage.
const METADATA = {
  name: 'Devnet counter',
  description: 'A counter with TZIP-16 metadata',
  version: '1.0.0',
  interfaces: ['TZIP-016'],
  views: [
    {
      name: 'plus',
      implementations: [
        {
          michelsonStorageView: {
            parameter: { prim: 'int' },
            returnType: { prim: 'int' },
            code: [{ prim: 'UNPAIR' }, { prim: 'DIP', args: [[{ prim: 'CAR' }]] }, { prim: 'ADD' }],
          },
        },
      ],
    },
  ],
};

/*
 * @taquito/tzip16 has no 25.x release: 24.2.0 depends on `@taquito/taquito@^24.2.0`, so npm gives it a
 * nested copy of Taquito 24 whose classes (Context, ContractAbstraction) have private fields; TypeScript
 * therefore rejects our Taquito 25 objects for its parameters, although at run time it only calls their
 * public API. These two casts are that type mismatch and nothing else.
 */
const tzip16Module = new Tzip16Module() as unknown as Extension;
type WithTzip16 = ContractAbstraction<ContractProvider> & { tzip16(): Tzip16ContractAbstraction };
const withTzip16 = tzip16 as unknown as (abs: ContractAbstraction<ContractProvider>) => WithTzip16;

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true });
});
afterAll(async () => {
  await devnet.stop();
});

describe('TZIP-16 metadata and views with Taquito', () => {
  test('reads metadata from tezos-storage, runs an off-chain and an on-chain view', async () => {
    const owner = bootstrapAccount(1);
    const tz = new TezosToolkit(devnet.rpcUrl);
    tz.setSignerProvider(new InMemorySigner(owner.secretKey));
    tz.addExtension(tzip16Module);

    const metadata = new MichelsonMap<string, string>();
    metadata.set('', stringToBytes('tezos-storage:contents'));
    metadata.set('contents', stringToBytes(JSON.stringify(METADATA)));
    const orig = await tz.contract.originate({ code: CODE, storage: { counter: 20, metadata } });
    await orig.confirmation();
    const contract = await tz.contract.at(orig.contractAddress!, withTzip16);

    const envelope = await contract.tzip16().getMetadata();
    expect(envelope.uri).toBe('tezos-storage:contents');
    expect(envelope.metadata).toEqual(METADATA);
    expect(await contract.tzip16().metadataInterfaces()).toEqual(['TZIP-016']);

    const views = await contract.tzip16().metadataViews();
    expect(Object.keys(views)).toEqual(['plus']);
    expect((await views.plus!().executeView(22)).toString()).toBe('42');

    // The off-chain view reads the current storage: after a call adding 5, 20 + 5 + 22.
    await (await contract.methodsObject.default!(5).send()).confirmation();
    expect((await views.plus!().executeView(22)).toString()).toBe('47');

    const viewCaller = owner.address;
    expect((await contract.contractViews.double!(1).executeView({ viewCaller })).toString()).toBe('52');
  });
});
