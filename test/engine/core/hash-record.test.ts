import { describe, expect, it } from 'vitest';
import { canonicalJson, stateHash } from '../../../engine/core/hash';
import { isRecordError, RecordError } from '../../../engine/core/errors';
import { playToEnd } from '../../../engine/core/play';
import { replay } from '../../../engine';
import { pole, poleBots } from '../../../engine/pole';
import { gotopoly, gotopolyBots, type GotopolyConfigInput } from '../../../engine/gotopoly';
import { verifyRecord } from '../../../engine';

describe('stateHash', () => {
  it('is SHA-256 of the canonical JSON (published digest of "{}")', () => {
    expect(canonicalJson({})).toBe('{}');
    expect(stateHash({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });

  it('does not depend on key order but does on every value', () => {
    expect(stateHash({ a: 1, b: [1, 2], c: { d: 'x', e: null } })).toBe(
      stateHash({ c: { e: null, d: 'x' }, b: [1, 2], a: 1 }),
    );
    expect(stateHash({ a: 1, b: [1, 2] })).not.toBe(stateHash({ a: 1, b: [2, 1] }));
    expect(stateHash({ a: 1 })).not.toBe(stateHash({ a: 2 }));
  });
});

describe('game records', () => {
  const bots = [poleBots.heuristic, poleBots.random, poleBots.heuristic];
  const played = playToEnd(pole, { players: 3 }, 'record-test', bots);

  it('replay(record) reproduces the final state hash, also after a JSON round trip (a saved file)', () => {
    const fromFile = JSON.parse(JSON.stringify(played.record)) as unknown;
    expect(stateHash(replay(fromFile).state)).toBe(stateHash(played.state));
  });

  it('the same seed and bots give the same record; another seed gives another game', () => {
    const again = playToEnd(pole, { players: 3 }, 'record-test', bots);
    expect(again.record).toEqual(played.record);
    const other = playToEnd(pole, { players: 3 }, 'record-test-2', bots);
    expect(stateHash(other.state)).not.toBe(stateHash(played.state));
  });

  it('a record prefix replays to the state after that many actions', () => {
    const prefix = { ...played.record, actions: played.record.actions.slice(0, 10) };
    const state = replay(prefix).state as { seq: number };
    expect(state.seq).toBe(10);
  });

  it('refuses malformed records, unknown games and other engine versions with coded errors', () => {
    const codeOf = (input: unknown) => {
      try {
        replay(input);
      } catch (err) {
        expect(isRecordError(err)).toBe(true);
        return (err as RecordError).code;
      }
      return 'no error';
    };
    expect(codeOf({ game: 'pole' })).toBe('MALFORMED_RECORD');
    expect(codeOf('not a record')).toBe('MALFORMED_RECORD');
    expect(codeOf({ ...played.record, game: 'chess' })).toBe('MALFORMED_RECORD');
    // A config the game refuses, and a Tezos Pole record relabelled as Ten (whose first action, a roll, is not Ten's).
    expect(codeOf({ ...played.record, game: 'gotopoly', config: { players: 9 } })).toBe('BAD_CONFIG');
    expect(codeOf({ ...played.record, game: 'ten' })).toBe('REPLAY_FAILED');
    expect(codeOf({ ...played.record, version: 99 })).toBe('UNSUPPORTED_VERSION');
  });

  it('names the first action that does not apply', () => {
    const actions: { seat: number | 'system'; action: unknown }[] = played.record.actions.slice();
    actions[5] = { seat: actions[5]!.seat, action: { type: 'dance' } };
    try {
      replay({ ...played.record, actions });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(RecordError);
      expect((err as RecordError).code).toBe('REPLAY_FAILED');
      expect((err as RecordError).actionIndex).toBe(5);
      expect((err as Error).message).toMatch(/action 5/);
    }
  });
});

describe('a record keeps the rules it was played by (GameDefinition.olderVersions)', () => {
  // Gotopoly's version 1, before ruling G7's amendment of 2026-12-05: level students moved in seat order.
  const v1 = {
    ...gotopoly,
    version: 1,
    setup: (config: GotopolyConfigInput, seed: string) => gotopoly.setup(config, seed, 1),
  };
  const bots = [gotopolyBots.heuristic, gotopolyBots.heuristic, gotopolyBots.heuristic];
  const played = playToEnd(v1, { players: 3, maxTerms: 4 }, 'old-rules', bots);

  it('a version-1 Gotopoly record replays, and verifies, under version 1`s rules to its own final hash', () => {
    expect(played.record.version).toBe(1);
    expect(stateHash(replay(JSON.parse(JSON.stringify(played.record))).state)).toBe(stateHash(played.state));
    expect(verifyRecord(gotopoly, played.record)).toMatchObject({ ok: true });
    // Played by today's rules, the same seed and moves set up another table order.
    expect(gotopoly.setup({ players: 3, maxTerms: 4 }, 'old-rules').tieOrder).toBeDefined();
  });

  it('a version no engine has played is refused with its code', () => {
    const code = (() => {
      try {
        replay({ ...played.record, version: 3 });
        return null;
      } catch (err) {
        return isRecordError(err) ? err.code : String(err);
      }
    })();
    expect(code).toBe('UNSUPPORTED_VERSION');
  });
});
