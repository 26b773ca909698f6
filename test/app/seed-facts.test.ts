/**
 * The seed during play and after. While the game runs the page shows the seed's commitment and says the
 * seed comes at the end (the seed fixes every roll and draw); once it is over, the seed beside the commitment and
 * whether they match, checked in the browser. Above them, the game's mode — provably fair (and whether
 * this browser's links are in the seat's rolls) or a plain seed the host knows.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeedFacts, type SeedMode } from '../../ui/play/seed-facts';

const SEED = '3f9c2a7e5b1d4c8a9e0f6b2d7a4c1e35';
const COMMITMENT = bytesToHex(sha256(utf8ToBytes(`tezos-pole seed commitment:${SEED}`)));
const text = (html: string) => html.replace(/<[^>]+>/g, '');
const PLAIN: SeedMode = { fair: false };
const facts = (seed: string | null, mode: SeedMode = PLAIN) =>
  renderToStaticMarkup(createElement(SeedFacts, { commitment: COMMITMENT, seed, mode }));

describe('the seed facts under the table', () => {
  it('during play: the commitment, and that the seed is revealed when the game ends, never the seed', () => {
    const html = facts(null);
    expect(text(html)).toContain(COMMITMENT);
    expect(text(html)).toContain('The seed is revealed when the game ends');
    expect(html).not.toContain(SEED);
  });

  it('once over: the seed beside the commitment, and that it matches', () => {
    const html = text(facts(SEED));
    expect(html).toContain(COMMITMENT);
    expect(html).toContain(`Seed: ${SEED}`);
    expect(html).toContain('it matches the commitment shown during the game');
  });

  it('says so when a revealed seed does not match its commitment', () => {
    const html = text(facts('another seed'));
    expect(html).toContain('it does not match the commitment');
    expect(html).not.toContain('it matches');
  });

  it('a plain-seed game says the host knows every roll', () => {
    const html = text(facts(null));
    expect(html).toContain(
      'Plain seed: the host knows every roll (a hot-seat or bot game, or a seed its creator typed)',
    );
    expect(html).not.toContain('Provably fair');
  });

  it('a provably fair game says so from the first move, with the commitment', () => {
    const html = text(facts(null, { fair: true, chain: null }));
    expect(html).toContain('Provably fair: the server committed to its seed before the first move');
    expect(html).toContain(COMMITMENT);
    expect(html).not.toContain('Plain seed');
    // A spectator has no links of its own to count.
    expect(html).not.toContain('your browser');
  });

  it("tells the seat how many of its browser's links its rolls mixed in", () => {
    expect(text(facts(null, { fair: true, chain: { kind: 'held', given: 7 } }))).toContain(
      'Your rolls mix in your browser’s links: 7 given.',
    );
  });

  it('tells the seat when this browser holds no chain for it, or is still registering one', () => {
    expect(text(facts(null, { fair: true, chain: { kind: 'absent' } }))).toContain(
      'This browser holds no chain for your seat: your rolls are the host’s alone.',
    );
    expect(text(facts(null, { fair: true, chain: { kind: 'registering' } }))).toContain(
      'until the server has it, your rolls are the host’s alone',
    );
  });
});
