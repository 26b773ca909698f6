/**
 * The editions contract's argument types, read from its committed build, and Taquito's encoder for each: a call's or
 * a view's Micheline is written from named fields by the same code Taquito's `methodsObject` uses (Michelson's map
 * key order, `or` and `option` encodings), never assembled by hand.
 */
import { contractEntryPoints, type MichelsonType } from '@taquito/michel-codec';
// Not re-exported by @taquito/taquito: the encoder behind its contract abstraction, used here without one (the
// builders make calls for a contract they never fetch).
import { ParameterSchema } from '@taquito/michelson-encoder';
import type { MichelsonV1Expression } from '@taquito/rpc';
import { fa2EditionsCode } from '../contracts';

interface Schemas {
  readonly entrypoints: ReadonlyMap<string, ParameterSchema>;
  readonly views: ReadonlyMap<string, ParameterSchema>;
}

let schemas: Schemas | undefined;

/** Read once, when a first call is built: the build is a file on the server. */
function schemasOfBuild(): Schemas {
  const sections = fa2EditionsCode() as { prim: string; args: MichelsonV1Expression[] }[];
  const parameter = sections.find((s) => s.prim === 'parameter')!.args[0]!;
  return {
    entrypoints: new Map(
      contractEntryPoints(parameter as MichelsonType).map(([name, type]) => [
        name.replace(/^%/, ''),
        new ParameterSchema(type as MichelsonV1Expression),
      ]),
    ),
    views: new Map(
      sections
        .filter((s) => s.prim === 'view')
        .map((s) => [(s.args[0] as { string: string }).string, new ParameterSchema(s.args[1]!)]),
    ),
  };
}

function schema(kind: keyof Schemas, name: string): ParameterSchema {
  schemas ??= schemasOfBuild();
  const found = schemas[kind].get(name);
  if (!found) throw new Error(`the editions contract has no ${kind === 'views' ? 'view' : 'entrypoint'} ${name}`);
  return found;
}

/** The Micheline of entrypoint `name`'s argument, from its fields as the contract names them. */
export const encodeEntrypoint = (name: string, value: unknown): MichelsonV1Expression =>
  schema('entrypoints', name).EncodeObject(value) as MichelsonV1Expression;

/** The Micheline of view `name`'s input (a tuple's fields by position: `{ 0: …, 1: … }`). */
export const encodeViewInput = (name: string, value: unknown): MichelsonV1Expression =>
  schema('views', name).EncodeObject(value) as MichelsonV1Expression;
