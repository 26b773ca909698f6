'use client';

import type { GameId } from '../../engine/core';
import type { GotopolyAction, GotopolyView } from '../../engine/gotopoly';
import type { PoleAction } from '../../engine/pole';
import type { TenAction, TenView } from '../../engine/ten';
import type { PoleView } from '../pole/pole-scene';
import type { TableProps } from './table-props';
import { GotopolyTable } from '../gotopoly/gotopoly-table';
import { PoleTable } from '../pole/pole-table';
import { TenTable } from '../ten/ten-table';

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
