import type { SeatId } from '../../engine';
import { isPlainText } from '../../engine/core/text';
import { ChatError, StoreError } from '../errors';
import { CHAT_MAX_LENGTH, CHAT_RECENT, EMOTES, type ChatEntry, type ChatView, type Emote } from '../protocol';
import type { ChatRow, GameStore } from '../store';

/** A message as posted: trimmed, one line of plain text, at most CHAT_MAX_LENGTH characters. @throws ChatError 400 */
export function checkMessage(raw: string): string {
  const text = raw.trim();
  if (text === '') throw new ChatError('MESSAGE_EMPTY', 'the message is empty');
  // Counted in code points, as people count characters (an emoji is one), not UTF-16 units.
  const length = [...text].length;
  if (length > CHAT_MAX_LENGTH) {
    throw new ChatError(
      'MESSAGE_TOO_LONG',
      `a message has at most ${CHAT_MAX_LENGTH} characters, not ${length.toLocaleString('en')}`,
      { max: CHAT_MAX_LENGTH, length },
    );
  }
  // One line: a newline, tab or any other control character would garble the log for everyone else.
  if (!isPlainText(text))
    throw new ChatError(
      'CONTROL_CHARACTERS',
      'a message must be one line of plain text: no control characters (newlines, NUL, …) or unpaired surrogates',
    );
  return text;
}

const isEmote = (name: string): name is Emote => (EMOTES as readonly string[]).includes(name);

/** @throws ChatError 400 UNKNOWN_EMOTE */
export function checkEmote(name: string): Emote {
  if (!isEmote(name))
    throw new ChatError('UNKNOWN_EMOTE', `no emote "${name.slice(0, 32)}": the emotes are ${EMOTES.join(', ')}`);
  return name;
}

/** A stored row as the protocol's entry. */
export function entryOf(row: ChatRow): ChatEntry {
  const base = { n: row.n, at: row.createdAt.getTime(), seat: row.seat };
  if (row.kind === 'text') return { ...base, kind: 'text', text: row.body };
  if (row.kind === 'emote') {
    if (!isEmote(row.body))
      throw new StoreError('BAD_ROW', `unreadable chat_messages row: no emote "${row.body.slice(0, 32)}"`);
    return { ...base, kind: 'emote', emote: row.body };
  }
  return { ...base, kind: 'mute', muted: row.kind === 'mute' };
}

/** An entry as the store keeps it. */
export function rowOf(entry: ChatEntry): ChatRow {
  const base = { n: entry.n, seat: entry.seat, createdAt: new Date(entry.at) };
  if (entry.kind === 'text') return { ...base, kind: 'text', body: entry.text };
  if (entry.kind === 'emote') return { ...base, kind: 'emote', body: entry.emote };
  return { ...base, kind: entry.muted ? 'mute' : 'unmute', body: '' };
}

/**
 * A live game's chat in memory: its most recent entries, the newest `n` and who is muted. Loaded from the store when
 * first needed; it leaves memory with its game.
 */
export class ChatRoom {
  private recent: ChatEntry[];
  private readonly mutedSeats: Set<SeatId>;

  private constructor(entries: ChatEntry[], muted: readonly SeatId[]) {
    this.recent = entries;
    this.mutedSeats = new Set(muted);
  }

  static async load(store: GameStore, gameId: string): Promise<ChatRoom> {
    const [rows, muted] = await Promise.all([store.chat.list(gameId, 0, CHAT_RECENT), store.chat.muted(gameId)]);
    return new ChatRoom(rows.map(entryOf), muted);
  }

  /** The newest entry's `n` (0: none). */
  get last(): number {
    return this.recent.at(-1)?.n ?? 0;
  }

  isMuted(seat: SeatId): boolean {
    return this.mutedSeats.has(seat);
  }

  /** Takes an entry the store has accepted (the next `n`; an older one is ignored). */
  add(entry: ChatEntry): boolean {
    if (entry.n <= this.last) return false;
    this.recent = [...this.recent.slice(-(CHAT_RECENT - 1)), entry];
    if (entry.kind === 'mute') {
      if (entry.muted) this.mutedSeats.add(entry.seat);
      else this.mutedSeats.delete(entry.seat);
    }
    return true;
  }

  /** The recent entries after `n` (a resumed stream's chat backlog: at most CHAT_RECENT). */
  after(n: number): ChatEntry[] {
    return this.recent.filter((e) => e.n > n);
  }

  view(mayPost: boolean, mayMute: boolean): ChatView {
    return {
      entries: this.recent,
      last: this.last,
      muted: [...this.mutedSeats].sort((a, b) => a - b),
      mayPost,
      mayMute,
    };
  }
}
