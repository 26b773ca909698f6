/**
 * The server side of ASP.NET Core SignalR, as much of it as TzKT's hub uses, so `@microsoft/signalr` (and the
 * `@tzkt/sdk-events` wrapper around it) connects to the devnet unchanged:
 *
 * - `POST …/negotiate?negotiateVersion=1` hands out a connection id and token and offers the WebSocket transport;
 * - the WebSocket (`…?id=<token>`, or without an id when the client skips negotiation) carries the JSON hub
 *   protocol: records ending with 0x1E, a handshake first (`{"protocol":"json","version":1}` → `{}`), then
 *   invocations (type 1) answered by completions (type 3), pings (type 6) both ways, and a close (type 7).
 *
 * Error texts are ASP.NET's with TzKT's `EnableDetailedErrors`: `Unknown hub method 'X'`, a method's exception as
 * `An unexpected error occurred invoking 'X' on the server. HubException: …`, arguments that do not bind as
 * `Failed to invoke 'X' due to an error on the server. InvalidDataException: …`. The hub's methods are hub.ts's.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Json } from './schema';

/** Ends every record of the JSON hub protocol. */
const RS = '\x1e';

/** The JSON hub protocol's message types (only those this server reads or writes). */
export const MessageType = {
  Invocation: 1,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** TzKT pings every 10 s (Tzkt.Api/Program.cs `KeepAliveInterval`); ASP.NET drops a client silent for 30 s. */
const KEEP_ALIVE_MS = 10_000;
const CLIENT_TIMEOUT_MS = 30_000;
/** A negotiated connection token not used for a WebSocket within this long is forgotten. */
const NEGOTIATED_TTL_MS = 30_000;

/** SignalR's HubException: what a hub method throws to refuse a call, its message shown to the client. */
export class HubException extends Error {}

/** Arguments that do not bind to the method's parameters (JSON of another type than the parameter's). */
export class BindingError extends Error {
  constructor() {
    super(
      'Error binding arguments. Make sure that the types of the provided values match the types of the hub method being invoked.',
    );
  }
}

/** One client of the hub, as a hub method sees it. */
export interface HubClient {
  readonly connectionId: string;
  /** Sends an invocation of the client's handler `target` (a TzKT channel: `head`, `transfers`, …). */
  send(target: string, ...args: Json[]): void;
}

export interface HubMethod {
  /** Number of parameters; an invocation with another count does not bind. */
  readonly arity: number;
  run(client: HubClient, args: readonly unknown[]): Json;
}

export interface HubDefinition {
  readonly methods: Readonly<Record<string, HubMethod>>;
  /** The client is gone (closed, timed out, or the server stopped): drop its subscriptions. */
  disconnected(client: HubClient): void;
}

const newId = (): string => randomBytes(16).toString('base64url');

class Connection implements HubClient {
  private buffer = '';
  private handshaken = false;
  private lastSeen = Date.now();
  private readonly timer: ReturnType<typeof setInterval>;
  private closed = false;

  constructor(
    readonly connectionId: string,
    private readonly socket: WebSocket,
    private readonly hub: HubDefinition,
    private readonly forget: (c: Connection) => void,
  ) {
    socket.on('message', (data) => this.receive(data));
    socket.on('close', () => this.ended());
    socket.on('error', () => this.ended());
    this.timer = setInterval(() => {
      if (Date.now() - this.lastSeen > CLIENT_TIMEOUT_MS) this.socket.terminate();
      else if (this.handshaken) this.write({ type: MessageType.Ping });
    }, KEEP_ALIVE_MS);
  }

  send(target: string, ...args: Json[]): void {
    if (this.handshaken) this.write({ type: MessageType.Invocation, target, arguments: args });
  }

  /** Sends the close message and closes the socket; `allowReconnect` tells the client it may come back. */
  close(allowReconnect: boolean, error?: string): void {
    if (this.closed) return;
    if (this.handshaken)
      this.write({
        type: MessageType.Close,
        ...(error !== undefined ? { error } : {}),
        ...(allowReconnect ? { allowReconnect } : {}),
      });
    this.socket.close(1000);
    this.ended();
  }

  private write(message: Json): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message) + RS);
  }

  private ended(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    this.forget(this);
    this.hub.disconnected(this);
  }

  private receive(data: RawData): void {
    this.lastSeen = Date.now();
    this.buffer += Buffer.isBuffer(data)
      ? data.toString('utf8')
      : Array.isArray(data)
        ? Buffer.concat(data).toString('utf8')
        : Buffer.from(data).toString('utf8');
    let end: number;
    while (!this.closed && (end = this.buffer.indexOf(RS)) >= 0) {
      const record = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 1);
      let message: unknown;
      try {
        message = JSON.parse(record);
      } catch {
        return this.handshaken
          ? this.close(false, 'Connection closed with an error.')
          : this.refuseHandshake('Handshake request is not valid JSON.');
      }
      if (this.handshaken) this.dispatch(message);
      else this.handshake(message);
    }
  }

  private refuseHandshake(error: string): void {
    this.socket.send(JSON.stringify({ error }) + RS);
    this.socket.close(1000);
    this.ended();
  }

  private handshake(message: unknown): void {
    const { protocol, version } = (message ?? {}) as { protocol?: unknown; version?: unknown };
    if (protocol !== 'json') return this.refuseHandshake(`The protocol '${String(protocol)}' is not supported.`);
    if (typeof version !== 'number' || version > 1)
      return this.refuseHandshake(`The server does not support version ${String(version)} of the 'json' protocol.`);
    this.handshaken = true;
    this.socket.send('{}' + RS);
  }

  private dispatch(message: unknown): void {
    const m = (message ?? {}) as { type?: unknown; target?: unknown; arguments?: unknown; invocationId?: unknown };
    const invocationId = typeof m.invocationId === 'string' ? m.invocationId : undefined;
    switch (m.type) {
      case MessageType.Invocation:
        return this.invoke(
          String(m.target),
          Array.isArray(m.arguments) ? (m.arguments as unknown[]) : [],
          invocationId,
        );
      case MessageType.StreamInvocation:
        if (invocationId !== undefined)
          this.write({
            type: MessageType.Completion,
            invocationId,
            error: `The client attempted to invoke the non-streaming '${String(m.target)}' method with a streaming invocation.`,
          });
        return;
      case MessageType.Close:
        return this.close(false);
      default:
        // Pings only keep the connection alive; cancellations have nothing to cancel (no streams).
        return;
    }
  }

  private invoke(target: string, args: readonly unknown[], invocationId: string | undefined): void {
    const complete = (outcome: { result: Json } | { error: string }): void => {
      if (invocationId !== undefined) this.write({ type: MessageType.Completion, invocationId, ...outcome });
    };
    const method = Object.hasOwn(this.hub.methods, target) ? this.hub.methods[target] : undefined;
    if (!method) return complete({ error: `Unknown hub method '${target}'` });
    const bindingFailure = (detail: string): void =>
      complete({
        error: `Failed to invoke '${target}' due to an error on the server. InvalidDataException: ${detail}`,
      });
    if (args.length !== method.arity)
      return bindingFailure(`Invocation provides ${args.length} argument(s) but target expects ${method.arity}.`);
    try {
      complete({ result: method.run(this, args) });
    } catch (e) {
      if (e instanceof BindingError) return bindingFailure(e.message);
      const name = e instanceof HubException ? 'HubException' : e instanceof Error ? e.name : 'Exception';
      complete({
        error: `An unexpected error occurred invoking '${target}' on the server. ${name}: ${e instanceof Error ? e.message : String(e)}`,
      });
    }
  }
}

/** One hub's endpoint: its negotiate route, its WebSocket upgrades and its open connections. */
export class SignalRServer {
  // ASP.NET Core's default MaximumReceiveMessageSize, 32 KB: a subscription is a few hundred bytes, and ws's own
  // default (100 MiB) would let one client make the devnet buffer that much.
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 32 * 1024 });
  private readonly negotiated = new Map<string, { connectionId: string; expires: number }>();
  private readonly connections = new Set<Connection>();

  constructor(private readonly hub: HubDefinition) {}

  /** `POST <hub>/negotiate`: ASP.NET's answer, with the WebSocket transport only (the one TzKT's clients use). */
  negotiate(req: IncomingMessage, res: ServerResponse, search: URLSearchParams): void {
    req.resume();
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' }).end();
      return;
    }
    const now = Date.now();
    for (const [token, n] of this.negotiated) if (n.expires < now) this.negotiated.delete(token);
    const version = Math.min(Number(search.get('negotiateVersion') ?? 0) || 0, 1);
    const connectionId = newId();
    const token = version >= 1 ? newId() : connectionId;
    this.negotiated.set(token, { connectionId, expires: now + NEGOTIATED_TTL_MS });
    const body = JSON.stringify({
      negotiateVersion: version,
      connectionId,
      ...(version >= 1 ? { connectionToken: token } : {}),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }],
    });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  }

  /** A WebSocket request for the hub: `?id=` names a negotiated connection; without one, a new connection. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, search: URLSearchParams): void {
    const token = search.get('id');
    let connectionId = newId();
    if (token !== null) {
      const n = this.negotiated.get(token);
      if (!n || n.expires < Date.now()) {
        socket.end(
          'HTTP/1.1 404 Not Found\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nNo Connection with that ID',
        );
        return;
      }
      this.negotiated.delete(token);
      connectionId = n.connectionId;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.connections.add(new Connection(connectionId, ws, this.hub, (c) => this.connections.delete(c)));
    });
  }

  /** Closes every connection, telling clients they may reconnect (the devnet is stopping, maybe to restart). */
  close(): void {
    for (const c of [...this.connections]) c.close(true);
    this.wss.close();
  }
}
