/**
 * The load generator's HTTP client: JSON requests over kept-alive connections and one seat's Server-Sent Events
 * stream, on node:http rather than fetch — thousands of open streams cost a socket and a parser each, not a WHATWG
 * stream stack each, so the generator stays light beside the server it measures on the same cores.
 */
import http from 'node:http';
import type { GameSnapshot, GameUpdate } from '../../server';

/** Kept-alive connections for the requests (actions, chat, creations): a browser reuses its connections too. */
const requests = new http.Agent({ keepAlive: true, maxSockets: 256 });
/** One connection per stream, as each EventSource holds its own. */
const streams = new http.Agent({ keepAlive: false, maxSockets: Infinity });

export interface Reply<T = unknown> {
  readonly status: number;
  readonly body: T;
}

/**
 * A JSON request; any status is returned (the caller tells an expected refusal from an error). Network failures
 * reject, except the one every kept-alive client meets: the server closed an idle connection just as it was reused
 * (ECONNRESET before any answer), which browsers, too, answer by sending the request again on a new connection.
 */
export async function requestJson<T = unknown>(url: string, method: 'GET' | 'POST', body?: unknown): Promise<Reply<T>> {
  try {
    return await requestOnce<T>(url, method, body);
  } catch (err) {
    if ((err as { reusedSocket?: boolean }).reusedSocket && (err as NodeJS.ErrnoException).code === 'ECONNRESET')
      return requestOnce<T>(url, method, body);
    throw err;
  }
}

function requestOnce<T>(url: string, method: 'GET' | 'POST', body?: unknown): Promise<Reply<T>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: requests,
        headers:
          payload === undefined
            ? { accept: 'application/json' }
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            // a non-JSON body (an HTML error page): kept as text for the error report
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T });
        });
        res.on('error', reject);
      },
    );
    req.on('error', (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
    req.end(payload);
  });
}

/** What a seat's stream saw, for the exactly-once check: each seq must come once, right after the one before. */
export interface StreamTally {
  /** Updates received. */
  updates: number;
  /** An update whose seq was already seen. */
  duplicates: number;
  /** Seqs skipped (an update that jumps ahead of the one expected, no snapshot in between). */
  lost: number;
  /** Times the stream dropped and was opened again with Last-Event-ID. */
  reconnects: number;
}

export interface StreamHandlers {
  /** An update, in stream order, with performance.now() when its chunk was read. */
  readonly update: (update: GameUpdate, at: number) => void;
  /** The opening snapshot of a stream resumed from before the game's newest stored snapshot. */
  readonly snapshot?: (snapshot: GameSnapshot) => void;
  /** The stream failed for good (a refusal on opening, or it kept dropping). */
  readonly failed: (reason: string) => void;
}

/**
 * One seat's `/events` stream, read like EventSource reads it: frames split on blank lines, `id:` remembered and sent
 * back as Last-Event-ID when the stream drops, and stopped for good by a 204 (the game is over and nothing is left).
 */
export class SeatStream {
  readonly tally: StreamTally = { updates: 0, duplicates: 0, lost: 0, reconnects: 0 };
  /** The newest seq this stream delivered (its snapshot's, or the game's at subscription). */
  seq: number;
  private lastEventId: string | null = null;
  private request: http.ClientRequest | null = null;
  private closed = false;
  /** The game ended and its stream closed after the last update, as it should. */
  ended = false;

  constructor(
    private readonly url: string,
    startSeq: number,
    private readonly on: StreamHandlers,
  ) {
    this.seq = startSeq;
  }

  /** Opens the stream; resolves once the server answered (200 and the stream's first bytes, or a refusal). */
  open(): Promise<void> {
    return new Promise((resolve) => {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (this.lastEventId !== null) headers['last-event-id'] = this.lastEventId;
      const url = this.lastEventId === null ? `${this.url}&after=${this.seq}` : this.url;
      const req = http.get(url, { agent: streams, headers }, (res) => {
        if (res.statusCode === 204) {
          this.ended = true;
          res.resume();
          resolve();
          return;
        }
        if (res.statusCode !== 200) {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            this.on.failed(`GET events → ${res.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`),
          );
          resolve();
          return;
        }
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            this.frame(buffer.slice(0, end), at);
            buffer = buffer.slice(end + 2);
          }
        });
        res.on('end', () => this.dropped());
        res.on('error', () => undefined); // 'end' or 'close' follows
        resolve();
      });
      req.on('error', (err) => {
        if (!this.closed) this.on.failed(`GET events: ${err.message}`);
        resolve();
      });
      this.request = req;
    });
  }

  private frame(text: string, at: number): void {
    let event = 'message';
    let data = '';
    for (const line of text.split('\n')) {
      if (line.startsWith('id: ')) this.lastEventId = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (event === 'snapshot') {
      const snapshot = JSON.parse(data) as GameSnapshot;
      this.seq = snapshot.seq;
      this.on.snapshot?.(snapshot);
    } else if (event === 'update') {
      const update = JSON.parse(data) as GameUpdate;
      this.tally.updates++;
      if (update.seq <= this.seq) {
        this.tally.duplicates++;
        return;
      }
      if (update.seq > this.seq + 1) this.tally.lost += update.seq - this.seq - 1;
      this.seq = update.seq;
      this.on.update(update, at);
    }
  }

  /** The server ended the stream: after a game's last update that is its end; otherwise EventSource would reconnect. */
  private dropped(): void {
    if (this.closed || this.ended) return;
    if (this.finished) {
      this.ended = true;
      return;
    }
    this.tally.reconnects++;
    if (this.tally.reconnects > 5) this.on.failed('the event stream kept dropping');
    else setTimeout(() => void this.open(), 200);
  }

  /** Set by the table once the game's outcome arrived: the stream's end is then expected. */
  finished = false;

  close(): void {
    this.closed = true;
    this.request?.destroy();
  }
}
