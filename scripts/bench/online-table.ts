/** A game played online over HTTP by a benchmark: every seat's token and event stream, and who may do what now. */
import type { CreateGameRequest, CreateGameResponse, GameSnapshot } from '../../server';
import { EventStream, fetchJson, postJson } from './event-stream';

export interface OnlineTable {
  readonly id: string;
  readonly tokens: readonly string[];
  readonly streams: readonly EventStream[];
  seq: number;
  pending: number[];
  legal: Map<number, readonly unknown[]>;
  over: boolean;
}

/** Creates an online game of people only (one invite per seat) and opens every seat's stream. */
export async function openOnlineTable(baseUrl: string, request: CreateGameRequest): Promise<OnlineTable> {
  const created = await postJson<CreateGameResponse>(`${baseUrl}/api/games`, { ...request, mode: 'online' });
  const tokens = created.invites.map((i) => i.token);
  const q = (seat: number) => `token=${encodeURIComponent(tokens[seat]!)}&seat=${seat}`;
  const streams = await Promise.all(
    tokens.map((_, seat) => EventStream.open(`${baseUrl}/api/games/${created.id}/events?${q(seat)}`)),
  );
  const snaps = await Promise.all(
    tokens.map((_, seat) => fetchJson<GameSnapshot>(`${baseUrl}/api/games/${created.id}?${q(seat)}`)),
  );
  return {
    id: created.id,
    tokens,
    streams,
    seq: snaps[0]!.seq,
    pending: [...new Set(snaps[0]!.pending.map((d) => d.seat))],
    legal: new Map(snaps.map((s, seat) => [seat, s.legal])),
    over: snaps[0]!.outcome !== null,
  };
}

export function closeOnlineTable(table: OnlineTable | null | undefined): void {
  for (const s of table?.streams ?? []) s.close();
}

/**
 * One action of the first seat to act, and for each other seat how long it waited: from the POST until its stream
 * delivered that seq (the POST's own reply may come before or after; the figure is what the other people wait for).
 */
export async function timedAction(baseUrl: string, table: OnlineTable, pick: (n: number) => number): Promise<number[]> {
  const seat = table.pending[0];
  if (seat === undefined) throw new Error(`game ${table.id} waits for nobody at seq ${table.seq}`);
  const legal = table.legal.get(seat) ?? [];
  if (legal.length === 0) throw new Error(`seat ${seat} is pending in game ${table.id} but has no legal action`);
  const action = legal[pick(legal.length)];
  const seq = table.seq + 1;
  const arrivals = Promise.all(table.streams.map((s) => s.update(seq)));
  const start = performance.now();
  const reply = await postJson<{ seq: number }>(`${baseUrl}/api/games/${table.id}/actions`, {
    token: table.tokens[seat],
    seat,
    seq: table.seq,
    action,
  });
  if (reply.seq !== seq) throw new Error(`the action landed at seq ${reply.seq}, not ${seq}`);
  const seen = await arrivals;
  table.seq = seq;
  table.pending = [...new Set(seen[seat]!.update.pending.map((d) => d.seat))];
  table.legal = new Map(seen.map((a, s) => [s, a.update.legal]));
  table.over = seen[seat]!.update.outcome !== null;
  return seen.flatMap((a, s) => (s === seat ? [] : [a.at - start]));
}
