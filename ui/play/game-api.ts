import type { Decision, SeatId } from '../../engine/core';
import type {
  ActionResponse,
  ChatEntry,
  ChatView,
  Emote,
  GameSnapshot,
  GameUpdate,
  HeldSeatResponse,
  MyGamesResponse,
  SeatInfo,
  SeatMarkEvent,
  SeatsUpdate,
} from '../../server/protocol';
import { apiFetch, jsonPost } from '../api/client';

/**
 * The browser's side of server/protocol.ts without React: the URLs, the seats this browser holds, the pure
 * merging of SSE updates into a snapshot, and fetch helpers. `useGameConnection` (game-client.ts) builds on these.
 */

// ---------- URLs ----------

function query(params: Record<string, string | number | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

const base = (id: string) => `/api/games/${encodeURIComponent(id)}`;
// No token in a URL (the server logs query strings): the server knows the seats this browser holds.
export const snapshotUrl = (id: string, seat: SeatId | null): string => `${base(id)}${query({ seat })}`;
export const eventsUrl = (
  id: string,
  seat: SeatId | null,
  after: number | null,
  chatAfter: number | null = null,
): string => `${base(id)}/events${query({ seat, after, chatAfter })}`;
export const chatUrl = (id: string): string => `${base(id)}/chat`;
export const muteUrl = (id: string): string => `${base(id)}/chat/mute`;
export const actionsUrl = (id: string): string => `${base(id)}/actions`;
export const leaveUrl = (id: string): string => `${base(id)}/leave`;
export const rejoinUrl = (id: string): string => `${base(id)}/rejoin`;
export const recordUrl = (id: string): string => `${base(id)}/record`;
/** Provably fair: where a seat registers its hash chain's head (POST). */
export const hashChainUrl = (id: string): string => `${base(id)}/links`;
/** The play page (of a seat this browser holds, or a spectator's). */
export const playPath = (id: string, seat: SeatId | null = null): string =>
  `/play/${encodeURIComponent(id)}${query({ seat })}`;
/** An invite link's path: the token in the fragment, which browsers never send. */
export const invitePath = (id: string, token: string, seat: SeatId | null = null): string =>
  `${playPath(id, seat)}#token=${encodeURIComponent(token)}`;

// ---------- held seats ----------

/**
 * The invite token in a play link's fragment (`#token=…`: never sent to the server, so never in its logs), or
 * null.
 */
export function fragmentToken(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token?.trim() || null;
}

/**
 * `POST /api/games/:id/seat` {token}: this browser (its httpOnly cookie) and the signed-in wallet hold the seat from
 * now on, so the page needs the token no more. @throws ApiError 400 malformed, 403 BAD_TOKEN, 404
 */
export const holdSeat = (id: string, token: string): Promise<HeldSeatResponse> =>
  apiFetch<HeldSeatResponse>(`${base(id)}/seat`, jsonPost({ token }));

/** `DELETE /api/games/:id/seat`: this browser and wallet forget the game ("Forget"). @throws ApiError */
export async function forgetGame(id: string): Promise<void> {
  await apiFetch<unknown>(`${base(id)}/seat`, { method: 'DELETE' });
}

/** `GET /api/games/mine`: the games this browser or the signed-in wallet holds a seat in. @throws ApiError */
export const fetchMyGames = (): Promise<MyGamesResponse> => apiFetch<MyGamesResponse>('/api/games/mine');

/** `?seat=` as a seat number, or null. */
export function parseSeat(value: string | string[] | null | undefined): SeatId | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= 5 ? n : null;
}

// ---------- pure state ----------

/** Applies one SSE update; an update the snapshot already has (a resumed stream may repeat one) changes nothing. */
export function applyUpdate(snapshot: GameSnapshot, update: GameUpdate): GameSnapshot {
  if (update.seq <= snapshot.seq) return snapshot;
  return {
    ...snapshot,
    seq: update.seq,
    view: update.view,
    pending: update.pending,
    legal: update.legal,
    events: update.events.length ? [...snapshot.events, ...update.events] : snapshot.events,
    outcome: update.outcome,
    deadline: update.deadline,
    seats: update.seats,
    seed: update.seed,
  };
}

/**
 * Applies a `seats` event: the seats as they are now (who is connected, whose bot plays), and the log's
 * seat marks the snapshot does not have yet (known by their `n`), after its events.
 */
export function applySeats(snapshot: GameSnapshot, update: SeatsUpdate): GameSnapshot {
  const known = new Set(snapshot.events.flatMap((e) => (e.type === 'seatMark' ? [(e as SeatMarkEvent).n] : [])));
  const added = update.marks.filter((m) => !known.has(m.n));
  return {
    ...snapshot,
    seats: update.seats,
    events: added.length ? [...snapshot.events, ...added] : snapshot.events,
    // Started: the waiting room closes (bots now sit in the seats nobody took: `seats` says so).
    waitingRoom: update.waiting ? snapshot.waitingRoom : null,
  };
}

/**
 * Whether a `seats` event changes the turn clocks, which it does not carry: the start (the clocks start with the game),
 * or another seat's bot taking over or handing back (the server drops or restarts that seat's deadline). The snapshot
 * is then read again; presence alone changes no clock. The page's own seat is left out: a person who comes back reads
 * their snapshot as they reconnect, and one who left their seat must not be read as it again.
 */
export function changesTurnClocks(snapshot: GameSnapshot, update: SeatsUpdate): boolean {
  if (snapshot.waitingRoom !== null && !update.waiting) return true;
  return update.seats.some((seat) => {
    const before = snapshot.seats.find((s) => s.seat === seat.seat);
    return seat.seat !== snapshot.seat && before !== undefined && before.botTakeover !== seat.botTakeover;
  });
}

/**
 * Applies a `snapshot` event: a stream resumed from before the server's newest stored snapshot opens with the seat's
 * snapshot there, which replaces an older one whole; an older or equal one changes nothing.
 */
export function applySnapshot(snapshot: GameSnapshot, next: GameSnapshot): GameSnapshot {
  if (next.seq <= snapshot.seq) return snapshot;
  // Its chat is the stream's at opening: entries shown already stay (the two are merged).
  return snapshot.chat && next.chat ? { ...next, chat: mergeChat(snapshot.chat, next.chat) } : next;
}

/** The chat entries a table keeps in memory: more than a snapshot brings, but not without end. */
const CHAT_KEPT = 300;

/** Applies one chat entry from the stream: a new one is added (a mute changes who is muted), a known one changes nothing. */
export function applyChat(snapshot: GameSnapshot, entry: ChatEntry): GameSnapshot {
  const chat = snapshot.chat;
  if (!chat || chat.entries.some((e) => e.n === entry.n)) return snapshot;
  const entries = [...chat.entries, entry].sort((a, b) => a.n - b.n).slice(-CHAT_KEPT);
  let { muted, mayPost } = chat;
  if (entry.kind === 'mute') {
    muted = entry.muted
      ? [...new Set([...muted, entry.seat])].sort((a, b) => a - b)
      : muted.filter((s) => s !== entry.seat);
    if (snapshot.seat === entry.seat) mayPost = !entry.muted;
  }
  return { ...snapshot, chat: { ...chat, entries, last: Math.max(chat.last, entry.n), muted, mayPost } };
}

/**
 * A re-read chat merged with the one shown: the entries of both, each once (the stream may have brought newer ones
 * than the read); who is muted and who may post as the newer of the two says.
 */
export function mergeChat(shown: ChatView | null, read: ChatView | null): ChatView | null {
  if (!shown || !read) return read;
  const byN = new Map([...shown.entries, ...read.entries].map((e) => [e.n, e]));
  const entries = [...byN.values()].sort((a, b) => a.n - b.n).slice(-CHAT_KEPT);
  const newer = shown.last > read.last ? shown : read;
  return { ...read, entries, last: Math.max(shown.last, read.last), muted: newer.muted, mayPost: newer.mayPost };
}

/** Seats people play now (a human seat that left is played by its bot). */
export const humanSeats = (seats: readonly SeatInfo[]): SeatId[] =>
  seats.filter((s) => s.kind === 'human' && !s.botTakeover).map((s) => s.seat);

/** The human seats with a decision pending, in the engine's order, each once. */
export function pendingHumanSeats(pending: readonly Decision[], seats: readonly SeatInfo[]): SeatId[] {
  const humans = new Set(humanSeats(seats));
  const out: SeatId[] = [];
  for (const d of pending) if (humans.has(d.seat) && !out.includes(d.seat)) out.push(d.seat);
  return out;
}

/**
 * Hot-seat: whose seat the device should show now. The current seat while it still has something to decide;
 * otherwise the first pending human seat (simultaneous sealed bids are thus taken one uncle after another); null
 * when no human must decide (stay where you are).
 */
export function followSeat(
  pending: readonly Decision[],
  seats: readonly SeatInfo[],
  current: SeatId | null,
): SeatId | null {
  const waiting = pendingHumanSeats(pending, seats);
  if (current !== null && waiting.includes(current)) return current;
  return waiting[0] ?? null;
}

/** The seat's snapshot. @throws ApiError (the server's refusal: 404 UNKNOWN_GAME, 403 BAD_TOKEN…) */
export function fetchSnapshot(id: string, seat: SeatId | null, signal?: AbortSignal): Promise<GameSnapshot> {
  return apiFetch<GameSnapshot>(snapshotUrl(id, seat), { signal });
}

/**
 * `POST /api/games/:id/actions` with the seq the seat saw, and in a provably fair game the seat's next chain link.
 * @throws ApiError the server's refusal: 409 STALE (the game moved on), 422 the engine's rule code, 403 WRONG_WALLET,
 *   409 CHAIN_NOT_READY, 503 CHAIN_PAUSED, 400 BAD_CONTRIBUTION (the link does not follow the seat's last one)…
 */
export function postAction(
  id: string,
  seat: SeatId,
  seq: number,
  action: unknown,
  contribution: string | null = null,
): Promise<ActionResponse> {
  return apiFetch<ActionResponse>(
    actionsUrl(id),
    jsonPost(contribution === null ? { seat, seq, action } : { seat, seq, action, contribution }),
  );
}

/** A finished game's record (GameRecord JSON). @throws ApiError 409 GAME_NOT_OVER while it runs, 404 */
export const fetchRecord = (id: string): Promise<unknown> => apiFetch<unknown>(recordUrl(id));

/** Downloads a finished game's record as a JSON file. @throws ApiError 409 GAME_NOT_OVER while it runs, 404 */
export async function downloadRecord(id: string, filename = `game-${id}.json`): Promise<void> {
  const body = await fetchRecord(id);
  const blob = new Blob([JSON.stringify(body, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * `POST /api/games/:id/chat`: the seat's message or emote; it comes back on the stream like everyone's.
 * @throws ApiError the server's refusal: 429 RATE_LIMITED, 403 SEAT_MUTED, 400 MESSAGE_TOO_LONG | CONTROL_CHARACTERS…
 */
export function postChat(
  id: string,
  message: { readonly text: string } | { readonly emote: Emote },
): Promise<ChatEntry> {
  return apiFetch<ChatEntry>(chatUrl(id), jsonPost(message));
}

/** `POST /api/games/:id/chat/mute`, as the game's host (this browser holds its host link). @throws ApiError 403 NOT_GAME_HOST… */
export async function postMute(id: string, seat: SeatId, muted: boolean): Promise<void> {
  await apiFetch<unknown>(muteUrl(id), jsonPost({ seat, muted }));
}

/**
 * `POST /api/games/:id/rejoin` {seat}: the seat's person (this browser or wallet holds it) takes it back from its bot.
 * @throws ApiError 409 SEAT_NOT_TAKEN_OVER | GAME_OVER, 403 NOT_YOUR_SEAT
 */
export async function rejoinSeat(id: string, seat: SeatId): Promise<void> {
  await apiFetch<unknown>(rejoinUrl(id), jsonPost({ seat }));
}

/** `POST /api/games/:id/leave` {seat}: the seat's bot plays on. @throws ApiError */
export async function leaveSeat(id: string, seat: SeatId): Promise<void> {
  await apiFetch<unknown>(leaveUrl(id), jsonPost({ seat }));
}
