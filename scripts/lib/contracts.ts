/**
 * Compiles the Archetype sources under contracts/ into the committed artifacts: Michelson text
 * (`contracts/build/<name>.tz`) and Micheline JSON (`<name>.json`, parsed from that text by
 * Taquito's michel-codec so it matches what Taquito would send).
 */
import { Parser } from '@taquito/michel-codec';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

export const CONTRACTS_DIR = fileURLToPath(new URL('../../contracts/', import.meta.url));
export const BUILD_DIR = `${CONTRACTS_DIR}build/`;

/** Contracts built from contracts/<name>.arl. */
export const CONTRACT_NAMES = ['fa2-editions'] as const;
export type ContractName = (typeof CONTRACT_NAMES)[number];

export interface Artifact {
  name: ContractName;
  /** Michelson source text, newline-terminated. */
  tz: string;
  /** Micheline JSON text, newline-terminated. */
  json: string;
}

const ARCHETYPE = createRequire(import.meta.url).resolve('@completium/archetype');
const COMPILE_IN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { compile } = require(workerData.archetype);
parentPort.postMessage(String(compile(workerData.source, { target: 'michelson' })));
`;

/**
 * The Archetype compiler's Michelson for `source`. It recurses deeply (js_of_ocaml) and overflows the main
 * thread's stack on the editions contract under a loader such as tsx's: it runs in a worker with a large stack.
 */
function compileArchetype(source: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COMPILE_IN_WORKER, {
      eval: true,
      workerData: { archetype: ARCHETYPE, source },
      resourceLimits: { stackSizeMb: 64 },
    });
    worker.once('message', (tz: string) => resolve(tz));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(new Error(`the Archetype compiler stopped (exit ${code}) before it produced Michelson for ${source}`)),
    );
  });
}

export async function buildContract(name: ContractName): Promise<Artifact> {
  const tz = `${(await compileArchetype(`${CONTRACTS_DIR}${name}.arl`)).trim()}\n`;
  const script = new Parser().parseScript(tz);
  if (script === null) throw new Error(`${name}: the compiler produced no Michelson`);
  return { name, tz, json: `${JSON.stringify(script, null, 2)}\n` };
}
