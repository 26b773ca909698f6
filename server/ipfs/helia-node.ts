/**
 * The app's own IPFS node: Helia in the server process, its blocks on disk beside the games' data (or in memory),
 * listening for other IPFS nodes over TCP and answering them with Bitswap. Only the transports and services this
 * needs are configured (TCP, Noise, Yamux, Identify): Helia's defaults would also start WebRTC, relays, the DHT and
 * dial public bootstrap nodes, none of which a node that serves its own content on a known address needs.
 */
import { withBitswap } from '@helia/bitswap';
import { withLibp2pLight } from '@helia/libp2p';
import { unixfs } from '@helia/unixfs';
import { identify } from '@libp2p/identify';
import { noise } from '@libp2p/noise';
import { tcp } from '@libp2p/tcp';
import { yamux } from '@libp2p/yamux';
import { MemoryBlockstore } from 'blockstore-core/memory';
import { FsBlockstore } from 'blockstore-fs';
import { MemoryDatastore } from 'datastore-core/memory';
import { FsDatastore } from 'datastore-fs';
import { createHeliaLight } from 'helia';
import type { CID } from 'multiformats/cid';
import { join } from 'node:path';
import { addContent } from '../../chain/ipfs/content';
import type { ContentNode } from './content-node';

export interface HeliaNodeOptions {
  /** Where blocks and the node's identity are kept (`<dir>/blocks`, `<dir>/datastore`); absent: in memory. */
  readonly dir?: string;
  /** libp2p listen addresses (default: TCP on 127.0.0.1, a free port). */
  readonly listen?: readonly string[];
}

/** Starts the node. */
export async function openHeliaNode(options: HeliaNodeOptions = {}): Promise<ContentNode> {
  const blockstore = options.dir ? new FsBlockstore(join(options.dir, 'blocks')) : new MemoryBlockstore();
  const datastore = options.dir ? new FsDatastore(join(options.dir, 'datastore')) : new MemoryDatastore();
  const helia = withBitswap(
    withLibp2pLight(createHeliaLight({ blockstore, datastore }), {
      addresses: { listen: [...(options.listen ?? ['/ip4/127.0.0.1/tcp/0'])] },
      transports: [tcp()],
      connectionEncrypters: [noise()],
      streamMuxers: [yamux()],
      services: { identify: identify() },
    }),
  );
  await helia.start();
  const files = unixfs(helia);
  return {
    // The blockstore is the node's own: what is added there is what Bitswap gives to whoever asks.
    add: (bytes) => addContent(bytes, helia.blockstore),
    async get(cid: CID) {
      if (!(await helia.blockstore.has(cid))) return null;
      const chunks: Uint8Array[] = [];
      // offline: a file whose root is here but a block is not is not fetched from the network behind the caller's back.
      for await (const chunk of files.cat(cid, { offline: true })) chunks.push(chunk);
      return Buffer.concat(chunks);
    },
    addresses: () => helia.libp2p.getMultiaddrs().map(String),
    close: async () => {
      await helia.stop();
    },
  };
}
