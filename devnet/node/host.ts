/** The VM's view of the node's context (devnet/michelson/host.ts's `Host`). */
import { parseData } from '../michelson/data';
import { addressToString } from '../michelson/encoding';
import type { Host } from '../michelson/host';
import type { Expr, Prim } from '../michelson/micheline';
import { packKeyHex } from '../michelson/pack';
import type { LoadedScript } from '../michelson/run';
import { Address } from '../michelson/values';
import type { State } from './state';

/** Hex of PACK of a big_map key given in Micheline: how stored bindings are keyed (as the VM looks them up). */
export function bigMapKeyHex(key: Expr, keyType: Prim): string {
  const v = parseData(key, keyType, {
    compileLambda: () => {
      throw new Error('big_map keys hold no lambdas');
    },
  });
  return packKeyHex(v, keyType);
}

export function chainHost(state: State, loaded: (address: string, script: Expr[]) => LoadedScript): Host {
  return {
    contract(a) {
      const address = addressToString(new Address(a.raw, ''));
      const acc = state.accounts.get(address);
      if (!acc || acc.kind !== 'originated') return null;
      const l = loaded(address, acc.script);
      return {
        parameter: l.typed.parameter,
        storageType: l.typed.storage,
        storage: acc.storage,
        balance: acc.balance,
        script: l.typed.script,
      };
    },
    bigMapGet: (id, hex) => state.bigMaps.get(id)?.entries.get(hex)?.value ?? null,
    bigMapTypes(id) {
      const m = state.bigMaps.get(id);
      return m ? { keyType: m.keyType, valueType: m.valueType } : null;
    },
    bigMapEntries: (id) =>
      [...(state.bigMaps.get(id)?.entries.values() ?? [])].map((e) => ({ key: e.key, value: e.value })),
    nextBigMapId: () => state.nextBigMapId,
    votingPower(k) {
      const pkh = addressToString(new Address(Uint8Array.of(0, ...k.raw), ''));
      return state.delegates.has(pkh) ? (state.accounts.get(pkh)?.balance ?? 0n) : 0n;
    },
    totalVotingPower() {
      let total = 0n;
      for (const d of state.delegates) total += state.accounts.get(d)?.balance ?? 0n;
      return total;
    },
    addressIndex(a, create) {
      const k = Buffer.from(a.raw).toString('hex');
      const found = state.addressIndex.get(k);
      if (found !== undefined || !create) return found ?? null;
      const id = BigInt(state.addressIndex.size);
      state.addressIndex.set(k, id);
      return id;
    },
  };
}
