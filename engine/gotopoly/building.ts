import { RuleError } from '../core/errors';
import type { SeatId } from '../core/types';
import type { Property } from './board';
import { LONDON } from './boards/london';
import type { Draft } from './draft';
import { propertyAt } from './ring';
import type { Estate, GotopolyPublic } from './state';

type Holdings = Pick<GotopolyPublic, 'estates'>;

/** Why an action is refused: plain data, turned into a RuleError only when thrown (bots test many options). */
export interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly detail?: Readonly<Record<string, unknown>>;
}

export const refusal = (code: string, message: string, detail?: Readonly<Record<string, unknown>>): Refusal => ({
  code,
  message,
  detail,
});

/** The RuleError for a refusal. */
export const ruleErrorOf = (r: Refusal): RuleError => new RuleError(r.code, r.message, r.detail);

/** The colour group of a property, as space indices. */
export const groupOf = (property: Property): readonly number[] => LONDON.groups[property.colour];

/** True when `seat`'s uncle owns every property of the group. */
export function ownsWholeGroup(estates: readonly Estate[], property: Property, seat: SeatId): boolean {
  return groupOf(property).every((space) => estates[space]!.owner === seat);
}

/** G9: every property of the colour is owned by some uncle (any uncles), which doubles its rent. */
export function groupFullyOwned(estates: readonly Estate[], property: Property): boolean {
  return groupOf(property).every((space) => estates[space]!.owner !== null);
}

/**
 * G5: why `seat`'s uncle may not add a house (or a B&B) on `space` now, or null when they may. "An uncle who owns a
 * whole colour group may add at most 1 house per term, at the printed house cost, building evenly; 4 houses upgrade to
 * a B&B (hotel) at the house cost." The once-per-term limit is the caller's (it lives in the Build/Trade stage).
 */
export function buildRefusal(
  state: Holdings & Pick<GotopolyPublic, 'uncles'>,
  seat: SeatId,
  space: number,
): Refusal | null {
  const property = propertyAt(LONDON, space);
  if (!property) return refusal('NOT_A_PROPERTY', `space ${space} is not a colour-coded property`, { space });
  const estate = state.estates[space]!;
  if (estate.owner !== seat)
    return refusal('NOT_YOUR_PROPERTY', `uncle ${seat} does not own ${property.name}`, { space });
  if (!ownsWholeGroup(state.estates, property, seat)) {
    return refusal('GROUP_INCOMPLETE', `houses need the whole ${property.colour} group (G5)`, { space });
  }
  if (estate.houses >= 5) return refusal('FULLY_BUILT', `${property.name} already has a B&B`, { space });
  const fewest = Math.min(...groupOf(property).map((s) => state.estates[s]!.houses));
  if (estate.houses > fewest) {
    return refusal(
      'UNEVEN_BUILDING',
      `build evenly: another ${property.colour} property has only ${fewest} house(s) (G5)`,
      { space },
    );
  }
  const cash = state.uncles[seat]!.cash;
  if (cash < property.houseCost) {
    return refusal(
      'CANNOT_AFFORD',
      `a house on ${property.name} costs £${property.houseCost}; uncle ${seat} has £${cash}`,
      { space },
    );
  }
  return null;
}

/** Every space where `seat`'s uncle could build now (ignoring the once-per-term limit). */
export function buildableSpaces(state: Holdings & Pick<GotopolyPublic, 'uncles'>, seat: SeatId): number[] {
  return LONDON.properties.filter(
    (space) => state.estates[space]!.owner === seat && buildRefusal(state, seat, space) === null,
  );
}

/** G5: only unimproved properties trade, and (as in Monopoly) none whose colour group has buildings on it. */
export function isTradable(estates: readonly Estate[], space: number): boolean {
  const property = propertyAt(LONDON, space);
  return !!property && estates[space]!.owner !== null && groupOf(property).every((s) => estates[s]!.houses === 0);
}

/** Whether an uncle has anything to do in Build/Trade: a house to build, or a trade to propose. */
export function canBuildTrade(d: Draft, uncle: SeatId): boolean {
  if (buildableSpaces(d, uncle).length > 0) return true;
  return (
    d.rules.tradeOffersPerTerm > 0 && d.seats > 1 && LONDON.properties.some((space) => isTradable(d.estates, space))
  );
}

/** G5: adds one house (or upgrades four to a B&B) on `space`, paid to the bank. @throws RuleError */
export function build(d: Draft, seat: SeatId, space: number): void {
  const stage = d.stage;
  if (stage.kind !== 'build') throw new Error('internal: not in Build/Trade');
  if (stage.built) throw new RuleError('ALREADY_BUILT', 'an uncle may add at most 1 house per term (G5)');
  const refused = buildRefusal(d, seat, space);
  if (refused) throw ruleErrorOf(refused);
  const property = propertyAt(d.board, space)!;
  d.transfer({ uncle: seat }, 'bank', property.houseCost, 'house', space);
  const houses = d.estates[space]!.houses + 1;
  d.updateEstate(space, { houses });
  d.stage = { ...stage, built: true };
  d.emit({ type: 'built', seat, space, houses, cost: property.houseCost });
}
