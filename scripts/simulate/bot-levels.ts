/**
 * The bots a simulation seats, by name: the levels easy, normal and strong, and the names bots had before levels
 * (random: the random bot; heuristic: the normal one). A strong bot plays in process with its default iterations.
 */
import { strongBot, type Bot, type GameId } from '../../engine';
import { CliError } from '../lib/cli';

/** The names `--bot` takes, in the order the help lists them. */
export const BOT_NAMES = ['easy', 'normal', 'strong', 'random', 'heuristic'] as const;

/** The bot `name` names among `bots` (a game's `<game>Bots`), or its strong bot. @throws CliError for another name. */
export function botNamed<S, A>(game: GameId, title: string, bots: Readonly<Record<string, Bot<S, A>>>, name: string) {
  if (name === 'strong') return strongBot(game) as Bot<S, A>;
  if (!Object.hasOwn(bots, name)) throw new CliError(`${title} has no "${name}" bot`);
  return bots[name]!;
}
