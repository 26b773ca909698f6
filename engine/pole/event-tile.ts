import type { SeatId } from '../core/types';
import type { EventTile, SimpleEffect } from './board';
import type { Draft } from './draft';
import { grantFreeCopy } from './generosity';
import { piecesOf } from './holdings';
import { moveBy, moveTo } from './movement';
import type { Step } from './state';

/** Seed §3.2C: "Event tile — follow its printed instructions." Roll-and-branch effects roll the game's d6. */
export function landOnEvent(d: Draft, seat: SeatId, index: number, tile: EventTile): Step[] {
  d.emit({ type: 'eventTile', seat, tile: index, text: tile.text });
  const { effect } = tile;
  if (effect.kind !== 'roll') return applyEffect(d, seat, index, effect);
  const die = d.rollD6();
  const branch = effect.branches.find((b) => b.faces.includes(die))!;
  d.emit({ type: 'eventRoll', seat, tile: index, die, text: branch.text });
  return applyEffect(d, seat, index, branch.effect);
}

function tileIndex(d: Draft, id: string): number {
  const i = d.board.tiles.findIndex((t) => t.id === id);
  if (i < 0) throw new Error(`internal: board has no tile "${id}"`);
  return i;
}

/** Applies one effect of the vocabulary; money owed by anyone becomes a debt step (out-of-cash protocol applies). */
export function applyEffect(d: Draft, seat: SeatId, index: number, effect: SimpleEffect): Step[] {
  switch (effect.kind) {
    case 'none':
      return [];
    case 'collect':
      d.transfer('bank', seat, effect.amount, 'event', index);
      return [];
    case 'pay':
      return [
        { kind: 'debt', debtor: seat, claims: [{ to: 'bank', amount: effect.amount }], reason: 'event', tile: index },
      ];
    case 'payPerPiece': {
      const amount = effect.amount * piecesOf(d.board, d.tiles, seat).length;
      return amount > 0
        ? [{ kind: 'debt', debtor: seat, claims: [{ to: 'bank', amount }], reason: 'event', tile: index }]
        : [];
    }
    case 'collectFromEach':
      return d.othersClockwise(seat).map((other) => ({
        kind: 'debt',
        debtor: other,
        claims: [{ to: seat, amount: effect.amount }],
        reason: 'event',
        tile: index,
      }));
    case 'payEach':
      return [
        {
          kind: 'debt',
          debtor: seat,
          claims: d.othersClockwise(seat).map((to) => ({ to, amount: effect.amount })),
          reason: 'event',
          tile: index,
        },
      ];
    case 'moveTo':
      return moveTo(d, seat, tileIndex(d, effect.tile));
    case 'moveBy':
      return moveBy(d, seat, effect.steps);
    case 'freeCopy':
      grantFreeCopy(d, seat, tileIndex(d, effect.tile));
      return [];
  }
}
