import type { NextConfig } from 'next';
import { securityHeaders } from './server/http/security-headers';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The game server's databases load at run time from node_modules: PGlite reads its WASM and data files beside its
  // own module, and pg has optional native parts the bundler must not chase.
  // Helia, libp2p and sharp run as Node installed them (native sharp binaries, libp2p's many ESM modules).
  serverExternalPackages: [
    '@electric-sql/pglite',
    'pg',
    'helia',
    '@helia/bitswap',
    '@helia/libp2p',
    '@helia/unixfs',
    'libp2p',
    '@libp2p/identify',
    '@libp2p/noise',
    '@libp2p/tcp',
    '@libp2p/yamux',
    'blockstore-core',
    'blockstore-fs',
    'datastore-core',
    'datastore-fs',
    'ipfs-unixfs-importer',
    'multiformats',
    'sharp',
  ],
  // The test run builds right after `npm test` type-checked the whole tree; a second pass would only cost time.
  typescript: { ignoreBuildErrors: process.env.POLE_BUILD_TYPECHECKED === '1' },
  // Set once here for every route; computed when the app is built.
  headers: async () => [{ source: '/:path*', headers: securityHeaders() }],
};

export default nextConfig;
