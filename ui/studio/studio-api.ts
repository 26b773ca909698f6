/** The studio's browser side of the API: JSON in and out, refusals as ApiErrors carrying the server's code and message. */
import type { BalanceLabReport, LabLine, LabProgress } from '../../server/studio';
import type { UploadedImage } from '../../server/studio/uploads';
import { ApiError, apiFetch, apiResponse, jsonPost, readAnswer, refusalOf } from '../api/client';
import { imageUrl } from '../../chain/image-url';

export { ApiError as StudioApiError } from '../api/client';

/** Fetches `url` and returns its JSON body. @throws ApiError with the server's `{ error, message }` */
export function studioFetch<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  if (init.body === undefined) return apiFetch<T>(url, { method: init.method ?? 'GET' });
  return apiFetch<T>(url, { ...jsonPost(init.body), method: init.method ?? 'POST' });
}

/** Uploads a work's image file (the server checks it and keeps it and its renditions on IPFS). @throws ApiError */
export function uploadImage(file: Blob): Promise<UploadedImage> {
  return apiFetch<UploadedImage>('/api/studio/images', {
    method: 'POST',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
  });
}

export const signInHref = (next: string): string => `/signin?next=${encodeURIComponent(next)}`;

/** What to tell a person when a request failed. */
export const problem = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** A browser-loadable address for a piece's image (ipfs:// through the app's own gateway). */
export const imageSrc = (uri: string): string => imageUrl(uri) ?? uri;

/**
 * POSTs a balance lab run and reads its NDJSON answer (server/studio/lab-stream.ts): `onProgress` for each progress
 * line, the report at the end.
 * @throws ApiError with the server's code and message: a refusal before the run (its status), a failure during it
 *   (the status it carries), NO_ANSWER when the server cannot be reached or the answer breaks off before the report.
 */
export async function runLab(
  url: string,
  body: unknown,
  onProgress: (progress: LabProgress) => void,
): Promise<BalanceLabReport> {
  const res = await apiResponse(url, jsonPost(body));
  if (!res.ok || res.body === null) return readAnswer<BalanceLabReport>(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch {
      break;
    }
    if (chunk.done) break;
    buffered += chunk.value;
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const text of lines) {
      if (text.trim() === '') continue;
      let line: LabLine;
      try {
        line = JSON.parse(text) as LabLine;
      } catch {
        throw new ApiError(
          res.status,
          'BAD_ANSWER',
          'The balance lab’s answer could not be read (a line of it is not JSON).',
        );
      }
      if ('progress' in line) onProgress(line.progress);
      else if ('report' in line) return line.report;
      else throw refusalOf(line.status, '', line);
    }
  }
  throw new ApiError(
    0,
    'NO_ANSWER',
    'The answer broke off before the balance lab’s report came: it is kept with the board when the run ends; reload the page to see it.',
  );
}
