/**
 * Plays many complete games with bots and reports balance statistics (`--help` lists the flags).
 * Every game is reproducible on its own: game i of a run is played with seed `${seed}/i`.
 */
import { runCli, UsageError, type FlagValues } from './lib/cli';
import { choiceFlag, intFlag } from './lib/flag-values';
import { GAME_IDS, simulators } from './simulate/games';
import type { SimulationOptions, Simulator } from './simulate/types';

const FLAGS = {
  game: { type: 'string', value: 'NAME', help: `${GAME_IDS.join(' | ')} (default pole)` },
  players: { type: 'string', value: 'N', help: 'seats: 2–6 for pole and gotopoly, 1–5 for ten (1 = solo) (default 4)' },
  games: { type: 'string', value: 'N', help: 'complete games to play, ≥ 1 (default 1000)' },
  seed: {
    type: 'string',
    value: 'S',
    help: 'run seed (default "1"); game i is played with seed "<seed>/i", to replay it alone',
  },
  bot: {
    type: 'string',
    value: 'NAME[,NAME…]',
    help: 'easy | normal | strong (default normal; random and heuristic, their old names, still work), or one name per seat separated by commas',
  },
  board: {
    type: 'string',
    value: 'FILE',
    help: 'a JSON board file (pole only), validated like any board (default Genesis)',
  },
  json: { type: 'boolean', help: 'print one JSON object instead of tables' },
} as const;

function parseOptions(flags: FlagValues<typeof FLAGS>): {
  simulator: Simulator;
  options: SimulationOptions;
  json: boolean;
} {
  const game = choiceFlag('game', flags.game, 'pole', GAME_IDS);
  const simulator = simulators[game];
  const players = intFlag('players', flags.players, 4, simulator.players.min, simulator.players.max);
  const bots = (flags.bot ?? simulator.defaultBot).split(',');
  for (const bot of bots) {
    if (!simulator.bots.includes(bot))
      throw new UsageError(`--bot must name ${simulator.bots.join(' or ')}, not "${bot}"`);
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

await runCli({
  name: 'simulate',
  synopsis: 'npm run -s simulate -- [flags]',
  flags: FLAGS,
  main: ({ flags }) => {
    const { simulator, options, json } = parseOptions(flags);
    const report = simulator.run(options);
    process.stdout.write(json ? `${JSON.stringify(report)}\n` : simulator.format(report));
  },
});
