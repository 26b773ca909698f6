/**
 * Off-chain token metadata, fetched as TzKT fetches it: a `token_metadata` value whose `""` key holds a URI
 * (TZIP-16's off-chain form) is shown with the JSON behind it. `ipfs://<cid>[/path]` is read through an IPFS HTTP
 * gateway, path-style (`${gateway}/ipfs/<cid>[/path]`); `https://` URLs directly. Each URI is fetched in the
 * background with a timeout, a size cap and a few retries, then given up on; nothing here ever throws to the caller.
 */
import type { Json } from './schema';

/**
 * The gateway's base URL (e.g. `http://127.0.0.1:3000`), or a function asked before each attempt, for a gateway
 * whose port is learnt late: while it returns undefined the gateway is not up yet, and fetches wait for it without
 * using up their retries.
 */
export type MetadataGateway = string | (() => string | undefined);

export type MetadataObject = { [k: string]: Json };

const TIMEOUT_MS = 5_000;
const MAX_BYTES = 256 * 1024;
/** Waits before each retry; then the URI is given up on (TzKT shows what it could not fetch as unresolved). */
const RETRY_DELAYS_MS = [200, 500, 1_000, 2_000, 5_000];
/** How often a fetch looks again for a gateway that is not up yet. */
const GATEWAY_POLL_MS = 500;
/** Fetches at once: a restarted devnet re-indexes every token, and the gateway may be the app itself. */
const CONCURRENCY = 4;

const IPFS_URI = /^ipfs:\/\/([A-Za-z0-9]+)((?:\/[^/?#]+)*)\/?$/;

/** How a metadata URI is fetched: through the gateway, directly, or not at all (undefined). */
function uriKind(uri: string): 'ipfs' | 'https' | undefined {
  const ipfs = IPFS_URI.exec(uri);
  // A path must stay under its CID: a gateway would resolve `..` against its own root.
  if (ipfs) return /\/\.\.?(\/|$)/.test(ipfs[2]!) ? undefined : 'ipfs';
  try {
    return new URL(uri).protocol === 'https:' ? 'https' : undefined;
  } catch {
    return undefined;
  }
}

/** The URL to fetch for a metadata URI (`gateway` for `ipfs://` ones), or undefined when it is not fetched. */
export function metadataUrl(uri: string, gateway: string | undefined): string | undefined {
  const kind = uriKind(uri);
  if (kind === 'https') return uri;
  if (kind === undefined || gateway === undefined) return undefined;
  return `${gateway.replace(/\/+$/, '')}/ipfs/${uri.slice('ipfs://'.length).replace(/\/+$/, '')}`;
}

/** An answer that retrying will not change (content-addressed data that is not a JSON object, or too big). */
class Unusable extends Error {}

/** Reads at most MAX_BYTES of a body as text; more is Unusable. */
async function readCapped(res: Response): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (declared > MAX_BYTES) throw new Unusable('too big');
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      throw new Unusable('too big');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function parseObject(text: string): MetadataObject {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Unusable('not JSON');
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Unusable('not a JSON object');
  return v as MetadataObject;
}

/** Fetches off-chain metadata by URI, one request per URI at a time, until closed. */
export class MetadataFetcher {
  private readonly closing = new AbortController();
  private readonly known = new Map<string, Promise<MetadataObject | undefined>>();
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly gateway: MetadataGateway) {}

  /** The JSON object at `uri`, or undefined once it is given up on (or the fetcher closed); never rejects. */
  fetch(uri: string): Promise<MetadataObject | undefined> {
    let p = this.known.get(uri);
    if (!p) {
      p = this.resolve(uri).catch(() => undefined);
      this.known.set(uri, p);
      // Kept only when found: a URI given up on is tried afresh when another token names it.
      void p.then((m) => {
        if (m === undefined) this.known.delete(uri);
      });
    }
    return p;
  }

  /** Stops: in-flight requests are aborted and every pending fetch answers undefined. */
  close(): void {
    this.closing.abort();
    for (const w of this.waiting.splice(0)) w();
  }

  private get closed(): boolean {
    return this.closing.signal.aborted;
  }

  private gatewayUrl(): string | undefined {
    return typeof this.gateway === 'function' ? this.gateway() : this.gateway;
  }

  private async resolve(uri: string): Promise<MetadataObject | undefined> {
    if (uriKind(uri) === undefined) return undefined;
    for (let attempt = 0; ; attempt++) {
      let url = metadataUrl(uri, this.gatewayUrl());
      while (url === undefined && !this.closed) {
        await this.sleep(GATEWAY_POLL_MS);
        url = metadataUrl(uri, this.gatewayUrl());
      }
      if (url === undefined) return undefined;
      try {
        return await this.fetchOnce(url);
      } catch (e) {
        if (e instanceof Unusable || this.closed || attempt >= RETRY_DELAYS_MS.length) return undefined;
      }
      await this.sleep(RETRY_DELAYS_MS[attempt]!);
    }
  }

  private async fetchOnce(url: string): Promise<MetadataObject> {
    await this.slot();
    try {
      const signal = AbortSignal.any([this.closing.signal, AbortSignal.timeout(TIMEOUT_MS)]);
      const res = await fetch(url, { signal, headers: { accept: 'application/json' } });
      if (!res.ok) {
        await res.body?.cancel();
        throw new Error(`HTTP ${res.status}`);
      }
      return parseObject(await readCapped(res));
    } finally {
      this.release();
    }
  }

  private async slot(): Promise<void> {
    while (this.active >= CONCURRENCY && !this.closed) await new Promise<void>((r) => this.waiting.push(r));
    if (this.closed) throw new Error('closed');
    this.active++;
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  /** Waits `ms`, cut short when the fetcher closes; never keeps the process alive. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.closing.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      this.closing.signal.addEventListener('abort', done, { once: true });
    });
  }
}
