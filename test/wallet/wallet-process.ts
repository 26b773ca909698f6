/**
 * The headless test wallet's process (spawned by test/wallet/test-wallet.ts): the wallet app itself, on the real
 * wallet side of Beacon (`@airgap/beacon-wallet`, the SDK Temple, Kukai and AirGap build on). It pairs with the app's
 * unchanged dApp side over a Matrix relay, grants permission, signs sign-in payloads with an InMemorySigner key, and
 * forges, signs and injects the operations it is asked for with Taquito. It runs in a process of its own because
 * (1) Node trusts the relay's throwaway certificate only through NODE_EXTRA_CA_CERTS, read at process start, and
 * (2) a wallet that "goes away" is this process killed, as a closed wallet app is, and one that comes back is it
 * started again on the same storage file (stopping Beacon's Matrix client in place leaves an unhandled rejection).
 */
// 4.8.1, the last @airgap release: its Beacon protocol (BEACON_VERSION 3, P2P over Matrix, the same message types)
// is the one @taquito/beacon-wallet's @ecadlabs/beacon-dapp 4.8.4-ecad fork speaks, so the two interoperate as a
// real wallet and the app do.
import {
  BeaconErrorType,
  BeaconMessageType,
  LocalStorage,
  Serializer,
  WalletClient,
  type BeaconRequestOutputMessage,
  type Network,
  type P2PPairingRequest,
} from '@airgap/beacon-wallet';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { InMemorySigner } from '@taquito/signer';
import { OpKind, TezosToolkit, type ParamsWithKind } from '@taquito/taquito';

/**
 * Web Storage kept in a JSON file: Beacon's LocalStorage (and one line of its Matrix transport) use the global
 * `localStorage`, which Node lacks; the file keeps the pairing and keys across restarts, as a wallet app's storage does.
 */
class FileStorage {
  private readonly items: Map<string, string>;
  constructor(private readonly file: string) {
    this.items = new Map(
      existsSync(file) ? (Object.entries(JSON.parse(readFileSync(file, 'utf8'))) as [string, string][]) : [],
    );
  }
  private save(): void {
    writeFileSync(this.file, JSON.stringify(Object.fromEntries(this.items)));
  }
  get length(): number {
    return this.items.size;
  }
  key(i: number): string | null {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
    this.save();
  }
  removeItem(key: string): void {
    this.items.delete(key);
    this.save();
  }
  clear(): void {
    this.items.clear();
    this.save();
  }
}

/** What the parent sends: the wallet's settings first, then the person's doings. */
export type WalletCommand =
  | { readonly cmd: 'pair'; readonly code: string }
  /** The person will click Reject on the next request (answered with ABORTED_ERROR). */
  | { readonly cmd: 'reject-next' }
  /** Answer permission requests as if set to `network` (null: the network the dApp asks for). */
  | { readonly cmd: 'network'; readonly network: Network | null }
  /** The person has dismissed what was waiting when the wallet reopened (TEST_WALLET_REJECT_WAITING): answer from now on. */
  | { readonly cmd: 'release' };

/** What the wallet asked and did, in order, for a test to assert on. */
export interface HandledRequest {
  readonly type: string;
  readonly outcome: 'answered' | 'rejected' | 'failed';
  /** The operation hash it injected, for an operation request. */
  readonly opHash?: string;
  /** Why forging or injecting failed (answered to the dApp as a transaction-invalid error). */
  readonly error?: string;
}

export type WalletEvent =
  | { readonly event: 'ready'; readonly address: string; readonly publicKey: string }
  | { readonly event: 'paired' }
  | { readonly event: 'handled'; readonly request: HandledRequest }
  | { readonly event: 'error'; readonly message: string };

/**
 * The settings, in the environment: TEST_WALLET_NAME, TEST_WALLET_SECRET_KEY, TEST_WALLET_RPC, TEST_WALLET_RELAYS,
 * TEST_WALLET_STORAGE, and TEST_WALLET_REJECT_WAITING=1 to reject every request until `release` (those the relay
 * kept while the wallet was away, which the app has long given up on).
 */
function setting(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const send = (e: WalletEvent) => process.send?.(e);
  // The app's dApp side (@ecadlabs 4.8.4-ecad) notifies a disconnect as a version-3 message without the `message`
  // envelope @airgap 4.8.1's WalletClient reads, which throws in its relay listener: a wallet app survives a message
  // it cannot read (the disconnect is then not applied; the app pairs anew next time anyway).
  process.on('uncaughtException', (err) =>
    console.error(`wallet: ignored a message it could not handle: ${err.message}`),
  );
  (globalThis as { localStorage?: unknown }).localStorage = new FileStorage(setting('TEST_WALLET_STORAGE'));
  const signer = new InMemorySigner(setting('TEST_WALLET_SECRET_KEY'));
  const [address, publicKey] = await Promise.all([signer.publicKeyHash(), signer.publicKey()]);
  const tezos = new TezosToolkit(setting('TEST_WALLET_RPC'));
  tezos.setSignerProvider(signer);
  let rejectNext = false;
  let rejectWaiting = process.env['TEST_WALLET_REJECT_WAITING'] === '1';
  let networkOverride: Network | null = null;

  const client = new WalletClient({
    name: setting('TEST_WALLET_NAME'),
    storage: new LocalStorage('test-wallet'),
    matrixNodes: { 'europe-west': setting('TEST_WALLET_RELAYS').split(',') },
  });

  const handle = async (message: BeaconRequestOutputMessage): Promise<HandledRequest> => {
    if (rejectNext || rejectWaiting) {
      rejectNext = false;
      await client.respond({ type: BeaconMessageType.Error, id: message.id, errorType: BeaconErrorType.ABORTED_ERROR });
      return { type: message.type, outcome: 'rejected' };
    }
    switch (message.type) {
      case BeaconMessageType.PermissionRequest:
        await client.respond({
          type: BeaconMessageType.PermissionResponse,
          id: message.id,
          address,
          publicKey,
          network: networkOverride ?? message.network,
          scopes: message.scopes,
          walletType: 'implicit',
        });
        return { type: message.type, outcome: 'answered' };
      case BeaconMessageType.SignPayloadRequest: {
        // Signs the payload's bytes as asked (MICHELINE: a 05-prefixed packed value, which InMemorySigner hashes first).
        const { prefixSig } = await signer.sign(message.payload);
        await client.respond({
          type: BeaconMessageType.SignPayloadResponse,
          id: message.id,
          signingType: message.signingType,
          signature: prefixSig,
        });
        return { type: message.type, outcome: 'answered' };
      }
      case BeaconMessageType.OperationRequest:
        try {
          // Forge, sign and inject as a wallet does: Taquito estimates the fees and reveals the key when needed.
          const batch = message.operationDetails.map((op): ParamsWithKind => {
            if (op.kind !== 'transaction') throw new Error(`this wallet sends transactions only, not ${op.kind}`);
            const parameter = op.parameters as { entrypoint: string; value: never } | undefined;
            return {
              kind: OpKind.TRANSACTION,
              to: op.destination,
              amount: Number(op.amount),
              mutez: true,
              ...(parameter ? { parameter } : {}),
            };
          });
          const op = await tezos.contract.batch(batch).send();
          await client.respond({ type: BeaconMessageType.OperationResponse, id: message.id, transactionHash: op.hash });
          return { type: message.type, outcome: 'answered', opHash: op.hash };
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          await client.respond({
            type: BeaconMessageType.Error,
            id: message.id,
            errorType: BeaconErrorType.TRANSACTION_INVALID_ERROR,
            errorData: error,
          });
          return { type: message.type, outcome: 'failed', error };
        }
      default:
        await client.respond({
          type: BeaconMessageType.Error,
          id: message.id,
          errorType: BeaconErrorType.UNKNOWN_ERROR,
        });
        return { type: message.type, outcome: 'rejected' };
    }
  };

  process.on('message', (command: WalletCommand) => {
    void (async () => {
      if (command.cmd === 'reject-next') rejectNext = true;
      else if (command.cmd === 'network') networkOverride = command.network;
      else if (command.cmd === 'release') rejectWaiting = false;
      else {
        const request = (await new Serializer().deserialize(command.code)) as P2PPairingRequest;
        await client.addPeer({ ...request, type: 'p2p-pairing-request' } as unknown as Parameters<
          WalletClient['addPeer']
        >[0]);
        send({ event: 'paired' });
      }
    })().catch((err: unknown) => send({ event: 'error', message: err instanceof Error ? err.message : String(err) }));
  });

  await client.init();
  await client.connect((message) => {
    void handle(message).then(
      (request) => send({ event: 'handled', request }),
      (err: unknown) => send({ event: 'error', message: err instanceof Error ? err.message : String(err) }),
    );
  });
  send({ event: 'ready', address, publicKey });
}

if (process.send) {
  main().catch((err: unknown) => {
    process.send?.({
      event: 'error',
      message: err instanceof Error ? (err.stack ?? err.message) : String(err),
    } satisfies WalletEvent);
    process.exit(1);
  });
}
