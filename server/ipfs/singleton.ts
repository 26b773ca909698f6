import { openHeliaNode } from './helia-node';
import type { ContentNode } from './content-node';
import { ipfsSettingsFromEnv, type IpfsSettings } from './settings';

// One node per process, whatever Next re-evaluates: it owns a folder and a listening port.
const KEY = Symbol.for('tezos-pole.ipfs-node');
type Registry = { [KEY]?: Promise<ContentNode> };

/** The process's IPFS node, as the environment configures it (settings.ts). */
export function getContentNode(settings: IpfsSettings = ipfsSettingsFromEnv(process.env)): Promise<ContentNode> {
  const registry = globalThis as Registry;
  let node = registry[KEY];
  if (!node) {
    node = openHeliaNode({ ...(settings.dir ? { dir: settings.dir } : {}), listen: settings.listen });
    node.catch(() => {
      if (registry[KEY] === node) delete registry[KEY];
    });
    registry[KEY] = node;
  }
  return node;
}
