import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  distDir: process.env.POLE_NEXT_DIST_DIR ?? '.next',
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
