/**
 * Compiles the Archetype sources under contracts/ into the committed artifacts: Michelson text
 * (`contracts/build/<name>.tz`) and Micheline JSON (`<name>.json`, parsed from that text by
 * Taquito's michel-codec so it matches what Taquito would send).
 */
import { compile } from '@completium/archetype';
import { Parser } from '@taquito/michel-codec';
import { fileURLToPath } from 'node:url';

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

export function buildContract(name: ContractName): Artifact {
  const tz = `${(compile(`${CONTRACTS_DIR}${name}.arl`, { target: 'michelson' }) as string).trim()}\n`;
  const script = new Parser().parseScript(tz);
  if (script === null) throw new Error(`${name}: the compiler produced no Michelson`);
  return { name, tz, json: `${JSON.stringify(script, null, 2)}\n` };
}
