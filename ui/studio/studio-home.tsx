'use client';

import { useState } from 'react';
import type { StudioBoardSummary } from '../../server/studio/boards';
import type { Piece } from '../../chain/studio/schema';
import { PieceCard } from './piece-card';
import { PieceForm } from './piece-form';
import { useWallet } from '../wallet';
import { usePagedList } from './paged-list';
import { problem, signInHref, studioFetch } from './studio-api';
import styles from './studio.module.css';
import ui from '../styles/controls.module.css';
import { cx } from '../lib/cx';
import { TitledPanel } from '../lib/titled-panel';
import { Alert } from '../lib/alert';

/** The studio for the signed-in artist: the piece form, their featured pieces, and their boards. */
export function StudioHome() {
  const { status, address } = useWallet();
  const mine = usePagedList<Piece>(address ? '/api/studio/pieces' : null, 'pieces');
  const built = usePagedList<StudioBoardSummary>(
    address ? `/api/studio/boards?owner=${encodeURIComponent(address)}` : null,
    'boards',
  );
  const pieces = mine.items;
  const boards = built.items ?? [];
  const [removeError, setError] = useState<string | null>(null);
  const error = removeError ?? mine.error ?? built.error;

  async function remove(piece: Piece) {
    setError(null);
    try {
      await studioFetch(`/api/studio/pieces/${encodeURIComponent(piece.id)}`, { method: 'DELETE' });
      mine.setItems((list) => list.filter((p) => p.id !== piece.id));
    } catch (err) {
      setError(problem(err));
    }
  }

  if (status === 'loading') return <p className={ui.muted}>Checking your sign-in…</p>;
  if (status === 'signed-out' || address === null) {
    return (
      <section className={ui.panel} data-testid="studio-signed-out">
        <p>Artists sign in with their wallet (or a devnet account) to feature their pieces and build boards.</p>
        <p>
          <a className={cx(ui.button, ui.primary)} href={signInHref('/studio')}>
            Sign in
          </a>
        </p>
      </section>
    );
  }

  return (
    <div className={styles.studio}>
      <p className={cx(ui.muted, ui.small)}>
        Signed in as <code data-testid="studio-address">{address}</code>
      </p>
      <div className={styles.columns}>
        <PieceForm onFeatured={(piece) => mine.setItems((list) => [piece, ...list])} />
        <TitledPanel id="studio-pieces-heading" title="Your featured pieces">
          <Alert problem={error} />
          {pieces === null ? (
            <p className={ui.muted}>Loading…</p>
          ) : pieces.length === 0 ? (
            <p className={ui.muted}>None yet: feature your first piece.</p>
          ) : (
            <ul className={styles.pieceCards} data-testid="my-pieces">
              {pieces.map((piece) => (
                <PieceCard key={piece.id} piece={piece}>
                  <button
                    type="button"
                    className={cx(ui.button, ui.small, ui.ghost)}
                    onClick={() => void remove(piece)}
                    aria-label={`Remove ${piece.title}`}
                  >
                    Remove
                  </button>
                </PieceCard>
              ))}
            </ul>
          )}
          <MoreButton more={mine.more} what="pieces" />
        </TitledPanel>
      </div>
      <TitledPanel id="studio-boards-heading" title="Your boards">
        {boards.length > 0 && (
          <ul>
            {boards.map((b) => (
              <li key={b.id}>
                <a href={`/studio/boards/${encodeURIComponent(b.id)}`}>{b.name}</a>{' '}
                <span className={cx(ui.muted, ui.small)}>· {b.tiles} tiles</span>
              </li>
            ))}
          </ul>
        )}
        <MoreButton more={built.more} what="boards" />
        <p>
          <a className={ui.button} href="/studio/boards/new">
            Build a board
          </a>
        </p>
      </TitledPanel>
    </div>
  );
}

/** Reads the list's next page, while there is one. */
export function MoreButton({ more, what }: { more: (() => void) | null; what: string }) {
  if (more === null) return null;
  return (
    <p>
      <button type="button" className={cx(ui.button, ui.small, ui.ghost)} onClick={more}>
        Show more {what}
      </button>
    </p>
  );
}
