'use client';

import { useMemo } from 'react';
import type { GameEvent } from '../../engine/core';
import type { TenEvent } from '../../engine/ten';
import type { SeatInfo } from '../../server/protocol';
import { ActionLog, type ActionLogWords } from '../play/action-log';
import { eventLogEntries } from '../play/log-entries';
import { describeTenEvent } from './ten-log';
import { useTenLocale } from './ten-language-choice';
import { tenWords } from './ten-locale';

/** Ten's running log on the play page, in the language chosen at its table. */
export function TenLogView({ events, seats }: { events: readonly GameEvent[]; seats: readonly SeatInfo[] }) {
  const locale = useTenLocale();
  const w = tenWords(locale);
  const entries = useMemo(() => {
    const names = seats.map((s) => s.name);
    return eventLogEntries(events, names, (e) => describeTenEvent(e as TenEvent, names, w));
  }, [events, seats, w]);
  const words: ActionLogWords = {
    newest: w.t('logPanel.newest'),
    empty: w.t('logPanel.empty'),
    latestOnly: (n) => w.t('logPanel.latestOnly', { n }),
    earlier: (n) => w.t('logPanel.earlier', { n }),
  };
  return (
    <div lang={locale}>
      <ActionLog entries={entries} title={w.t('logPanel.title')} words={words} />
    </div>
  );
}
