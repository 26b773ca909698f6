/**
 * Issue 19: the seed during play and after. While the game runs the page shows the seed's commitment and says the
 * seed comes at the end (the seed fixes every roll and draw); once it is over, the seed beside the commitment and
 * whether they match, checked in the browser.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeedFacts } from '../../ui/play/seed-facts';

const SEED = '3f9c2a7e5b1d4c8a9e0f6b2d7a4c1e35';
const COMMITMENT = bytesToHex(sha256(utf8ToBytes(`tezos-pole seed commitment:${SEED}`)));
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('the seed facts under the table', () => {
  it('during play: the commitment, and that the seed is revealed when the game ends, never the seed', () => {
    const html = renderToStaticMarkup(createElement(SeedFacts, { commitment: COMMITMENT, seed: null }));
    expect(text(html)).toContain(COMMITMENT);
    expect(text(html)).toContain('The seed is revealed when the game ends');
    expect(html).not.toContain(SEED);
  });

  it('once over: the seed beside the commitment, and that it matches', () => {
    const html = text(renderToStaticMarkup(createElement(SeedFacts, { commitment: COMMITMENT, seed: SEED })));
    expect(html).toContain(COMMITMENT);
    expect(html).toContain(`Seed: ${SEED}`);
    expect(html).toContain('it matches the commitment shown during the game');
  });

  it('says so when a revealed seed does not match its commitment', () => {
    const html = text(renderToStaticMarkup(createElement(SeedFacts, { commitment: COMMITMENT, seed: 'another seed' })));
    expect(html).toContain('it does not match the commitment');
    expect(html).not.toContain('it matches');
  });
});
