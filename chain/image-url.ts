/**
 * A URL a browser can load for a metadata URI: http(s) and data: as they are, ipfs:// through the app's own gateway
 * (`/ipfs/<cid>`, which serves what the app's node holds and sends anything else on to a public gateway); null for
 * anything else. Dependency-free, so every board tile can use it without pulling the indexer client in.
 */
export function imageUrl(uri: string | null | undefined): string | null {
  if (!uri) return null;
  if (/^https?:\/\/\S+$/i.test(uri) || /^data:/i.test(uri)) return uri;
  const ipfs = /^ipfs:\/\/(\S+)$/i.exec(uri);
  return ipfs ? `/ipfs/${ipfs[1]!.replace(/^ipfs\//, '')}` : null;
}
