/**
 * `npm run contracts:build`: compiles contracts/*.arl with the Archetype compiler and writes the
 * committed artifacts contracts/build/<name>.tz and .json (a test checks they are up to date).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { runCli } from './lib/cli';
import { BUILD_DIR, buildContract, CONTRACT_NAMES } from './lib/contracts';

async function build(): Promise<void> {
  mkdirSync(BUILD_DIR, { recursive: true });
  for (const name of CONTRACT_NAMES) {
    const { tz, json } = await buildContract(name);
    writeFileSync(`${BUILD_DIR}${name}.tz`, tz);
    writeFileSync(`${BUILD_DIR}${name}.json`, json);
    process.stdout.write(`contracts/build/${name}.tz, .json (${tz.length} bytes of Michelson)\n`);
  }
}

await runCli({
  name: 'contracts:build',
  synopsis: 'npm run contracts:build',
  flags: {},
  notes: `Compiles ${CONTRACT_NAMES.map((name) => `contracts/${name}.arl`).join(', ')} into contracts/build/ (.tz and .json).`,
  main: build,
});
