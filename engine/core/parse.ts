/** What every game reads from outside with its own zod schema, refused the same way in every game. */
import type { z } from 'zod';
import { ConfigError, RuleError } from './errors';
import { humanIssueLines, parseOrRefuse } from './issues';

/**
 * A game's options as its schema reads them. @throws ConfigError `BAD_CONFIG` naming each bad option in a sentence
 * ("laps must be at least 1"): options are typed by people, in forms and requests.
 */
export function parseOptions<S extends z.ZodType>(schema: S, input: unknown, game: string): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    throw new ConfigError('BAD_CONFIG', `invalid ${game} options`, humanIssueLines(parsed.error.issues, 'the options'));
  return parsed.data;
}

/** An action from outside as the game's schema reads it. @throws RuleError `MALFORMED_ACTION` */
export const parseAction = <S extends z.ZodType>(schema: S, input: unknown, game: string): z.output<S> =>
  parseOrRefuse(
    schema,
    input,
    '(action)',
    (issues) => new RuleError('MALFORMED_ACTION', `not a ${game} action: ${issues.join('; ')}`),
  );
