/**
 * The engine's error tree (Taquito-style, but every leaf carries a stable `code`):
 * EngineError → RuleError (an action was refused) | ConfigError (a game could not be set up)
 * | RecordError (a game record cannot be replayed).
 */
import { capIssues } from './issues';

export abstract class EngineError extends Error {
  abstract readonly code: string;
}

/** An action was refused. The state it was applied to is unchanged. */
export class RuleError extends EngineError {
  override readonly name = 'RuleError';
  constructor(
    readonly code: string,
    message: string,
    readonly detail?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
  }
}

/** A configuration (options, board) is invalid; `issues` names each bad field. */
export class ConfigError extends EngineError {
  override readonly name = 'ConfigError';
  /** At most MAX_ISSUES issues and "… and N more": a refusal stays small however bad the input. */
  readonly issues: readonly string[];
  constructor(
    readonly code: string,
    message: string,
    issues: readonly string[] = [],
  ) {
    const listed = capIssues(issues);
    super(listed.length ? `${message}: ${listed.join('; ')}` : message);
    this.issues = listed;
  }
}

/** A game record is malformed, of an unknown game or version, or does not replay. */
export class RecordError extends EngineError {
  override readonly name = 'RecordError';
  constructor(
    readonly code: string,
    message: string,
    readonly actionIndex?: number,
  ) {
    super(message);
  }
}

export const isEngineError = (err: unknown): err is EngineError => err instanceof EngineError;
export const isRuleError = (err: unknown): err is RuleError => err instanceof RuleError;
export const isConfigError = (err: unknown): err is ConfigError => err instanceof ConfigError;
export const isRecordError = (err: unknown): err is RecordError => err instanceof RecordError;
