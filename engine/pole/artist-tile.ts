import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import type { ArtistTile } from './board';
import type { Draft } from './draft';
import { addHolder, copiesHeld, isInert, ownersOf, supplyLeft } from './holdings';
import { chargeRoyalty } from './royalty';
import type { PoleTile, Step } from './state';

/**
 * Seed §3.2A/B. P4: "The first player to land on an unowned 1/1 may buy it at its list price; after that it only
 * charges royalties. Declining does nothing (no auctions)." P5: editions sell ONE copy per landing, at most
 * `editionCopiesPerPlayer` per player; "Landing on an edition that others own: pay the royalty first, then the buy
 * option."
 */
export function landOnArtist(d: Draft, seat: SeatId, index: number, art: ArtistTile): Step[] {
  const tile = d.tiles[index]!;
  if (isInert(art, tile)) {
    d.emit({ type: 'inertTile', seat, tile: index });
    return [];
  }
  const others = ownersOf(tile).filter((owner) => owner !== seat);
  return [...chargeRoyalty(d, seat, index, art, others), { kind: 'offer', seat, tile: index }];
}

/** Whether `seat` may buy a copy now (ignoring cash). */
export function canBuy(d: Pick<Draft, 'rules'>, art: ArtistTile, tile: PoleTile, seat: SeatId): boolean {
  return supplyLeft(art, tile) > 0 && copiesHeld(tile, seat) < d.rules.editionCopiesPerPlayer;
}

/** Opens the buy decision when the seat may buy and can afford it; returns false when there is nothing to decide. */
export function openOffer(d: Draft, seat: SeatId, index: number, art: ArtistTile): boolean {
  if (!canBuy(d, art, d.tiles[index]!, seat)) return false;
  if (d.cash(seat) < art.price) {
    d.emit({ type: 'cannotAfford', seat, tile: index, price: art.price });
    return false;
  }
  d.phase = 'buy';
  d.emit({ type: 'offered', seat, tile: index, price: art.price });
  return true;
}

/** @throws RuleError NOT_FOR_SALE | CANNOT_AFFORD */
export function buy(d: Draft, seat: SeatId, index: number, art: ArtistTile): void {
  const tile = d.tiles[index]!;
  if (!canBuy(d, art, tile, seat))
    throw new RuleError('NOT_FOR_SALE', `${art.title} has no copy for you to buy`, { tile: index });
  if (d.cash(seat) < art.price) {
    throw new RuleError('CANNOT_AFFORD', `${art.title} costs ${art.price} Tz; you have ${d.cash(seat)} Tz`, {
      tile: index,
      price: art.price,
      cash: d.cash(seat),
    });
  }
  d.transfer(seat, 'bank', art.price, 'purchase', index);
  addHolder(d, index, seat);
  const after = d.tiles[index]!;
  d.emit({
    type: 'bought',
    seat,
    tile: index,
    price: art.price,
    copy: art.editionSize - supplyLeft(art, after),
    of: art.editionSize,
  });
}
