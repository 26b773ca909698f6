/**
 * The app's IPFS node, as the rest of the server sees it: it holds content by CID (what the app mints points to),
 * gives it back, and provides it to the IPFS network. One implementation runs Helia in this process
 * (`helia-node.ts`); an operator may point the app at a kubo node instead (`kubo-node.ts`).
 */
import type { CID } from 'multiformats/cid';

export interface ContentNode {
  /** Adds `bytes` as a UnixFS file (chain/ipfs/content.ts's profile) and keeps it; returns its CID. */
  add(bytes: Uint8Array): Promise<CID>;
  /** The bytes of a file this node holds, or null when it holds none by that CID (nothing is fetched). */
  get(cid: CID): Promise<Uint8Array | null>;
  /** Where other IPFS nodes reach this one (libp2p multiaddrs, with its peer id); empty when it is not listening. */
  addresses(): string[];
  close(): Promise<void>;
}
