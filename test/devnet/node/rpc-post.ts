/** A POST to a node's RPC as a test sends it by hand (no Taquito): its status and its answer, parsed when JSON. */
export async function postRpc(rpcUrl: string, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const r = await fetch(rpcUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  // Octez answers a body it cannot parse with text (400), everything else with JSON.
  return {
    status: r.status,
    json: text && r.headers.get('content-type') === 'application/json' ? (JSON.parse(text) as unknown) : text,
  };
}
