/**
 * The headless test wallet, as a test drives it: a wallet app (test/wallet/wallet-process.ts, on the real wallet
 * side of Beacon) in a process of its own, trusting the relay's certificate, with a handle to pair it with the code
 * the app's Beacon dialog shows, make it refuse the next request, answer as if on another network, go away (its
 * process killed, as a closed wallet app) and come back (started again on the same storage: still paired).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Network } from '@airgap/beacon-wallet';
import type { BeaconRelay } from './beacon-relay';
import type { HandledRequest, WalletCommand, WalletEvent } from './wallet-process';

const ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'wallet-process.ts');

export interface TestWalletOptions {
  /** The wallet's name, as the app's Beacon dialogs show it. */
  readonly name: string;
  /** The account's unencrypted secret key (edsk…). */
  readonly secretKey: string;
  /** The node it injects operations into (the devnet's). */
  readonly rpcUrl: string;
  readonly relay: BeaconRelay;
}

export type { HandledRequest };

export class TestWallet {
  /** Every request it handled, in order, across restarts. */
  readonly handled: HandledRequest[] = [];
  private child: ChildProcess | null = null;
  private log = '';
  private readonly listeners = new Set<(e: WalletEvent) => void>();
  private readonly storageDir = mkdtempSync(path.join(tmpdir(), 'test-wallet-'));
  address = '';

  private constructor(private readonly options: TestWalletOptions) {}

  static async start(options: TestWalletOptions): Promise<TestWallet> {
    const wallet = new TestWallet(options);
    await wallet.comeBack();
    return wallet;
  }

  /** Waits for the wallet's next event matching `accept` (its errors reject). */
  private next<E extends WalletEvent>(accept: (e: WalletEvent) => e is E, timeoutMs = 60_000): Promise<E> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => done(new Error(`${this.options.name}: no answer within ${timeoutMs} ms\n${this.log}`)),
        timeoutMs,
      );
      const done = (err: Error | null, e?: E) => {
        clearTimeout(timer);
        this.listeners.delete(listener);
        if (err) reject(err);
        else resolve(e!);
      };
      const listener = (e: WalletEvent) => {
        if (e.event === 'error') done(new Error(`${this.options.name}: ${e.message}\n${this.log}`));
        else if (accept(e)) done(null, e);
      };
      this.listeners.add(listener);
    });
  }

  private command(command: WalletCommand): void {
    if (!this.child) throw new Error(`${this.options.name} is away`);
    this.child.send(command);
  }

  /**
   * Starts the wallet app (again): it logs in to the relay and listens to the dApps it is paired with. With
   * `rejectWaiting`, the person first rejects what the relay kept for it while it was away (the request the app gave
   * up on when it went unanswered), then answers as usual.
   */
  async comeBack(options: { readonly rejectWaiting?: boolean } = {}): Promise<void> {
    if (this.child) return;
    const { name, secretKey, rpcUrl, relay } = this.options;
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      env: {
        ...process.env,
        NODE_EXTRA_CA_CERTS: relay.certificateFile,
        TEST_WALLET_NAME: name,
        TEST_WALLET_SECRET_KEY: secretKey,
        TEST_WALLET_RPC: rpcUrl,
        TEST_WALLET_RELAYS: relay.node,
        TEST_WALLET_STORAGE: path.join(this.storageDir, 'storage.json'),
        TEST_WALLET_REJECT_WAITING: options.rejectWaiting ? '1' : '0',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.stdout?.on('data', (d) => (this.log += d));
    child.stderr?.on('data', (d) => (this.log += d));
    child.on('message', (e: WalletEvent) => {
      if (e.event === 'handled') this.handled.push(e.request);
      for (const l of [...this.listeners]) l(e);
    });
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      for (const l of [...this.listeners])
        l({ event: 'error', message: `the wallet process exited (${code ?? signal})` });
    });
    this.child = child;
    const rejected = options.rejectWaiting
      ? this.next((e): e is WalletEvent => e.event === 'handled' && e.request.outcome === 'rejected', 120_000)
      : null;
    rejected?.catch(() => undefined); // awaited below, after `ready`; an error before then is thrown by that wait
    const ready = await this.next((e): e is Extract<WalletEvent, { event: 'ready' }> => e.event === 'ready', 120_000);
    this.address = ready.address;
    if (rejected) {
      await rejected;
      this.command({ cmd: 'release' });
    }
  }

  /** Pairs with the app from the pairing code its Beacon dialog shows ("Beacon" QR type). */
  async pair(code: string): Promise<void> {
    const paired = this.next((e): e is Extract<WalletEvent, { event: 'paired' }> => e.event === 'paired');
    this.command({ cmd: 'pair', code });
    await paired;
  }

  /** The person will click Reject on the next request: the app gets ABORTED_ERROR. */
  rejectNextRequest(): void {
    this.command({ cmd: 'reject-next' });
  }

  /** Answers permission requests as if the wallet were set to `network` (null: as the app asks). */
  answerAsNetwork(network: Network | null): void {
    this.command({ cmd: 'network', network });
  }

  /** Resolves once it has handled `n` requests in all; the last one. */
  async handledCount(n: number, timeoutMs = 60_000): Promise<HandledRequest> {
    if (this.handled.length < n)
      await this.next((e): e is WalletEvent => e.event === 'handled' && this.handled.length >= n, timeoutMs);
    return this.handled[n - 1]!;
  }

  /** The wallet app is closed: its process is killed, so requests get no acknowledgement and no answer. */
  async goAway(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.goAway();
    rmSync(this.storageDir, { recursive: true, force: true });
  }

  /** What the wallet process printed (for a failure's report). */
  output(): string {
    return this.log;
  }
}
