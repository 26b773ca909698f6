/** What every game reads from outside with its own zod schema, refused the same way in every game. */
import type { z } from 'zod';
import { ConfigError, RuleError } from './errors';
import { parseOrRefuse } from './issues';

/** A game's options as its schema reads them. @throws ConfigError `BAD_CONFIG` naming each bad option. */
export const parseOptions = <S extends z.ZodType>(schema: S, input: unknown, game: string): z.output<S> =>
  parseOrRefuse(
    schema,
    input,
    '(options)',
    (issues) => new ConfigError('BAD_CONFIG', `invalid ${game} options`, issues),
  );

/** An action from outside as the game's schema reads it. @throws RuleError `MALFORMED_ACTION` */
export const parseAction = <S extends z.ZodType>(schema: S, input: unknown, game: string): z.output<S> =>
  parseOrRefuse(
    schema,
    input,
    '(action)',
    (issues) => new RuleError('MALFORMED_ACTION', `not a ${game} action: ${issues.join('; ')}`),
  );
