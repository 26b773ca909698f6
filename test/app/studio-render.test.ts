/**
 * What the studio and the board show of a work's provenance, rendered with react-dom/server: the piece
 * card names the creators and links the token it was featured from, a tile's tooltip and the focus card carry
 * the same, and a text field past its limit says so instead of being cut.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parseBoard, type ArtistTile } from '../../engine/pole';
import { artistTileTitle, TileProvenance } from '../../ui/pole/tile-provenance';
import { CharCount } from '../../ui/studio/char-count';
import { PieceCard } from '../../ui/studio/piece-card';
import type { Piece } from '../../server/studio';

const RAFA = 'tz1VSUr8wwNhLAzempoch5d6hLRiTh8Cjcjb';
const MIO = 'tz1aSkwEot3L2kmUvcoxzjMomb9mvBNuzFK6';
const KT = 'KT1BEqzn5Wx8uJrZNvuS9DVHmLvG9td3fDLi';

const piece: Piece = {
  id: 'p1',
  artist: MIO,
  creators: [RAFA, MIO],
  title: 'Sunfold',
  artistName: 'Rafa Quintero',
  source: { contract: KT, tokenId: '11' },
  editionSize: 3,
  price: 120,
  multiplier: 2,
  createdAt: '2026-12-01T00:00:00.000Z',
};

const tile = parseBoard({
  id: 'b',
  name: 'B',
  tiles: [
    { kind: 'go', id: 'go', name: 'Start' },
    {
      kind: 'artist',
      id: 'sunfold',
      artist: 'Rafa Quintero',
      title: 'Sunfold',
      price: 120,
      multiplier: 2,
      editionSize: 3,
      creators: [RAFA, MIO],
      origin: { contract: KT, tokenId: '11' },
    },
    { kind: 'event', id: 'e1', name: 'E1', text: 'x', effect: { kind: 'none' } },
    { kind: 'event', id: 'e2', name: 'E2', text: 'x', effect: { kind: 'none' } },
  ],
}).tiles[1] as ArtistTile;

describe('provenance on the piece card and the board', () => {
  it('the piece card names the artist, the creators and the original token, linking to its page', () => {
    const out = renderToStaticMarkup(createElement(PieceCard, { piece }));
    expect(out).toContain('Rafa Quintero');
    expect(out).toContain(`data-testid="piece-creators">Creators <span title="${RAFA}">tz1VSU…jcjb</span>`);
    expect(out).toContain(`<span title="${MIO}">, tz1aSk…zFK6</span>`);
    expect(out).toContain(`Featured from <a href="/token/${KT}/11" title="${KT}/11">KT1BEq…fDLi/11</a>`);
  });

  it('a tile’s tooltip and the focus card carry its creators and original token', () => {
    expect(artistTileTitle(tile)).toBe(`Sunfold — Rafa Quintero\nCreators: ${RAFA}, ${MIO}\nFeatured from ${KT}/11`);
    const out = renderToStaticMarkup(createElement(TileProvenance, { tile }));
    expect(out).toContain(`featured from <a href="/token/${KT}/11"`);
    const plain = { ...tile, creators: undefined, origin: undefined };
    expect(renderToStaticMarkup(createElement(TileProvenance, { tile: plain }))).toBe('');
    expect(artistTileTitle(plain)).toBe('Sunfold — Rafa Quintero');
  });
});

describe('text limits', () => {
  it('counts against the limit and says by how much a field is over, never cutting it', () => {
    expect(renderToStaticMarkup(createElement(CharCount, { id: 'c', value: 'x'.repeat(4980), max: 5000 }))).toBe(
      '<p id="c" class="charCount" aria-live="polite">4,980 / 5,000</p>',
    );
    const over = renderToStaticMarkup(createElement(CharCount, { id: 'c', value: 'x'.repeat(5012), max: 5000 }));
    expect(over).toContain('class="charCount isOver"');
    expect(over).toContain('5,012 / 5,000 — 12 too many: shorten it');
  });
});
