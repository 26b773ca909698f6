/**
 * Named devnet settings (`DEVNET_PROFILE=shadownet npm start`): `shadownet` runs the devnet like Shadownet, a block
 * every 6 s and a TzKT API that trails the node by about a second and a half, so a game can be rehearsed here at the
 * pace it will have there.
 */
export const PROFILE_VAR = 'DEVNET_PROFILE';

export interface DevnetProfile {
  /** Seconds between blocks. */
  readonly blockTime: number;
  /** Seconds the TzKT API trails the node (DevnetOptions.indexerLag). */
  readonly indexerLag: number;
}

export const DEVNET_PROFILES = {
  /** The devnet's own pace: a block for each injected operation, indexed at once. */
  instant: { blockTime: 0, indexerLag: 0 },
  shadownet: { blockTime: 6, indexerLag: 1.5 },
} as const satisfies Record<string, DevnetProfile>;

export type DevnetProfileName = keyof typeof DEVNET_PROFILES;

/** The profile a `DEVNET_PROFILE` value names (unset or blank: `instant`); throws a RangeError naming the choices. */
export function devnetProfile(text: string | undefined): { name: DevnetProfileName; profile: DevnetProfile } {
  const name = text?.trim() || 'instant';
  if (!Object.hasOwn(DEVNET_PROFILES, name)) {
    throw new RangeError(`${PROFILE_VAR} must be one of ${Object.keys(DEVNET_PROFILES).join(', ')}, not "${name}"`);
  }
  return { name: name as DevnetProfileName, profile: DEVNET_PROFILES[name as DevnetProfileName] };
}

/** How the start line describes a profile, e.g. `profile shadownet: a block every 6 s, indexer lag 1.5 s`. */
export function profileText(name: DevnetProfileName, p: DevnetProfile): string {
  const blocks = p.blockTime > 0 ? `a block every ${p.blockTime} s` : 'a block per operation';
  return `profile ${name}: ${blocks}, indexer lag ${p.indexerLag} s`;
}
