/**
 * The manager operations a dApp may use besides transfers and originations —
 * increase_paid_storage, register_global_constant (and `constant` in scripts), transfer_ticket and
 * tickets sent to implicit accounts, with Octez's ticket balance RPCs — through Taquito 25 unchanged.
 * Expected figures are Octez's: hashes from docs/ushuaia/global_constants.rst, sizes and errors
 * from apply.ml, fees_storage.ml, global_constants_storage.ml, ticket_storage.ml.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RpcClient } from '@taquito/rpc';
import { InMemorySigner } from '@taquito/signer';
import { TezosOperationError, TezosToolkit } from '@taquito/taquito';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bootstrapAccount, startDevnet, type Devnet } from '../../../devnet/node';
import { signedToolkit } from './taquito-clients';

let devnet: Devnet;
let tezos: TezosToolkit;
let rpc: RpcClient;

const toolkit = (secretKey: string): TezosToolkit => signedToolkit(devnet.rpcUrl, secretKey);

/** Error ids (without the protocol prefix) of a rejected send. */
async function rejection(p: Promise<unknown>): Promise<string[]> {
  try {
    await p;
  } catch (e) {
    if (e instanceof TezosOperationError) return e.errors.map((x) => x.id.replace(/^proto\.[^.]+\./, ''));
    throw e;
  }
  throw new Error('expected a rejection');
}

const originate = async (code: string, storage: string): Promise<string> => {
  const op = await tezos.contract.originate({ code, init: storage });
  await op.confirmation();
  return op.contractAddress!;
};

beforeAll(async () => {
  devnet = await startDevnet({ ephemeral: true, port: 0, blockTime: 0 });
  tezos = toolkit(devnet.accounts[0]!.secretKey);
  rpc = new RpcClient(devnet.rpcUrl);
});
afterAll(async () => {
  await devnet.stop();
});

// A registered constant stays registered for the chain's life: the first test registers 999, the next ones use it
// and find it taken, so these keep their order.
describe('register_global_constant and constant references', { shuffle: false }, () => {
  // docs/ushuaia/global_constants.rst: 999 is at expruQN5…, `lambda unit unit` at exprtYirr…; 999 takes 3 bytes + 65.
  const INT_999 = 'expruQN5r2umbZVHy6WynYM8f71F8zS4AERz9bugF8UkPBEqrHLuU8';
  const LAMBDA_UNIT_UNIT = 'exprtYirrFwYKm6yKLzJNtYRbq49zedYq16BonRvMzHiwSbUekB9YL';

  test('registers an expression at its script-expr hash and burns its size plus 65 bytes', async () => {
    const before = (await tezos.tz.getBalance(devnet.accounts[0]!.address)).toNumber();
    const op = await tezos.contract.registerGlobalConstant({ value: { int: '999' } });
    await op.confirmation();
    expect(op.globalConstantHash).toBe(INT_999);
    const result = op.operationResults!;
    expect(result.status).toBe('applied');
    expect(result.storage_size).toBe('68');
    expect(result.balance_updates).toContainEqual(
      expect.objectContaining({ kind: 'burned', category: 'storage fees', change: '17000' }),
    );
    const after = (await tezos.tz.getBalance(devnet.accounts[0]!.address)).toNumber();
    expect(before - after).toBe(17000 + op.fee);
  });

  test('a second registration of the same expression fails with Expression_already_registered', async () => {
    const ids = await rejection(tezos.contract.registerGlobalConstant({ value: { int: '999' } }));
    expect(ids).toContain('Expression_already_registered');
  });

  test('a script using constants originates, is stored expanded and runs', async () => {
    const lambda = await tezos.contract.registerGlobalConstant({
      value: { prim: 'lambda', args: [{ prim: 'unit' }, { prim: 'unit' }] },
    });
    await lambda.confirmation();
    expect(lambda.globalConstantHash).toBe(LAMBDA_UNIT_UNIT);
    const code = `parameter (or (constant "${LAMBDA_UNIT_UNIT}") (unit %bump)); storage int;
      code { CDR; PUSH int (constant "${INT_999}"); ADD; NIL operation; PAIR }`;
    const address = await originate(code, '1');
    // apply.ml stores the code as `unparse_code` leaves it, its constants expanded.
    const script = await rpc.getScript(address);
    expect(JSON.stringify(script.code)).not.toContain(INT_999);
    expect(JSON.stringify(script.code)).toContain('{"prim":"PUSH","args":[{"prim":"int"},{"int":"999"}]}');
    const contract = await tezos.contract.at(address);
    expect(Object.keys(contract.methodsObject)).toContain('bump');
    const call = await contract.methodsObject.bump!().send();
    await call.confirmation();
    expect((await contract.storage<{ toNumber(): number }>()).toNumber()).toBe(1000);
  });

  test('an unregistered constant fails the origination with Nonexistent_global', async () => {
    // The hash of `1`, never registered here.
    const unknown = 'exprtXg9MYTFpadVMs3h7yYbBLm2VgZdpD3LeUSaUWwGz66awsEwDF';
    const ids = await rejection(
      tezos.contract.originate({
        code: `parameter unit; storage int; code { CDR; PUSH int (constant "${unknown}"); ADD; NIL operation; PAIR }`,
        init: '0',
      }),
    );
    expect(ids).toEqual(['Nonexistent_global']);
  });
});

describe('increase_paid_storage and the storage space RPCs', () => {
  /** A new contract each call appends a byte to the stored bytes of: one more byte of storage per call. */
  const grower = (): Promise<string> =>
    originate('parameter unit; storage bytes; code { CDR; PUSH bytes 0x00; CONCAT; NIL operation; PAIR }', '0x');

  test('used and paid space are the origination size; implicit accounts have none (null)', async () => {
    const address = await grower();
    const used = await rpc.getStorageUsedSpace(address);
    expect(Number(used)).toBeGreaterThan(0);
    expect(await rpc.getStoragePaidSpace(address)).toBe(used);
    const res = await fetch(
      `${devnet.rpcUrl}/chains/main/blocks/head/context/contracts/${devnet.accounts[0]!.address}/storage/used_space`,
    );
    expect(await res.json()).toBeNull();
  });

  test('buys paid space at cost_per_byte, and later growth within it burns nothing', async () => {
    const address = await grower();
    const paidBefore = Number(await rpc.getStoragePaidSpace(address));
    const before = (await tezos.tz.getBalance(devnet.accounts[0]!.address)).toNumber();
    const op = await tezos.contract.increasePaidStorage({ amount: 10, destination: address });
    await op.confirmation();
    expect(op.status).toBe('applied');
    expect(Number(await rpc.getStoragePaidSpace(address))).toBe(paidBefore + 10);
    const after = (await tezos.tz.getBalance(devnet.accounts[0]!.address)).toNumber();
    expect(before - after).toBe(10 * 250 + op.fee);
    const call = await (await tezos.contract.at(address)).methodsObject.default!().send();
    await call.confirmation();
    const result = (call.operationResults[0] as { metadata: { operation_result: { paid_storage_size_diff?: string } } })
      .metadata.operation_result;
    expect(result.paid_storage_size_diff).toBe('0');
    expect(Number(await rpc.getStorageUsedSpace(address))).toBe(paidBefore + 1);
  });

  test('a contract that does not exist fails with context.storage_error', async () => {
    const ids = await rejection(
      tezos.contract.increasePaidStorage({ amount: 1, destination: 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi' }),
    );
    expect(ids).toEqual(['context.storage_error']);
  });
});

// The tickets' story: minted to alice, moved to bob, to a contract, back; each balance checked is the one the last
// test left, so these keep their order.
describe('tickets: to implicit accounts, transfer_ticket and the ticket balance RPCs', { shuffle: false }, () => {
  // Mints `amount` tickets "gold" to `recipient` (an implicit account takes a ticket at its default entrypoint).
  const MINTER = `parameter (pair address nat); storage unit;
    code { CAR; UNPAIR; CONTRACT (ticket string); IF_NONE { PUSH string "no recipient"; FAILWITH } {};
           PUSH mutez 0; DIG 2; PUSH string "gold"; TICKET; ASSERT_SOME; TRANSFER_TOKENS;
           NIL operation; SWAP; CONS; UNIT; SWAP; PAIR }`;
  // Keeps every ticket it is sent, joined.
  const VAULT = `parameter (ticket string); storage (option (ticket string));
    code { UNPAIR; SWAP; IF_NONE { SOME } { PAIR; JOIN_TICKETS; ASSERT_SOME; SOME }; NIL operation; PAIR }`;
  let minter: string;
  let vault: string;
  const alice = (): string => devnet.accounts[1]!.address;
  const bob = bootstrapAccount(201);
  const gold = (ticketer: string) => ({ ticketer, content_type: { prim: 'string' }, content: { string: 'gold' } });
  /** Alice sends `amount` of her minter's "gold" tickets to `destination`'s default entrypoint. */
  const sendGold = (amount: number, destination: string) =>
    toolkit(devnet.accounts[1]!.secretKey).contract.transferTicket({
      ticketContents: { string: 'gold' },
      ticketTy: { prim: 'string' },
      ticketTicketer: minter,
      ticketAmount: amount,
      destination,
      entrypoint: 'default',
    });

  beforeAll(async () => {
    minter = await originate(MINTER, 'Unit');
    vault = await originate(VAULT, 'None');
  });

  test('a contract sends tickets to an implicit account: its ticket_balance shows them', async () => {
    const op = await (await tezos.contract.at(minter)).methodsObject.default!({ 0: alice(), 1: 5 }).send();
    await op.confirmation();
    const internal = (
      op.operationResults[0] as {
        metadata: { internal_operation_results: { result: { status: string; ticket_updates?: unknown[] } }[] };
      }
    ).metadata.internal_operation_results[0]!;
    expect(internal.result.status).toBe('applied');
    expect(internal.result.ticket_updates).toEqual([
      { ticket_token: gold(minter), updates: [{ account: alice(), amount: '5' }] },
    ]);
    expect((await rpc.getTicketBalance(alice(), gold(minter))).toString()).toBe('5');
    expect((await rpc.getTicketBalance(minter, gold(minter))).toString()).toBe('0');
  });

  test('transfer_ticket moves tickets between implicit accounts, paying for the new row', async () => {
    const op = await sendGold(2, bob.address);
    await op.confirmation();
    expect(op.status).toBe('applied');
    expect((await rpc.getTicketBalance(alice(), gold(minter))).toString()).toBe('3');
    expect((await rpc.getTicketBalance(bob.address, gold(minter))).toString()).toBe('2');
    // ticket_storage.ml: a new row costs its 65-byte key plus its amount's 1 byte.
    const result = op.operationResults as unknown as {
      paid_storage_size_diff: string;
      balance_updates: { kind: string; change: string }[];
    };
    expect(result.paid_storage_size_diff).toBe('66');
    expect(result.balance_updates).toContainEqual(
      expect.objectContaining({ kind: 'burned', change: String(66 * 250) }),
    );
  });

  test('transfer_ticket to a contract calls its entrypoint; the contract balance is its storage', async () => {
    const op = await sendGold(3, vault);
    await op.confirmation();
    expect(op.status).toBe('applied');
    expect((await rpc.getTicketBalance(alice(), gold(minter))).toString()).toBe('0');
    expect((await rpc.getTicketBalance(vault, gold(minter))).toString()).toBe('3');
    expect(await rpc.getAllTicketBalances(vault)).toEqual([{ ...gold(minter), amount: '3' }]);
    const storage = await rpc.getStorage(vault);
    expect(JSON.stringify(storage)).toContain('"3"');
  });

  test("tickets a contract sends to a contract count for the receiver once stored, with the minter's receipt", async () => {
    const op = await (await tezos.contract.at(minter)).methodsObject.default!({ 0: vault, 1: 4 }).send();
    await op.confirmation();
    const content = op.operationResults[0] as { metadata: { operation_result: { ticket_updates?: unknown[] } } };
    expect(content.metadata.operation_result.ticket_updates).toEqual([
      { ticket_token: gold(minter), updates: [{ account: vault, amount: '4' }] },
    ]);
    expect((await rpc.getTicketBalance(vault, gold(minter))).toString()).toBe('7');
    expect(await rpc.getAllTicketBalances(vault)).toEqual([{ ...gold(minter), amount: '7' }]);
  });

  test('sending more tickets than held fails with Negative_ticket_balance', async () => {
    const ids = await rejection(sendGold(1, bob.address));
    expect(ids).toContain('Negative_ticket_balance');
  });

  test('all_ticket_balances is for contracts only (404 for an implicit account)', async () => {
    const res = await fetch(
      `${devnet.rpcUrl}/chains/main/blocks/head/context/contracts/${alice()}/all_ticket_balances`,
    );
    expect(res.status).toBe(404);
    expect(await rpc.getAllTicketBalances(minter)).toEqual([]);
  });
});

describe('persistence of constants, paid space and ticket balances', () => {
  test('they survive a restart, and a data dir saved before they existed still loads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnet-ops-'));
    try {
      const first = await startDevnet({ dataDir: dir, accounts: 2, port: 0, blockTime: 0 });
      const tz = new TezosToolkit(first.rpcUrl);
      tz.setSignerProvider(new InMemorySigner(first.accounts[0]!.secretKey));
      const registered = await tz.contract.registerGlobalConstant({ value: { int: '7' } });
      await registered.confirmation();
      const minting = await tz.contract.originate({
        code: `parameter address; storage unit; code { CAR; CONTRACT (ticket nat); ASSERT_SOME; PUSH mutez 0; PUSH nat 4; PUSH nat 1; TICKET; ASSERT_SOME; TRANSFER_TOKENS; NIL operation; SWAP; CONS; UNIT; SWAP; PAIR }`,
        init: 'Unit',
      });
      await minting.confirmation();
      const minter = minting.contractAddress!;
      await (
        await (await tz.contract.at(minter)).methodsObject.default!(first.accounts[1]!.address).send()
      ).confirmation();
      const paid = await tz.contract.increasePaidStorage({ amount: 5, destination: minter });
      await paid.confirmation();
      const paidSpace = await new RpcClient(first.rpcUrl).getStoragePaidSpace(minter);
      await first.stop();

      const token = { ticketer: minter, content_type: { prim: 'nat' }, content: { int: '1' } };
      const second = await startDevnet({ dataDir: dir, accounts: 2, port: 0, blockTime: 0 });
      const rpc2 = new RpcClient(second.rpcUrl);
      expect((await rpc2.getTicketBalance(second.accounts[1]!.address, token)).toString()).toBe('4');
      expect(await rpc2.getStoragePaidSpace(minter)).toBe(paidSpace);
      const tz2 = new TezosToolkit(second.rpcUrl);
      tz2.setSignerProvider(new InMemorySigner(second.accounts[0]!.secretKey));
      expect(await rejection(tz2.contract.registerGlobalConstant({ value: { int: '7' } }))).toContain(
        'Expression_already_registered',
      );
      await second.stop();

      // A context written before these operations existed has none of the new fields.
      const file = join(dir, 'chain.json');
      const saved = JSON.parse(readFileSync(file, 'utf8')) as { state: Record<string, unknown> };
      for (const field of ['globalConstants', 'ticketBalances', 'ticketUsedBytes', 'ticketPaidBytes'])
        delete saved.state[field];
      writeFileSync(file, JSON.stringify(saved));
      const third = await startDevnet({ dataDir: dir, accounts: 2, port: 0, blockTime: 0 });
      const rpc3 = new RpcClient(third.rpcUrl);
      expect((await rpc3.getTicketBalance(third.accounts[1]!.address, token)).toString()).toBe('0');
      const tz3 = new TezosToolkit(third.rpcUrl);
      tz3.setSignerProvider(new InMemorySigner(third.accounts[0]!.secretKey));
      const again = await tz3.contract.registerGlobalConstant({ value: { int: '7' } });
      await again.confirmation();
      expect(again.status).toBe('applied');
      await third.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
