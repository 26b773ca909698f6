/**
 * Refits the Tezos Pole collector's buy rule, the strong player's own policy in its rollouts
 * (scripts/fit/collector-fit.ts says how). Prints the fit's figures and the new rule; `--out FILE` writes the rule
 * module there (engine/pole/collector-rule.ts to ship it). `--help` lists the flags. Minutes on one core.
 */
import { writeFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { COLLECTOR_RULE } from '../engine/pole/collector-rule';
import { runCli } from './lib/cli';
import { intFlag } from './lib/flag-values';
import { crossValidatedRegret, fitRule, labelOffers, regretPerGame, ruleModule, winShare } from './fit/collector-fit';

const FLAGS = {
  games: { type: 'string', value: 'N', help: 'games whose offers are labelled, ≥ 5 (default 400)' },
  rollouts: { type: 'string', value: 'N', help: 'worlds per offer, each played with buy and with pass (default 250)' },
  check: {
    type: 'string',
    value: 'N',
    help: 'games against three normal bots for each rule, 0 = none (default 20000)',
  },
  seed: { type: 'string', value: 'S', help: 'labelled game g uses seed "<seed>/g" (default "collector-fit")' },
  out: { type: 'string', value: 'FILE', help: 'write the new rule module to FILE (default: print only)' },
} as const;

await runCli({
  name: 'fit-collector',
  synopsis: 'npm run -s fit:collector -- [flags]',
  flags: FLAGS,
  main: async ({ flags }) => {
    const games = intFlag('games', flags.games, 400, 5);
    const rollouts = intFlag('rollouts', flags.rollouts, 250, 1);
    const check = intFlag('check', flags.check, 20000, 0);
    const seed = flags.seed ?? 'collector-fit';
    const progress = (g: number) => {
      if (process.stderr.isTTY && (g + 1) % 20 === 0) process.stderr.write(`labelled ${g + 1}/${games} games\n`);
    };
    const labels = labelOffers({ rule: COLLECTOR_RULE, games, rollouts, seed, onGame: progress });
    const rule = fitRule(labels);
    const figures = [
      `${labels.length} offers in ${games} games, ${rollouts} paired rollouts each (seeds "${seed}/g")`,
      `regret per game, the rule before: ${regretPerGame(COLLECTOR_RULE, labels).toFixed(2)}`,
      `regret per game, the new rule's fit on games left out of it: ${crossValidatedRegret(labels).toFixed(2)}`,
    ];
    if (check > 0) {
      const before = winShare(COLLECTOR_RULE, check, `${seed}-check`);
      const after = winShare(rule, check, `${seed}-check`);
      figures.push(
        `win share against three normal bots over ${check} games: the rule before ${before.toFixed(2)} %, the new rule ${after.toFixed(2)} %`,
      );
    }
    process.stdout.write(`${figures.join('\n')}\n\n${JSON.stringify(rule, null, 2)}\n`);
    if (flags.out !== undefined) {
      const provenance = [
        "The collector's buy rule (collector.ts), written by `npm run fit:collector`: one step of policy iteration from the",
        'rule before it. The fit:',
        ...figures.map((f) => `- ${f}`),
      ];
      // Formatted as the repository's own files are, so a shipped rule passes the lint as written.
      const options = await resolveConfig(flags.out);
      writeFileSync(flags.out, await format(ruleModule(rule, provenance), { ...options, filepath: flags.out }));
    }
  },
});
