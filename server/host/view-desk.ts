import type { SeatId } from '../../engine';
import type { ChatView, GameSnapshot } from '../protocol';
import { viewerSeat, type Holder, type RequestContext } from './access';
import type { Subscription } from './broker';
import type { ChatDesk } from './chat-desk';
import { pendingSeats, type LiveGame } from './live-game';
import type { Moves } from './moves';
import { replayStep, setupStored } from './replay';
import type { Seats } from './seats';
import type { HostShared } from './shared';
import { storeCall } from './store-call';
import type { TableDesk } from './table-desk';
import type { WaitingRoom } from './waiting-room';
import { snapshotAt, snapshotFor, updateFor } from './views';

export interface ViewDeskDeps extends Pick<HostShared, 'store' | 'chain' | 'games' | 'broker' | 'presence'> {
  readonly seats: Seats;
  readonly waitingRoom: WaitingRoom;
  readonly chat: ChatDesk;
  readonly tables: TableDesk;
  readonly moves: Moves;
}

/**
 * What a reader sees of a game, as a snapshot now or as a stream of updates: each seat its own view (hidden
 * information never leaves before the rules reveal it), a spectator none, built by the pure functions of views.ts.
 */
export class ViewDesk {
  constructor(private readonly deps: ViewDeskDeps) {}

  /**
   * What the token's seat sees now (`seat` picks a human seat for the host token; no token: a spectator).
   * @throws HostError 404 UNKNOWN_GAME, 403 BAD_TOKEN | NOT_YOUR_SEAT | BOT_SEAT | TOKEN_REQUIRED
   */
  async snapshot(id: string, token?: string, seat?: SeatId, context: RequestContext = {}): Promise<GameSnapshot> {
    const live = await this.deps.games.live(id);
    await this.deps.moves.abandonIfIdle(live);
    const holder = await this.deps.seats.holder(live, token, seat, context);
    return {
      ...snapshotFor(live, viewerSeat(live.row, holder, seat, pendingSeats(live))),
      ...this.around(live, holder, await this.deps.chat.view(live, holder), await this.deps.tables.knownRematch(live)),
      waitingRoom: await this.deps.waitingRoom.view(live, holder, token, context),
    };
  }

  /**
   * Follows a game as the token's seat sees it: first every update after `afterSeq` (default: none before now), in
   * order, then each new one. Resuming from before the game's newest stored snapshot starts at that snapshot
   * (`opening`) and sends the updates after it: a bounded backlog, not one update per action since. Once
   * the game is over the subscription ends after its backlog. Close the subscription to stop. An online game's chat
   * comes on it too: the entries after `chatAfter` (default: none before now), then each new one.
   * @throws HostError 404, 403, 429 GAME_STREAM_LIMIT | CLIENT_STREAM_LIMIT
   */
  async subscribe(
    id: string,
    token?: string,
    seat?: SeatId,
    afterSeq?: number,
    context: RequestContext = {},
    chatAfter?: number,
  ): Promise<Subscription> {
    const live = await this.deps.games.live(id);
    const holder = await this.deps.seats.holder(live, token, seat, context);
    const client = context.client ?? null;
    const waitingRoom = await this.deps.waitingRoom.view(live, holder, token, context);
    return this.deps.games.inQueue(id, async () => {
      const viewer = viewerSeat(live.row, holder, seat, pendingSeats(live));
      this.deps.broker.admit(id, client, viewer); // refused before any work
      if (holder.kind === 'seat') await this.deps.seats.noteTaken(live, holder.seat);
      const from = Math.max(0, Math.min(afterSeq ?? live.seq, live.seq));
      const base = from < live.seq ? await storeCall(() => this.deps.store.snapshots.latest(id, live.seq)) : null;
      const chatView = await this.deps.chat.view(live, holder);
      const room = live.row.mode === 'online' ? await this.deps.chat.room(live) : null;
      const opening =
        base && base.seq > from
          ? {
              ...snapshotAt(live, base.seq, base.state, viewer),
              ...this.around(live, holder, chatView, live.rematch),
              waitingRoom,
            }
          : null;
      const backlog = opening
        ? await this.statesAfter(live, opening.seq, base!.state)
        : await this.statesAfter(live, from);
      // Read with the attach, no await between: an entry stored meanwhile is either in this backlog or published after.
      const chatFrom = Math.max(0, Math.min(chatAfter ?? room?.last ?? 0, room?.last ?? 0));
      const chatBacklog = room?.after(chatFrom) ?? [];
      const arriving = viewer !== null && !this.deps.broker.connected(id, viewer);
      const subscription = this.deps.broker.attach(id, viewer, live.seq, {
        client,
        opening,
        start: { seq: opening?.seq ?? from, chat: chatFrom },
        chatAfter: room?.last ?? 0,
      });
      for (const { seq, state } of backlog)
        subscription.push(updateFor(live, seq, state, live.log[seq - 1]!.events, viewer));
      for (const entry of chatBacklog) subscription.pushChat(entry);
      // The seats as they are now: everyone's, when this seat has just come (its grace ends); else this
      // stream's only, so a stream resumed after a gap misses no presence change nor seat mark.
      if (live.row.mode === 'online' && !live.row.finished) {
        if (arriving) this.deps.presence.graces.cancel(id, viewer);
        if (arriving && live.row.seats[viewer]?.kind === 'human') this.deps.presence.publish(live);
        else subscription.pushSeats(this.deps.presence.update(live));
      }
      if (live.row.finished) subscription.end();
      return subscription;
    });
  }

  /**
   * The states after each action `from+1 … seq`, from memory when recent, else from a stored snapshot and the log
   * (`known`: the state at `from`, when the caller has it).
   */
  private async statesAfter(live: LiveGame, from: number, known?: unknown): Promise<{ seq: number; state: unknown }[]> {
    const out: { seq: number; state: unknown }[] = [];
    let state = known ?? live.recentState(from);
    if (state === undefined) {
      const snapshot = await storeCall(() => this.deps.store.snapshots.latest(live.id, from));
      state = snapshot ? snapshot.state : setupStored(live.row);
      for (let seq = (snapshot?.seq ?? 0) + 1; seq <= from; seq++)
        state = replayStep(live.row, state, { seq, ...live.log[seq - 1]! }).state;
    }
    for (let seq = from + 1; seq <= live.seq; seq++) {
      state = live.recentState(seq) ?? replayStep(live.row, state, { seq, ...live.log[seq - 1]! }).state;
      out.push({ seq, state });
    }
    return out;
  }

  /** What a snapshot tells beside the game itself: who reads it, whether it is played on Tezos, its chat, its rematch. */
  private around(
    live: LiveGame,
    holder: Holder,
    chat: ChatView | null,
    rematch: string | null,
  ): Pick<GameSnapshot, 'access' | 'onChain' | 'chat' | 'rematch'> {
    return { access: holder.kind, onChain: this.deps.chain?.isOnChain(live.id) ?? false, chat, rematch };
  }
}
