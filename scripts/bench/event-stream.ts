/** The benchmarks' client of a running app server: JSON requests and one seat's `/events` stream, read with fetch. */
import type { GameUpdate } from '../../server';

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** A POST of a JSON body. */
export const postJson = <T>(url: string, body: unknown): Promise<T> =>
  fetchJson<T>(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export interface Arrival {
  readonly update: GameUpdate;
  /** performance.now() when the chunk holding it was read. */
  readonly at: number;
}

/** One seat's `/events` stream: the updates as they arrive and when each arrived; chat entries are counted. */
export class EventStream {
  private readonly arrived = new Map<number, Arrival>();
  private readonly waiters = new Map<number, (arrival: Arrival) => void>();
  private failure: Error | null = null;
  private readonly onFailure = new Set<(err: Error) => void>();
  /** `event: chat` frames received. */
  chats = 0;

  private constructor(
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly controller: AbortController,
  ) {}

  static async open(url: string): Promise<EventStream> {
    const controller = new AbortController();
    const res = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
    if (!res.ok || !res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) {
      controller.abort();
      throw new Error(`GET ${url} → ${res.status} ${res.headers.get('content-type')}`);
    }
    const stream = new EventStream(res.body.getReader(), controller);
    void stream.pump();
    return stream;
  }

  private async pump(): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await this.reader.read();
        if (done) throw new Error('the event stream ended');
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          if (lines.includes('event: chat')) this.chats++;
          const data = lines
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (!lines.includes('event: update') || !data) continue;
          const update = JSON.parse(data) as GameUpdate;
          const arrival = { update, at };
          const waiter = this.waiters.get(update.seq);
          this.waiters.delete(update.seq);
          if (waiter) waiter(arrival);
          else this.arrived.set(update.seq, arrival);
        }
      }
    } catch (err) {
      if (this.controller.signal.aborted) return;
      this.failure = err as Error;
      for (const fail of this.onFailure) fail(this.failure);
    }
  }

  /** The update with this seq and when it arrived. */
  update(seq: number): Promise<Arrival> {
    const done = this.arrived.get(seq);
    if (done) {
      this.arrived.delete(seq);
      return Promise.resolve(done);
    }
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no update ${seq} within 10 s`)), 10_000);
      const fail = (err: Error) => {
        clearTimeout(timer);
        reject(err);
      };
      this.onFailure.add(fail);
      this.waiters.set(seq, (arrival) => {
        clearTimeout(timer);
        this.onFailure.delete(fail);
        resolve(arrival);
      });
    });
  }

  close(): void {
    this.controller.abort();
  }
}
