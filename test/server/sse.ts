/** A game's Server-Sent Events read as a browser reads them, for the suites that follow a stream (host and routes). */

/** One event of the stream: its `id` and `event` fields (null when absent), its `data` lines joined. */
export interface SseFrame {
  readonly id: string | null;
  readonly event: string | null;
  readonly data: string;
}

/** The frame written as `text` (what stands between two blank lines). */
export function parseSseFrame(text: string): SseFrame {
  const lines = text.split('\n');
  const field = (name: string) => lines.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2) ?? null;
  return {
    id: field('id'),
    event: field('event'),
    data: lines
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('\n'),
  };
}

/** Every frame of a whole stream's text. */
export const sseFrames = (text: string): SseFrame[] =>
  text
    .split('\n\n')
    .filter((f) => f.trim() !== '')
    .map(parseSseFrame);

/**
 * Reads `stream` until `n` events with data have come (a chunk may split or join frames), then cancels it; their
 * data parsed. Presence's `seats` events are passed over: the suites that read this follow the chat and the updates.
 */
export async function readSseEvents(
  stream: ReadableStream<Uint8Array>,
  n: number,
): Promise<{ id: string | null; event: string | null; data: unknown }[]> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  const out: { id: string | null; event: string | null; data: unknown }[] = [];
  let buffer = '';
  while (out.length < n) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop()!;
    for (const { id, event, data } of blocks.map(parseSseFrame))
      if (data !== '' && event !== 'seats') out.push({ id, event, data: JSON.parse(data) as unknown });
  }
  await reader.cancel();
  return out;
}
