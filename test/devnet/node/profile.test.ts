/** `DEVNET_PROFILE` names how the devnet `npm start` runs; a misspelt profile is refused, naming the choices. */
import { describe, expect, it } from 'vitest';
import { devnetProfile, profileText } from '../../../devnet/node';

describe('devnet profiles', () => {
  it('shadownet bakes every 6 s with the indexer 1.5 s behind; unset is the instant devnet', () => {
    expect(devnetProfile('shadownet')).toEqual({ name: 'shadownet', profile: { blockTime: 6, indexerLag: 1.5 } });
    expect(profileText('shadownet', devnetProfile(' shadownet ').profile)).toBe(
      'profile shadownet: a block every 6 s, indexer lag 1.5 s',
    );
    expect(devnetProfile(undefined)).toEqual({ name: 'instant', profile: { blockTime: 0, indexerLag: 0 } });
    expect(devnetProfile('')).toEqual(devnetProfile(undefined));
  });

  it('an unknown profile is refused with the names it could be', () => {
    expect(() => devnetProfile('mainnet')).toThrow('DEVNET_PROFILE must be one of instant, shadownet, not "mainnet"');
    expect(() => devnetProfile('toString')).toThrow(RangeError);
  });
});
