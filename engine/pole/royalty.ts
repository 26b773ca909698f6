import type { SeatId } from '../core/types';
import type { ArtistTile } from './board';
import type { PoleRules } from './config';
import type { Claim, Step } from './state';
import type { Draft } from './draft';

/** The royalty rate in percent: P6, with the P12 tweak "Raise royalty to 20 % in 3-player games". */
export function royaltyRate(rules: PoleRules, players: number): number {
  return rules.threePlayerRoyalty20 && players === 3 ? 20 : rules.royaltyRate;
}

/**
 * P6: R = max(5, floor10(rate × list price)) — "pay 10 % of its list price (rounded down to the nearest 10 Tz, but
 * at a minimum 5Tz)". Integer arithmetic: floor10(price × rate / 100) = floor(price × rate / 1000) × 10.
 */
export function royaltyAmount(rules: PoleRules, art: ArtistTile, players: number): number {
  const rounded = Math.floor((art.price * royaltyRate(rules, players)) / 1000) * 10;
  return Math.max(rules.royaltyMinimum, rounded);
}

/**
 * P6: who receives what. "split" (default): R is shared equally by the owners other than the lander, each share
 * rounded down to a whole Tz, the remainder staying with the lander. "each": every such owner receives R.
 */
export function royaltyClaims(rules: PoleRules, royalty: number, owners: readonly SeatId[]): Claim[] {
  if (owners.length === 0) return [];
  const share = rules.royaltySplit === 'each' ? royalty : Math.floor(royalty / owners.length);
  return share > 0 ? owners.map((to) => ({ to, amount: share })) : [];
}

/** Landing on a tile that others hold: announce the royalty and queue it as a debt of the lander. */
export function chargeRoyalty(d: Draft, seat: SeatId, index: number, art: ArtistTile, owners: SeatId[]): Step[] {
  if (owners.length === 0) return [];
  const royalty = royaltyAmount(d.rules, art, d.playerCount);
  d.emit({ type: 'royaltyDue', seat, tile: index, royalty, owners, mode: d.rules.royaltySplit });
  const claims = royaltyClaims(d.rules, royalty, owners);
  return claims.length ? [{ kind: 'debt', debtor: seat, claims, reason: 'royalty', tile: index }] : [];
}
