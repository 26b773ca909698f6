import type { SeatId } from '../../engine';
import { isStoreError, ChatError, GameError } from '../errors';
import type { Rate } from '../limits';
import { RateLimits } from '../limits';
import { chatRequestSchema, muteRequestSchema, type ChatEntry, type ChatView } from '../protocol';
import type { GameStore } from '../store';
import { storeFailure } from '../store/failure';
import { checkActor, type Holder, type RequestContext } from './access';
import type { Broker } from './broker';
import { ChatRoom, checkEmote, checkMessage, entryOf, rowOf } from './chat';
import type { Clock } from '../../chain/clock';
import type { LiveGame } from './live-game';
import { parseRequest } from './new-game';
import { SerialQueues } from './serial';
import type { HostShared } from './shared';
import { checkWalletBinding } from './wallet-binding';

export interface ChatDeskDeps {
  readonly store: GameStore;
  /** The chain side, for an on-chain seat's wallet (null: no chain configured). */
  readonly chain: HostShared['chain'];
  readonly broker: Broker;
  readonly clock: Clock;
  /** The live game (loaded if need be). @throws HostError 404 */
  readonly live: (id: string) => Promise<LiveGame>;
  /** Who a request is: its token, else the seat its browser or wallet holds. @throws HostError 403 */
  readonly holder: (
    live: LiveGame,
    token: string | undefined,
    seat: SeatId | undefined,
    context: RequestContext,
  ) => Promise<Holder>;
  /** Per-seat rate of posts (null: unlimited); the routes limit each client and wallet besides. */
  readonly rate: Rate | null;
}

/** How many times a post is tried again when another app instance took its `n` first. */
const RACES = 3;

/**
 * An online game's chat: seats post messages and emotes, the game's host mutes seats, everyone at the
 * table (spectators too) reads it, live on the game's stream and from the store after a refresh. It is no part of
 * the game: nothing here touches the action log, the state or the record. Posts run in a queue of their own per
 * game, so a message never waits for a move (an on-chain one can take a block).
 */
export class ChatDesk {
  private readonly queues = new SerialQueues();
  private readonly limits: RateLimits;
  /** Each game's chat, loaded when first needed; it leaves memory with the game. */
  private readonly rooms = new WeakMap<LiveGame, Promise<ChatRoom>>();

  constructor(private readonly deps: ChatDeskDeps) {
    this.limits = new RateLimits({ chat: deps.rate });
  }

  /** The game's chat room, loaded once per live game. */
  room(live: LiveGame): Promise<ChatRoom> {
    let room = this.rooms.get(live);
    if (!room) {
      const loading = ChatRoom.load(this.deps.store, live.id);
      room = loading;
      this.rooms.set(live, loading);
      loading.catch(() => {
        if (this.rooms.get(live) === loading) this.rooms.delete(live); // a failed read is tried again next time
      });
    }
    return room.catch((err: unknown) => {
      throw storeFailure(err, 'the chat could not be read');
    });
  }

  /** What `holder` sees of the chat; null for a hot-seat game (one device: nobody to write to). */
  async view(live: LiveGame, holder: Holder): Promise<ChatView | null> {
    if (live.row.mode !== 'online') return null;
    const room = await this.room(live);
    const seat = holder.kind === 'seat' ? holder.seat : null;
    const mayPost = seat !== null && !live.row.finished && !room.isMuted(seat) && !live.row.seats[seat]!.botTakeover;
    return room.view(mayPost, holder.kind === 'spectator' && holder.onlineHost === true);
  }

  /**
   * A seat posts a message or an emote, with its own invite token.
   * @throws HostError 400 MALFORMED_REQUEST | CHAT_ONLINE_ONLY | MESSAGE_EMPTY | MESSAGE_TOO_LONG | CONTROL_CHARACTERS |
   *   UNKNOWN_EMOTE, 403 BAD_TOKEN | SPECTATOR_CANNOT_CHAT | SEAT_LEFT | SEAT_MUTED, 404, 409 CHAT_CLOSED, 429 RATE_LIMITED
   */
  async post(id: string, request: unknown, context: RequestContext = {}): Promise<ChatEntry> {
    const parsed = parseRequest(chatRequestSchema, request, 'not a chat post');
    const live = await this.deps.live(id);
    const holder = await this.deps.holder(live, parsed.token, undefined, context);
    this.onlineOnly(live);
    if (holder.kind !== 'seat')
      throw new ChatError(
        'SPECTATOR_CANNOT_CHAT',
        'spectators read the chat; only a seat, with its own invite link, can post',
      );
    const seat = holder.seat;
    checkActor(live.row, holder, seat); // a bot's seat, or one that left, has nobody to speak for it
    await checkWalletBinding(this.deps.chain, live, seat, context);
    this.open(live);
    const room = await this.room(live);
    const notMuted = () => {
      if (room.isMuted(seat)) throw new ChatError('SEAT_MUTED', "the game's host has muted this seat's chat");
    };
    notMuted();
    const { text, emote } = parsed;
    const content =
      text !== undefined
        ? { kind: 'text' as const, text: checkMessage(text) }
        : { kind: 'emote' as const, emote: checkEmote(emote!) };
    await this.limits.consumeSeat('chat', id, seat);
    // Checked again in the queue: a mute that landed while this post waited wins.
    return this.append(live, room, (n, at) => ({ n, at, seat, ...content }), notMuted);
  }

  /**
   * The game's host (its creator's token) mutes or unmutes a seat; everyone sees it in the chat. Asking for the state
   * the seat is in already changes nothing (null).
   * @throws HostError 400 MALFORMED_REQUEST | CHAT_ONLINE_ONLY, 403 BAD_TOKEN | NOT_GAME_HOST | UNKNOWN_SEAT | BOT_SEAT,
   *   404, 409 CHAT_CLOSED
   */
  async mute(id: string, request: unknown, context: RequestContext = {}): Promise<ChatEntry | null> {
    const { token, seat, muted } = parseRequest(muteRequestSchema, request, 'not a mute request');
    const live = await this.deps.live(id);
    const holder = await this.deps.holder(live, token, undefined, context);
    this.onlineOnly(live);
    if (!(holder.kind === 'spectator' && holder.onlineHost))
      throw new ChatError('NOT_GAME_HOST', "only the game's host (the link its creator got) can mute a seat");
    checkActor(live.row, { kind: 'host' }, seat); // a human seat of this game
    this.open(live);
    const room = await this.room(live);
    return this.queues.run(`${id}/mute`, async () => {
      if (room.isMuted(seat) === muted) return null;
      return this.append(live, room, (n, at) => ({ n, at, seat, kind: 'mute', muted }));
    });
  }

  /** Another app instance stored chat entries: take them and pass them on to this instance's streams. */
  async caughtUp(live: LiveGame, upTo: number): Promise<void> {
    if (!this.rooms.has(live)) return; // not loaded here: it will be read whole when needed
    await this.queues.run(live.id, async () => {
      const room = await this.room(live);
      if (upTo <= room.last) return;
      await this.catchUp(live, room);
    });
  }

  private onlineOnly(live: LiveGame): void {
    if (live.row.mode !== 'online')
      throw new ChatError('CHAT_ONLINE_ONLY', 'a hot-seat game is played on one device: it has no chat');
  }

  /**
   * A finished game's chat is closed: its streams end with the game, so a message would reach nobody
   * live, and the table's next step (a rematch) is a game of its own.
   */
  private open(live: LiveGame): void {
    if (live.row.finished || live.kit.definition.outcome(live.state))
      throw new ChatError('CHAT_CLOSED', 'the game is over: its chat is closed');
  }

  private async catchUp(live: LiveGame, room: ChatRoom): Promise<void> {
    for (const row of await this.deps.store.chat.list(live.id, room.last, Number.MAX_SAFE_INTEGER)) {
      const entry = entryOf(row);
      if (room.add(entry)) this.deps.broker.publishChat(live.id, entry);
    }
  }

  /** Stores the next entry (catching up when another instance took its `n`), then delivers it to every stream. */
  private append(
    live: LiveGame,
    room: ChatRoom,
    make: (n: number, at: number) => ChatEntry,
    check: () => void = () => undefined,
  ): Promise<ChatEntry> {
    return this.queues.run(live.id, async () => {
      for (let attempt = 0; ; attempt++) {
        check();
        const entry = make(room.last + 1, this.deps.clock.now());
        try {
          await this.deps.store.chat.append(live.id, rowOf(entry));
        } catch (err) {
          if (isStoreError(err) && err.code === 'SEQ_TAKEN' && attempt < RACES) {
            await this.catchUp(live, room);
            continue;
          }
          if (isStoreError(err) && err.code === 'UNKNOWN_GAME') throw new GameError('UNKNOWN_GAME', err.message);
          throw storeFailure(err, 'the message could not be saved');
        }
        room.add(entry);
        this.deps.broker.publishChat(live.id, entry);
        return entry;
      }
    });
  }
}
