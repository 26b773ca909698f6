/**
 * What the render and play-state tests build their subjects from, so each says only what its case is about: people
 * in seats, the props of a table nobody acts at, a small Tezos Pole board and a tile's markup, Gotopoly's table as a
 * spectator sees it, and a game's snapshot.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { botRngFor, playStep } from '../../engine';
import {
  gotopoly,
  gotopolyHeuristicBot,
  gotopolyView,
  type GotopolyConfigInput,
  type GotopolyState,
} from '../../engine/gotopoly';
import { parseBoard, type Board, type PoleState } from '../../engine/pole';
import type { GameSnapshot, SeatInfo } from '../../server/protocol';
import { GotopolyTable } from '../../ui/gotopoly/gotopoly-table';
import { ringCell } from '../../ui/pole/board-layout';
import { BoardTile } from '../../ui/pole/board-tile';

/** People in seats 0, 1, … by name, none of them played by a bot. */
export const seatsOf = (names: readonly string[]): SeatInfo[] =>
  names.map((name, seat) => ({ seat, name, kind: 'human', botTakeover: false }));

/** The props of a table that is only looked at: no clock running, nothing sent, not busy, no error. */
export const IDLE_TABLE = { deadline: null, act: () => undefined, busy: false, error: null } as const;

/** The tiles of `fourTileBoard`. */
export const SUNFOLD = 1;
export const MOTH = 2;

/** A Tezos Pole board of four tiles: Start, Sunfold (an edition of 3 at 200 Tz), Moth Hour (a 1/1), a tax. */
export function fourTileBoard(id: string, name: string, mothPrice: number): Board {
  return parseBoard({
    id,
    name,
    tiles: [
      { kind: 'go', id: 'go', name: 'Start' },
      { kind: 'artist', id: 'sunfold', artist: 'Ama', title: 'Sunfold', price: 200, multiplier: 1, editionSize: 3 },
      {
        kind: 'artist',
        id: 'moth',
        artist: 'Ben',
        title: 'Moth Hour',
        price: mothPrice,
        multiplier: 2,
        editionSize: 1,
      },
      { kind: 'event', id: 'tax', name: 'Tax', text: 'Pay 100', effect: { kind: 'pay', amount: 100 } },
    ],
  });
}

/** Tile `index` of a Tezos Pole game in `state` on `board`, as the board draws it (no pawn on it, no landing). */
export function boardTileHtml(board: Board, state: PoleState, index: number, names: readonly string[]): string {
  return renderToStaticMarkup(
    createElement(BoardTile, {
      view: {
        index,
        tile: board.tiles[index]!,
        state: state.tiles[index]!,
        cell: ringCell(index, board.tiles.length),
        pawns: [],
        landedBy: null,
        names: [...names],
        goBonus: 300,
      },
    }),
  );
}

/** A game of Gotopoly from `seed`, its three seats played by the heuristic bot until `done` holds. */
export function gotopolyPlayedUntil(
  seed: string,
  done: (state: GotopolyState) => boolean,
  config: GotopolyConfigInput = { players: 3 },
): GotopolyState {
  let state = gotopoly.setup(config, seed);
  const rng = botRngFor(seed);
  while (!done(state))
    state = playStep(gotopoly, state, [gotopolyHeuristicBot, gotopolyHeuristicBot, gotopolyHeuristicBot], rng)!.state;
  return state;
}

/** Gotopoly's table at `state` as a spectator sees it, before any event: its markup. */
export function gotopolySpectatorHtml(state: GotopolyState, seats: readonly SeatInfo[]): string {
  return renderToStaticMarkup(
    createElement(GotopolyTable, {
      ...IDLE_TABLE,
      view: gotopolyView(state, null),
      seat: null,
      seats: [...seats],
      pending: gotopoly.pending(state),
      legal: [],
      events: [],
      outcome: null,
    }),
  );
}

/** A snapshot of a game of Ten at seq 4, for seat 1, with nothing pending, no chat and no fair play, but `extra`. */
export const snapshotWith = (extra: Partial<GameSnapshot> = {}): GameSnapshot => ({
  id: 'g',
  game: 'ten',
  seq: 4,
  seats: [],
  seat: 1,
  access: 'seat',
  onChain: false,
  view: null,
  pending: [],
  legal: [],
  events: [],
  outcome: null,
  deadline: null,
  seedCommitment: 'c'.repeat(64),
  seed: null,
  chat: null,
  rematch: null,
  fair: null,
  waitingRoom: null,
  ...extra,
});
