'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import type { PlayerProfile } from '../../server/ratings/api';
import { apiFetch } from '../api/client';
import { Alert } from '../lib/alert';
import { cx } from '../lib/cx';
import ui from '../styles/controls.module.css';
import styles from './players.module.css';
import { utcTime } from './rating-words';

/**
 * The signed-in player's own name, on their profile: choose it, or change it once the week since the last change has
 * passed (`PUT /api/players/me/name`). The server decides what a name may be and when it may change; a refusal shows
 * its own words (a name too long, an invisible character, a name another player has, too soon).
 */
export function NameForm({
  name,
  renameAfter,
  nameMax,
  renameDays,
}: {
  readonly name: string | null;
  /** When the name may change again (ms since epoch); null: now. */
  readonly renameAfter: number | null;
  readonly nameMax: number;
  readonly renameDays: number;
}) {
  const router = useRouter();
  const [typed, setTyped] = useState(name ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<PlayerProfile | null>(null);
  /** The name just saved, for the line that says so (until the next try). */
  const [justSaved, setJustSaved] = useState<string | null>(null);
  const current = saved ?? { name, renameAfter };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setProblem(null);
    setJustSaved(null);
    try {
      const profile = await apiFetch<PlayerProfile>('/api/players/me/name', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: typed }),
      });
      setSaved(profile);
      setJustSaved(profile.name);
      setTyped(profile.name ?? '');
      // The page around the form (the heading, the boards' rows) shows the new name too.
      router.refresh();
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={ui.panel} aria-labelledby="name-heading" data-testid="name-form">
      <h2 id="name-heading" className={ui.panelTitle}>
        {current.name === null ? 'Choose your player name' : 'Your player name'}
      </h2>
      <form className={styles.nameForm} onSubmit={(e) => void submit(e)}>
        <p className={ui.hint}>
          Other players see it on the leaderboards and your profile instead of your address. Up to {nameMax} characters;
          nobody else may have a name that reads the same. You may change it once every {renameDays} days.
        </p>
        <div className={styles.nameRow}>
          <label className={ui.visuallyHidden} htmlFor="player-name">
            Player name
          </label>
          <input
            id="player-name"
            type="text"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="nickname"
            spellCheck={false}
          />
          <button
            type="submit"
            className={cx(ui.button, ui.primary)}
            disabled={busy || typed.trim() === '' || typed === current.name}
          >
            {current.name === null ? 'Choose this name' : 'Change name'}
          </button>
        </div>
        {justSaved !== null && (
          <p className={styles.saved} role="status" data-testid="name-saved">
            Saved: you are “{justSaved}” now.
          </p>
        )}
        {current.renameAfter !== null && (
          <p className={ui.hint} data-testid="rename-after">
            You may change it again after {utcTime(current.renameAfter)}.
          </p>
        )}
        <Alert problem={problem} />
      </form>
    </section>
  );
}
