'use client';

import { useRouter } from 'next/navigation';
import { useMemo, useState } from 'react';
import { composeBoard, type ComposedBoard } from '../../chain/studio/compose';
import { EVENT_PALETTE, TEXT_LIMITS, type EventSlot, type Piece } from '../../chain/studio/schema';
import { isBoardError } from '../../chain/errors';
import type { StudioBoard } from '../../server/studio/boards';
import { formatTz } from '../lib/seats';
import { BoardRing } from '../pole/board-ring';
import { useWallet } from '../wallet';
import { CharCount } from './char-count';
import { problem, signInHref, studioFetch } from './studio-api';
import styles from './studio.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { TitledPanel } from '../lib/titled-panel';
import { Alert } from '../lib/alert';
import { usePagedList } from './paged-list';

/** One slot of the list; `key` keeps React's identity through moves. */
type DraftSlot = { key: number; slot: { kind: 'piece'; pieceId: string } | EventSlot };

/** The builder's verdict on the current list: the engine's board, or why not. */
type Verdict = { ok: true; composed: ComposedBoard } | { ok: false; message: string };

/**
 * The board builder: featured pieces (anyone's) and ready-made event tiles into an ordered ring after GO, checked
 * on every change by the same code the server runs (the engine's board schema), with a preview of the ring.
 */
export function BoardBuilder() {
  const router = useRouter();
  const wallet = useWallet();
  // undefined while the sign-in is still being read.
  const address = wallet.status === 'loading' ? undefined : wallet.address;
  const featured = usePagedList<Piece>('/api/studio/pieces?scope=all&limit=48', 'pieces');
  const pieces = featured.items;
  const [slots, setSlots] = useState<DraftSlot[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [addProblem, setAddProblem] = useState<string | null>(null);

  const byId = useMemo(() => new Map((pieces ?? []).map((p) => [p.id, p])), [pieces]);
  const verdict = useMemo((): Verdict => {
    try {
      return {
        ok: true,
        composed: composeBoard({ name: name.trim() || 'Untitled board', slots: slots.map((s) => s.slot) }, byId),
      };
    } catch (err) {
      return { ok: false, message: problem(err) };
    }
  }, [name, slots, byId]);

  const onRing = useMemo(
    () => new Set(slots.flatMap((s) => (s.slot.kind === 'piece' ? [s.slot.pieceId] : []))),
    [slots],
  );
  const add = (slot: DraftSlot['slot']) => {
    // A piece appears once on a board: the server's own check says why a second copy is refused.
    if (slot.kind === 'piece') {
      try {
        composeBoard({ name: 'draft', slots: [...slots.map((s) => s.slot), slot] }, byId);
      } catch (err) {
        if (isBoardError(err) && err.code === 'DUPLICATE_PIECE') {
          setAddProblem(err.message);
          return;
        }
      }
    }
    setAddProblem(null);
    setSlots((list) => [...list, { key: nextKey, slot }]);
    setNextKey((k) => k + 1);
  };
  const move = (index: number, by: -1 | 1) =>
    setSlots((list) => {
      const to = index + by;
      if (to < 0 || to >= list.length) return list;
      const copy = [...list];
      [copy[index], copy[to]] = [copy[to]!, copy[index]!];
      return copy;
    });
  const remove = (index: number) => {
    setAddProblem(null);
    setSlots((list) => list.filter((_, i) => i !== index));
  };
  const labelOf = (s: DraftSlot['slot']) =>
    s.kind === 'event' ? s.name : (byId.get(s.pieceId)?.title ?? 'a removed piece');

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const board = await studioFetch<StudioBoard>('/api/studio/boards', {
        body: { name: name.trim(), slots: slots.map((s) => s.slot) },
      });
      router.push(`/studio/boards/${encodeURIComponent(board.id)}`);
    } catch (err) {
      setError(problem(err));
      setSaving(false);
    }
  }

  return (
    <div className={cx(styles.columns, styles.builder)}>
      <div className={styles.studio}>
        <TitledPanel id="builder-pieces-heading" title="Featured pieces">
          {pieces === null ? (
            <p className={ui.muted}>Loading…</p>
          ) : pieces.length === 0 ? (
            <p className={ui.muted}>
              No pieces are featured yet. <a href="/studio">Feature one</a>.
            </p>
          ) : (
            <ul className={cx(ui.stack, styles.builderPick)} data-testid="builder-pieces">
              {pieces.map((p) => (
                <li key={p.id}>
                  <span className={styles.builderSlotLabel}>
                    {p.title}{' '}
                    <span className={cx(ui.muted, ui.small)}>
                      · {p.editionSize === 1 ? '1/1' : `x/${p.editionSize}`} · {formatTz(p.price)} · ×{p.multiplier}
                      {p.artist === address ? ' · yours' : ''}
                      {onRing.has(p.id) ? ' · on the ring' : ''}
                    </span>
                  </span>
                  <button
                    type="button"
                    className={cx(ui.button, ui.small)}
                    onClick={() => add({ kind: 'piece', pieceId: p.id })}
                    aria-label={`Add ${p.title}`}
                  >
                    Add
                  </button>
                </li>
              ))}
            </ul>
          )}
          {addProblem && (
            <p className={ui.alert} role="alert" data-testid="builder-add-problem">
              {addProblem}
            </p>
          )}
        </TitledPanel>
        <TitledPanel id="builder-events-heading" title="Event tiles">
          <ul className={cx(ui.stack, styles.builderPick)} data-testid="builder-events">
            {EVENT_PALETTE.map((ev) => (
              <li key={ev.name} title={ev.text}>
                <span className={styles.builderSlotLabel}>
                  {ev.name} <span className={cx(ui.muted, ui.small)}>· {ev.text}</span>
                </span>
                <button
                  type="button"
                  className={cx(ui.button, ui.small)}
                  onClick={() => add(ev)}
                  aria-label={`Add ${ev.name}`}
                >
                  Add
                </button>
              </li>
            ))}
          </ul>
        </TitledPanel>
        <form
          className={cx(ui.panel, styles.form)}
          onSubmit={(e) => void save(e)}
          aria-labelledby="builder-ring-heading"
        >
          <h2 id="builder-ring-heading" className={ui.panelTitle}>
            Your ring
          </h2>
          <div className={ui.field}>
            <label htmlFor="builder-name">Board name</label>
            <input
              id="builder-name"
              type="text"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-describedby="builder-name-count"
              required
            />
            <CharCount id="builder-name-count" value={name.trim()} max={TEXT_LIMITS.boardName} />
          </div>
          <ol className={cx(ui.stack, styles.builderSlots)} start={0} data-testid="builder-slots">
            <li>
              <span className={styles.builderSlotLabel}>
                <span className={styles.builderSlotKind}>GO</span>Start
              </span>
            </li>
            {slots.map((s, i) => (
              <li key={s.key}>
                <span className={styles.builderSlotLabel}>
                  <span className={styles.builderSlotKind}>{s.slot.kind === 'event' ? 'event' : 'piece'}</span>
                  {labelOf(s.slot)}
                </span>
                <button
                  type="button"
                  className={cx(ui.button, ui.small, ui.ghost)}
                  onClick={() => move(i, -1)}
                  disabled={i === 0}
                  aria-label={`Move ${labelOf(s.slot)} up`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className={cx(ui.button, ui.small, ui.ghost)}
                  onClick={() => move(i, 1)}
                  disabled={i === slots.length - 1}
                  aria-label={`Move ${labelOf(s.slot)} down`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className={cx(ui.button, ui.small, ui.ghost)}
                  onClick={() => remove(i)}
                  aria-label={`Remove ${labelOf(s.slot)}`}
                >
                  ✕
                </button>
              </li>
            ))}
          </ol>
          <p
            className={cx(styles.builderVerdict, verdict.ok ? styles.isOk : styles.isBad)}
            role="status"
            data-testid="builder-verdict"
          >
            {verdict.ok ? `A valid board of ${verdict.composed.board.tiles.length} tiles.` : verdict.message}
          </p>
          <Alert problem={error} />
          <div className={ui.formActions}>
            <button
              type="submit"
              className={cx(ui.button, ui.primary)}
              disabled={saving || !verdict.ok || name.trim() === '' || !address}
            >
              {saving ? 'Saving…' : 'Save board'}
            </button>
            {address === null && <a href={signInHref('/studio/boards/new')}>Sign in to save</a>}
          </div>
        </form>
      </div>
      <section aria-label="Preview">
        {verdict.ok && (
          <BoardRing
            board={verdict.composed.board}
            snap={null}
            idleHint="A preview of your ring. Save it, then run the balance lab."
          />
        )}
      </section>
    </div>
  );
}
