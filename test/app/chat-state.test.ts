/**
 * The play page's chat state without React: a stream's chat entries join the snapshot once each, a mute
 * entry changes who is muted (and whether this seat may post), and a re-read snapshot is merged with what the
 * stream brought rather than dropping it.
 */
import { describe, expect, it } from 'vitest';
import type { ChatEntry, ChatView, GameSnapshot } from '../../server/protocol';
import { applyChat, applySnapshot, mergeChat } from '../../ui/play/game-api';
import { snapshotWith } from './fixtures';

const chat = (entries: ChatEntry[], extra: Partial<ChatView> = {}): ChatView => ({
  entries,
  last: entries.at(-1)?.n ?? 0,
  muted: [],
  mayPost: true,
  mayMute: false,
  ...extra,
});
const text = (n: number, seat = 0): ChatEntry => ({ n, at: 1_700_000_000_000 + n, seat, kind: 'text', text: `m${n}` });
const snapshot = (seq: number, view: ChatView | null): GameSnapshot => snapshotWith({ seq, chat: view });

describe('chat state', () => {
  it('adds a stream entry once, in order', () => {
    const s = applyChat(applyChat(snapshot(3, chat([text(1)])), text(2)), text(2));
    expect(s.chat!.entries.map((e) => e.n)).toEqual([1, 2]);
    expect(s.chat!.last).toBe(2);
  });

  it('takes a mute of this seat: it is muted and may not post, until unmuted', () => {
    const muted = applyChat(snapshot(3, chat([])), { n: 1, at: 0, seat: 1, kind: 'mute', muted: true });
    expect(muted.chat).toMatchObject({ muted: [1], mayPost: false });
    expect(applyChat(muted, { n: 2, at: 0, seat: 1, kind: 'mute', muted: false }).chat).toMatchObject({
      muted: [],
      mayPost: true,
    });
  });

  it('merges a re-read chat with the shown one, and keeps it across an opening snapshot', () => {
    const shown = chat([text(1), text(2), text(3)]);
    expect(mergeChat(shown, chat([text(1), text(2)]))!.entries.map((e) => e.n)).toEqual([1, 2, 3]);
    const opened = applySnapshot(snapshot(3, shown), snapshot(9, chat([text(2)])));
    expect(opened.seq).toBe(9);
    expect(opened.chat!.entries.map((e) => e.n)).toEqual([1, 2, 3]);
    expect(applyChat(snapshot(3, null), text(1)).chat).toBeNull(); // a hot-seat table has no chat
  });
});
