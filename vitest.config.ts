import { defineConfig } from 'vitest/config';
import TakingTurns from './test/sequencer';

/**
 * Projects, so the fast part stays fast as the suite grows (docs/testing.md):
 * - `unit` (and `unit-routes`, the route-handler files that need a process each): engines, renders and pure modules,
 *   in-memory PGlite at most: no network listener, no child process. `test/unit-guard.ts` fails a unit file that
 *   opens a server or starts a process, so a slow file cannot slip in unnoticed.
 * - `integration` (and `integration-own-host`, the files that build the process's host): the devnet, the game server
 *   on PostgreSQL, Synapse, the CLIs as processes.
 * - `browser`: Debian's chromium against the real app, built once for the run (`test/e2e/global-setup.ts`).
 */

/** Files that start real services or processes; every other `test/**` file is a unit file. */
const INTEGRATION = [
  'test/devnet/node/**/*.test.ts',
  'test/devnet/indexer/**/*.test.ts',
  'test/devnet/michelson/conformance.test.ts',
  'test/devnet/michelson/cli*.test.ts',
  'test/contracts/fa2-editions.test.ts',
  'test/contracts/tzip12.test.ts',
  'test/chain/bank-sender.test.ts',
  'test/chain/deployment.test.ts',
  'test/chain/fa2-editions.test.ts',
  'test/chain/featured-tokens.test.ts',
  'test/chain/holdings*.test.ts',
  'test/chain/pole-bridge.test.ts',
  'test/chain/tile-art.test.ts',
  'test/app/api-error.test.ts',
  'test/app/tzkt-reader.test.ts',
  'test/api/auth-routes.test.ts',
  'test/api/studio-uploads.test.ts',
  'test/server/auth.test.ts',
  'test/server/chain-*.test.ts',
  'test/server/create-store.test.ts',
  'test/server/fair.test.ts',
  'test/server/host-persistence.test.ts',
  'test/server/ipfs-*.test.ts',
  'test/server/rematch-lobby.test.ts',
  'test/server/store*.test.ts',
  'test/server/studio*.test.ts',
  'test/server/balance-lab.test.ts',
  'test/server/strong-bots.test.ts',
  'test/scripts/*.test.ts',
  'test/wallet/**/*.test.ts',
];

/**
 * Integration files that build the process's one game host from the environment (`getHost`): each needs a process
 * of its own. Every other integration file holds no process-wide state and shares its worker's loaded modules.
 */
const OWN_HOST = [
  'test/api/auth-routes.test.ts',
  'test/api/studio-uploads.test.ts',
  'test/server/create-store.test.ts',
];

/**
 * Unit files that call the route handlers: those share the process's one game host, which reads its limits from the
 * environment once and which each file closes when it ends, so each of these files needs a process of its own.
 */
const ROUTES = [
  'test/api/**/*.test.ts',
  'test/server/hidden-information.test.ts',
  'test/server/host-memory.test.ts',
  'test/server/limits.test.ts',
  'test/app/next-path.test.ts',
];

/** Files that drive chromium against the app. */
const BROWSER = ['test/e2e/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // A poll waits on a real process (a page, a bot, a block): its bound is generous, its interval short.
    expect: { poll: { timeout: 15_000, interval: 50 } },
    // Integration and browser files take turns (test/sequencer.ts).
    sequence: { sequencer: TakingTurns },
    // Render tests see a CSS Module's classes by their own names (`styles.tile` is "tile"), not hashed.
    css: { modules: { classNameStrategy: 'non-scoped' } },
    reporters: process.env.VITEST_JSON_REPORT
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]]
      : ['default'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...ROUTES, ...INTEGRATION, ...BROWSER],
          setupFiles: ['test/property-seed.ts', 'test/unit-guard.ts'],
          // The files share a worker's modules instead of loading the engines anew each: a third of the time. They
          // hold no process-wide state, so nothing leaks from one file into the next.
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'unit-routes',
          include: ROUTES,
          exclude: INTEGRATION,
          setupFiles: ['test/property-seed.ts', 'test/unit-guard.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Integration and browser files run as one group, two at a time, taking turns (test/sequencer.ts): a browser
        // file mostly waits on its app and Chromium while an integration file computes. A third at once only made
        // the run longer on two cores.
        test: {
          name: 'integration',
          include: INTEGRATION,
          setupFiles: ['test/property-seed.ts'],
          exclude: ['test/scripts/load.test.ts', ...OWN_HOST],
          // As in `unit`: Taquito, the devnet and the server load once per worker instead of once per file (a
          // third of the integration project's time).
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-own-host',
          include: OWN_HOST,
          setupFiles: ['test/property-seed.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [...BROWSER, 'test/scripts/load.test.ts'],
          setupFiles: ['test/property-seed.ts'],
          globalSetup: ['test/e2e/global-setup.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
