import { errorResponse, HostError } from '../../../server';

/** The JSON body of a request, or a HostError 400 when it is not JSON. */
export async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new HostError(400, 'MALFORMED_REQUEST', 'the request body is not JSON');
  }
}

/** Runs a handler and answers its value as JSON, or a refusal with its status and `{ error, message }`. */
export async function respond(work: () => Promise<unknown>, status = 200): Promise<Response> {
  try {
    const body = await work();
    return body === undefined ? new Response(null, { status: 204 }) : Response.json(body, { status });
  } catch (err) {
    const { status: code, body } = errorResponse(err);
    if (code === 500) console.error('[api]', err);
    return Response.json(body, { status: code });
  }
}

/** `?token=` and `?seat=` of a request (a seat that is not a whole number is a 400). */
export function seatQuery(request: Request): { token: string | undefined; seat: number | undefined } {
  const params = new URL(request.url).searchParams;
  const token = params.get('token') ?? undefined;
  const raw = params.get('seat');
  if (raw === null || raw === '') return { token, seat: undefined };
  if (!/^\d$/.test(raw)) throw new HostError(400, 'MALFORMED_REQUEST', `seat must be a seat number, not "${raw}"`);
  return { token, seat: Number(raw) };
}

export type IdParams = { params: Promise<{ id: string }> };
