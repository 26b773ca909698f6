import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Not found' };

/**
 * What a page that names nothing there is answers, with HTTP 404 (Next's `notFound()`): an unknown game, a token
 * never minted, an operation or block the indexer does not know, an id that is not one.
 */
export default function NotFound() {
  return (
    <section aria-labelledby="not-found-heading" data-testid="not-found">
      <h1 id="not-found-heading">Nothing here</h1>
      <p>
        This address names no game, token, operation, block or account that this server or its indexer knows: the link
        may be mistyped, or what it names may not exist yet (an operation not yet in a block, a token not yet minted).
      </p>
      <p>
        <a href="/">Back to the games</a>
      </p>
    </section>
  );
}
