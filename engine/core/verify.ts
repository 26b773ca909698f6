/**
 * Checking a game (docs/checking-a-game.md): everything a record proves, in the order a reader would check it — the seed against
 * its commitment, every seat's links against its chain, every roll against the seed and the links, every state
 * against the replay, the end against the final hash. The first thing that disagrees is named, with its action.
 */
import { isEngineError } from './errors';
import { ChainLedger, rollOf } from './fair';
import { stateHash } from './hash';
import { applyRolled, playsVersion, versionsText, type GameRecord } from './record';
import { seedCommitment } from './rng';
import type { GameDefinition, GameEvent } from './types';

export type VerifyCode =
  | 'WRONG_GAME'
  | 'UNSUPPORTED_VERSION'
  | 'BAD_CONFIG'
  | 'SEED_MISMATCH'
  | 'BAD_CONTRIBUTION'
  | 'ROLL_MISMATCH'
  | 'REPLAY_FAILED'
  | 'STATE_MISMATCH'
  | 'FINAL_MISMATCH';

export type Verdict =
  | {
      readonly ok: true;
      /** `fair`: every roll proven; `plain`: the record replays, but its seed decided every roll (the host knew it). */
      readonly mode: 'fair' | 'plain';
      readonly actions: number;
      /** Actions whose roll mixed a seat's link in (the rest: bots, timers, the system, seats without a chain). */
      readonly contributed: number;
      readonly finalHash: string;
    }
  | {
      readonly ok: false;
      readonly code: VerifyCode;
      readonly message: string;
      /** The action (0-based) that first disagrees; null when it is not one action's (the seed, the set-up, the end). */
      readonly action: number | null;
    };

const refuse = (code: VerifyCode, message: string, action: number | null = null): Verdict => ({
  ok: false,
  code,
  message,
  action,
});

/** Checks a record with its game's definition; never throws for a bad record (the verdict says what is wrong). */
export function verifyRecord<S, E extends GameEvent>(
  definition: GameDefinition<S, unknown, unknown, E>,
  record: GameRecord,
): Verdict {
  if (record.game !== definition.id)
    return refuse('WRONG_GAME', `the record is for "${record.game}", not "${definition.id}"`);
  if (!playsVersion(definition, record.version)) {
    return refuse(
      'UNSUPPORTED_VERSION',
      `the record was written by ${record.game} engine version ${record.version}; this engine plays ${versionsText(definition)}`,
    );
  }
  const fair = record.fair;
  if (fair && seedCommitment(record.seed) !== fair.commitment) {
    return refuse(
      'SEED_MISMATCH',
      `the revealed seed does not match the commitment published when the game began (${fair.commitment}): it gives ${seedCommitment(record.seed)}`,
    );
  }
  let state: S;
  try {
    state = definition.setup(record.config, record.seed, record.version);
  } catch (err) {
    if (!isEngineError(err)) throw err;
    return refuse('BAD_CONFIG', `the record's config does not set up ${record.game}: ${err.message}`);
  }
  const ledger = new ChainLedger(fair?.chains ?? []);
  let contributed = 0;
  for (const [index, entry] of record.actions.entries()) {
    const seq = index + 1;
    const where = `action ${index} (seq ${seq}, ${entry.seat === 'system' ? 'the system' : `seat ${entry.seat + 1}`})`;
    let roll: string | null = null;
    if (fair) {
      const link = entry.contribution ?? null;
      ledger.advanceTo(seq);
      if (link !== null) {
        if (entry.seat === 'system')
          return refuse('BAD_CONTRIBUTION', `${where}: the system seat has no chain, yet a link is recorded`, index);
        if (ledger.expected(entry.seat) === null)
          return refuse(
            'BAD_CONTRIBUTION',
            `${where}: a link is recorded, but the seat had registered no chain by then`,
            index,
          );
        if (!ledger.take(entry.seat, link)) {
          return refuse(
            'BAD_CONTRIBUTION',
            `${where}: its link ${link} is not the next one of the seat's chain (SHA-256 of it is not the seat's previous link)`,
            index,
          );
        }
        contributed++;
      }
      roll = rollOf(record.seed, fair.gameId, seq, link);
      if (entry.roll !== undefined && entry.roll !== roll) {
        return refuse(
          'ROLL_MISMATCH',
          `${where}: the recorded roll ${entry.roll} is not the one the seed and the link give (${roll}): this roll was forged`,
          index,
        );
      }
    }
    try {
      state = applyRolled(definition, state, entry.seat, entry.action, roll).state;
    } catch (err) {
      if (!isEngineError(err)) throw err;
      return refuse(
        'REPLAY_FAILED',
        `${where} (${JSON.stringify(entry.action)}) does not apply: ${err.message}`,
        index,
      );
    }
    if (entry.hash !== undefined) {
      const hash = stateHash(state);
      if (hash !== entry.hash)
        return refuse(
          'STATE_MISMATCH',
          `${where}: the state after it hashes to ${hash}, not the recorded ${entry.hash}: the action or an earlier one was altered`,
          index,
        );
    }
  }
  const finalHash = stateHash(state);
  if (record.finalHash !== undefined && record.finalHash !== finalHash) {
    return refuse(
      'FINAL_MISMATCH',
      `the replayed game ends in state ${finalHash}, not the recorded ${record.finalHash}`,
    );
  }
  return { ok: true, mode: fair ? 'fair' : 'plain', actions: record.actions.length, contributed, finalHash };
}
