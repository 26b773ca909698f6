import { respond } from './respond';

/** `respond`, plus the Set-Cookie header `work` asks for (null: none); a refused request sets no cookie. */
export async function respondWithCookie(
  work: () => Promise<{ body: unknown; cookie: string | null }>,
): Promise<Response> {
  let cookie: string | null = null;
  const response = await respond(async () => {
    const done = await work();
    cookie = done.cookie;
    return done.body;
  });
  if (cookie !== null) response.headers.append('set-cookie', cookie);
  return response;
}
