'use client';

import dynamic from 'next/dynamic';
import type { GameId } from '../../engine/core';
import type { GotopolyAction, GotopolyView } from '../../engine/gotopoly';
import type { PoleAction } from '../../engine/pole';
import type { TenAction, TenView } from '../../engine/ten';
import type { PoleView } from '../pole/pole-scene';
import type { TableProps } from './table-props';

const loading = () => <p>Setting out the table…</p>;

// Each game's table (its views, its board or deck, and the engine code they use) loads with a game of its own: a
// page of one game never carries the other two.
const PoleTable = dynamic<TableProps<PoleView, PoleAction>>(
  () => import('../pole/pole-table').then((m) => m.PoleTable),
  { loading },
);
const GotopolyTable = dynamic<TableProps<GotopolyView, GotopolyAction>>(
  () => import('../gotopoly/gotopoly-table').then((m) => m.GotopolyTable),
  { loading },
);
const TenTable = dynamic<TableProps<TenView, TenAction>>(() => import('../ten/ten-table').then((m) => m.TenTable), {
  loading,
});

/** The table of any game from the untyped snapshot fields: the server sent that game's view and actions. */
export function GameTable({ game, ...props }: TableProps<unknown, unknown> & { game: GameId }) {
  switch (game) {
    case 'pole':
      return <PoleTable {...(props as TableProps<PoleView, PoleAction>)} />;
    case 'gotopoly':
      return <GotopolyTable {...(props as TableProps<GotopolyView, GotopolyAction>)} />;
    case 'ten':
      return <TenTable {...(props as TableProps<TenView, TenAction>)} />;
  }
}
