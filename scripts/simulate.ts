/**
 * Plays many complete games with bots and reports balance statistics (see USAGE).
 * Every game is reproducible on its own: game i of a run is played with seed `${seed}/i`.
 */
import { choiceFlag, intFlag, parseFlags } from './lib/args';
import { UsageError, runCli } from './lib/cli';
import { GAME_IDS, simulators } from './simulate/games';
import type { SimulationOptions, Simulator } from './simulate/types';

const USAGE = `usage: npm run -s simulate -- [--game pole|gotopoly|ten] [--players N] [--games N] [--seed S]
                              [--bot NAME | --bot NAME,NAME,...] [--board FILE] [--json]

  --game     ${GAME_IDS.join(' | ')} (default pole)
  --players  number of seats: 2–6 for pole and gotopoly, 1–5 for ten (1 = solo) (default 4)
  --games    number of complete games to play, ≥ 1 (default 1000)
  --seed     run seed (default "1"); game i is played with seed "<seed>/i", so any single game
             of a run can be replayed on its own
  --bot      random | heuristic (default heuristic), or one name per seat separated by commas
  --board    a JSON board file (pole only), validated like any board; default Genesis
  --json     print one JSON object instead of tables
`;

const FLAGS = {
  game: 'string',
  players: 'string',
  games: 'string',
  seed: 'string',
  bot: 'string',
  board: 'string',
  json: 'boolean',
  help: 'boolean',
} as const;

function parseOptions(argv: readonly string[]): { simulator: Simulator; options: SimulationOptions; json: boolean } | null {
  const flags = parseFlags(argv, FLAGS);
  if (flags.help) return null;
  const game = choiceFlag('game', flags.game, 'pole', GAME_IDS);
  const simulator = simulators[game];
  const players = intFlag('players', flags.players, 4, simulator.players.min, simulator.players.max);
  const bots = (flags.bot ?? simulator.defaultBot).split(',');
  for (const bot of bots) {
    if (!simulator.bots.includes(bot)) throw new UsageError(`--bot must name ${simulator.bots.join(' or ')}, not "${bot}"`);
  }
  if (bots.length !== 1 && bots.length !== players) {
    throw new UsageError(`--bot lists ${bots.length} bots for ${players} players: give one name, or one per seat`);
  }
  if (flags.board !== undefined && !simulator.acceptsBoard) throw new UsageError(`--board does not apply to ${game}`);
  const options: SimulationOptions = {
    players,
    games: intFlag('games', flags.games, 1000, 1),
    seed: flags.seed ?? '1',
    bots: bots.length === 1 ? new Array<string>(players).fill(bots[0]!) : bots,
    ...(flags.board === undefined ? {} : { boardFile: flags.board }),
  };
  return { simulator, options, json: flags.json === true };
}

await runCli('simulate', USAGE, () => {
  const parsed = parseOptions(process.argv.slice(2));
  if (!parsed) {
    process.stdout.write(USAGE);
    return;
  }
  const { simulator, options, json } = parsed;
  const report = simulator.run(options);
  process.stdout.write(json ? `${JSON.stringify(report)}\n` : simulator.format(report));
});
