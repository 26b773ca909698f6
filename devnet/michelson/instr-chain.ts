/**
 * Instructions that look outside the stack: the transaction and block context, contracts and
 * entrypoints, internal operations (transactions, originations, delegations, events), on-chain
 * views, tickets, PACK/UNPACK, hashing and signatures.
 */
import { blake2b160, blake2b256, checkSignature, hashKey, keccak256, sha256, sha3_256, sha512 } from './crypto';
import { pairingCheck } from './bls';
import { compareValues } from './data';
import { implicitAddress, originatedAddress } from './encoding';
import { findEntrypoint } from './entrypoints';
import { unsupported } from './errors';
import { cost } from './gas';
import { sameDestination, type Host } from './host';
import type { Compiler, Instr, RunContext } from './interpreter';
import { callView } from './views';
import { pop, replacesTop } from './interpreter';
import { arg, isPrim, type Expr, type Prim } from './micheline';
import { pack, unpack } from './pack';
import { typecheckScript } from './typecheck';
import {
  Address,
  ContractRef,
  G1,
  G2,
  KeyHash,
  Operation,
  Pair,
  Some,
  Ticket,
  type OperationKind,
  type PublicKey,
  type Signature,
  type Value,
} from './values';
import { sameType } from './interpreter';

const fieldAnnot = (p: Prim): string => p.annots?.find((a) => a.startsWith('%'))?.slice(1) ?? '';

function push(g: number, get: (x: RunContext) => Value): Instr {
  return (s, x) => {
    x.gas.consume(g);
    s.push(get(x));
  };
}

/** The instructions that push a fact of the transaction, the block or the chain, each at a constant cost. */
const CONTEXT = new Map<string, Instr>([
  ['AMOUNT', push(cost.amount(), (x) => x.env.amount)],
  ['BALANCE', push(cost.balance(), (x) => x.env.balance)],
  ['SENDER', push(cost.sender(), (x) => x.env.sender)],
  ['SOURCE', push(cost.source(), (x) => x.env.source)],
  ['SELF_ADDRESS', push(cost.selfAddress(), (x) => x.env.self)],
  ['NOW', push(cost.now(), (x) => x.env.now)],
  ['LEVEL', push(cost.level(), (x) => x.env.level)],
  ['CHAIN_ID', push(cost.chainId(), (x) => x.env.chainId)],
  ['MIN_BLOCK_TIME', push(cost.minBlockTime(), (x) => x.env.minBlockTime)],
  ['TOTAL_VOTING_POWER', push(cost.totalVotingPower(), (x) => x.host.totalVotingPower())],
]);

function hashing(charge: (n: number) => number, f: (b: Uint8Array) => Uint8Array): Instr {
  return (s, x) => {
    const b = pop(s) as Uint8Array;
    x.gas.consume(charge(b.length));
    s.push(f(b));
  };
}

export function compileChain(p: Prim, t: readonly Prim[], c: Compiler): Instr | undefined {
  const context = CONTEXT.get(p.prim);
  if (context) return context;
  switch (p.prim) {
    case 'VOTING_POWER':
      return (s, x) => {
        x.gas.consume(cost.votingPower());
        s.push(x.host.votingPower(pop(s) as KeyHash));
      };
    case 'SELF':
      return compileSelf(p, c);
    case 'ADDRESS':
      return replacesTop(cost.address(), (v) => (v as ContractRef).address);
    case 'CONTRACT':
      return compileContract(p);
    case 'IMPLICIT_ACCOUNT':
      return replacesTop(
        cost.implicitAccount(),
        (v) => new ContractRef(implicitAddress(v as KeyHash), { prim: 'unit' }),
      );
    case 'IS_IMPLICIT_ACCOUNT':
      return replacesTop(cost.isImplicitAccount(), (v) => {
        const a = v as Address;
        return a.raw[0] === 0 ? new Some(new KeyHash(a.raw.slice(1))) : null;
      });
    case 'INDEX_ADDRESS':
      return (s, x) => {
        x.gas.consume(cost.indexAddress());
        s.push(x.host.addressIndex(pop(s) as Address, true));
      };
    case 'GET_ADDRESS_INDEX':
      return (s, x) => {
        x.gas.consume(cost.getAddressIndex());
        const i = x.host.addressIndex(pop(s) as Address, false);
        s.push(i === null ? null : new Some(i));
      };
    case 'TRANSFER_TOKENS':
      return (s, x) => {
        x.gas.consume(cost.transferTokens());
        const parameter = pop(s);
        const amount = pop(s) as bigint;
        const to = pop(s) as ContractRef;
        s.push(
          operation(x, {
            kind: 'transaction',
            amount,
            destination: to.address,
            parameter,
            parameterType: to.paramType,
          }),
        );
      };
    case 'SET_DELEGATE':
      return (s, x) => {
        x.gas.consume(cost.setDelegate());
        const d = pop(s) as Some | null;
        s.push(operation(x, { kind: 'delegation', delegate: d === null ? null : (d.value as KeyHash) }));
      };
    case 'CREATE_CONTRACT':
      return compileCreateContract(p, t);
    case 'EMIT': {
      const payloadType = (p.args?.[0] as Prim | undefined) ?? t[0]!;
      const tag = fieldAnnot(p);
      return (s, x) => {
        x.gas.consume(cost.emit());
        s.push(operation(x, { kind: 'event', tag, payloadType, payload: pop(s) }));
      };
    }
    case 'VIEW': {
      const name = (arg(p, 0) as { string: string }).string;
      const output = arg(p, 1) as Prim;
      const input = t[0]!;
      return (s, x) => {
        x.gas.consume(cost.view());
        const v = pop(s);
        const addr = pop(s) as Address;
        s.push(callView(x, addr, name, input, output, v));
      };
    }
    case 'TICKET': {
      const contentsType = t[0]!;
      return (s, x) => {
        x.gas.consume(cost.ticket());
        const contents = pop(s);
        const amount = pop(s) as bigint;
        s.push(amount === 0n ? null : new Some(new Ticket(x.env.self, contentsType, contents, amount)));
      };
    }
    case 'READ_TICKET':
      return (s, x) => {
        x.gas.consume(cost.readTicket());
        const tk = s[s.length - 1] as Ticket;
        s.push(new Pair(tk.ticketer, new Pair(tk.contents, tk.amount)));
      };
    case 'SPLIT_TICKET':
      return (s, x) => {
        const tk = pop(s) as Ticket;
        const amounts = pop(s) as Pair;
        const a = amounts.fst as bigint;
        const b = amounts.snd as bigint;
        x.gas.consume(cost.splitTicket(a, b));
        if (a === 0n || b === 0n || a + b !== tk.amount) s.push(null);
        else
          s.push(
            new Some(
              new Pair(
                new Ticket(tk.ticketer, tk.contentsType, tk.contents, a),
                new Ticket(tk.ticketer, tk.contentsType, tk.contents, b),
              ),
            ),
          );
      };
    case 'JOIN_TICKETS':
      return (s, x) => {
        const pr = pop(s) as Pair;
        const a = pr.fst as Ticket;
        const b = pr.snd as Ticket;
        x.gas.consume(cost.joinTickets(a.contents, b.contents, a.amount, b.amount));
        const same = sameDestination(a.ticketer, b.ticketer) && compareValues(a.contents, b.contents) === 0;
        s.push(same ? new Some(new Ticket(a.ticketer, a.contentsType, a.contents, a.amount + b.amount)) : null);
      };
    case 'PACK': {
      const ty = t[0]!;
      return (s, x) => {
        const v = pop(s);
        const b = pack(v, ty);
        x.gas.consume(cost.pack() + cost.unparseDataCycle() * Math.ceil(b.length / 4));
        s.push(b);
      };
    }
    case 'UNPACK': {
      const ty = arg(p, 0) as Prim;
      return (s, x) => {
        const b = pop(s) as Uint8Array;
        x.gas.consume(cost.unpack(b.length));
        // unpack answers Some v or None itself: a bare null could not tell None from a failed read.
        s.push(unpack(b, ty, x.compiler));
      };
    }
    case 'BLAKE2B':
      return hashing(cost.blake2b, blake2b256);
    case 'SHA256':
      return hashing(cost.sha256, sha256);
    case 'SHA512':
      return hashing(cost.sha512, sha512);
    case 'SHA3':
      return hashing(cost.sha3, sha3_256);
    case 'KECCAK':
      return hashing(cost.keccak, keccak256);
    case 'HASH_KEY':
      return (s, x) => {
        const k = pop(s) as PublicKey;
        x.gas.consume(cost.hashKey());
        s.push(hashKey(k));
      };
    case 'CHECK_SIGNATURE':
      return (s, x) => {
        const k = pop(s) as PublicKey;
        const sig = pop(s) as Signature;
        const msg = pop(s) as Uint8Array;
        x.gas.consume(cost.checkSignature(k, msg.length));
        s.push(checkSignature(k, sig, msg));
      };
    case 'PAIRING_CHECK':
      return (s, x) => {
        const l = pop(s) as readonly Pair[];
        x.gas.consume(cost.pairingCheck(l.length));
        s.push(pairingCheck(l.map((pr) => [pr.fst as G1, pr.snd as G2] as [G1, G2])));
      };
    case 'SAPLING_EMPTY_STATE':
    case 'SAPLING_VERIFY_UPDATE':
      return () => {
        throw unsupported(p.prim, 'Sapling shielded transactions are not implemented by this devnet');
      };
    case 'OPEN_CHEST':
      return () => {
        throw unsupported(p.prim, 'timelock chests are not implemented by this devnet');
      };
    default:
      return undefined;
  }
}

function operation(x: RunContext, op: OperationKind): Operation {
  return new Operation(op, x.env.self, x.counter.nonce++);
}

function compileSelf(p: Prim, c: Compiler): Instr {
  const script = c.contract ?? [];
  const param = script.find((e): e is Prim => isPrim(e) && e.prim === 'parameter')?.args?.[0] as Prim;
  const ep = fieldAnnot(p);
  const entry = findEntrypoint(param, ep);
  const type = entry?.type ?? param;
  const name = ep === 'default' ? '' : ep;
  return (s, x) => {
    x.gas.consume(cost.self());
    s.push(new ContractRef(new Address(x.env.self.raw, name), type));
  };
}

/** CONTRACT %ep ty: Some when the address holds a contract whose entrypoint takes exactly `ty`. */
function compileContract(p: Prim): Instr {
  const expected = arg(p, 0) as Prim;
  const instrEp = fieldAnnot(p);
  return (s, x) => {
    x.gas.consume(cost.contract());
    const a = pop(s) as Address;
    const found = resolveContract(x.host, a, instrEp, expected);
    s.push(found === null ? null : new Some(found));
  };
}

/** The contract an address designates at type `expected`, with CONTRACT's entrypoint rules; null when there is none. */
export function resolveContract(host: Host, a: Address, instrEp: string, expected: Prim): ContractRef | null {
  const addrEp = a.entrypoint;
  // An entrypoint may be named by the address or by the instruction, not both.
  if (addrEp !== '' && instrEp !== '' && instrEp !== 'default') return null;
  const ep = addrEp !== '' ? addrEp : instrEp === 'default' ? '' : instrEp;
  const target = new Address(a.raw, ep);
  if (a.raw[0] === 0) {
    // Implicit accounts take unit (default entrypoint) or tickets.
    if (ep !== '') return null;
    if (expected.prim === 'unit' || expected.prim === 'ticket') return new ContractRef(target, expected);
    return null;
  }
  const info = host.contract(a);
  if (!info) return null;
  const entry = findEntrypoint(info.parameter, ep);
  if (!entry || !sameType(entry.type, expected)) return null;
  return new ContractRef(target, expected);
}

function compileCreateContract(p: Prim, t: readonly Prim[]): Instr {
  const script = arg(p, 0) as Expr[];
  const typed = typecheckScript(script);
  const storageType = t[2]!;
  return (s, x) => {
    x.gas.consume(cost.createContract());
    const delegate = pop(s) as Some | null;
    const balance = pop(s) as bigint;
    const storage = pop(s);
    const index = x.counter.originations++;
    const seed = new Uint8Array(36);
    seed.set(x.env.operationHash, 0);
    new DataView(seed.buffer).setInt32(32, index);
    const address = originatedAddress(blake2b160(seed));
    // The new contract's address goes under the origination operation.
    s.push(address);
    s.push(
      operation(x, {
        kind: 'origination',
        delegate: delegate === null ? null : (delegate.value as KeyHash),
        balance,
        address,
        script: { code: script, storageType, parameterType: typed.parameter },
        storage,
      }),
    );
  };
}
