import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The artwork of a tile, one source for everything that shows it: the board, the token's
 * `artifactUri`, the collection and token pages. A tile whose work has an image (the artist's own) uses it; any
 * other tile gets a small abstract composition drawn from SHA-256 of its id — the same picture on every machine,
 * never a copied work — and that generated SVG is itself what the tile's token carries on-chain, so a collector
 * holds the picture they saw on the board. Pure and dependency-light: the browser bundle imports it too.
 */

export type ArtShape =
  | {
      readonly kind: 'rect';
      readonly x: number;
      readonly y: number;
      readonly w: number;
      readonly h: number;
      readonly fill: string;
      readonly opacity?: number;
      readonly rx?: number;
    }
  | {
      readonly kind: 'circle';
      readonly cx: number;
      readonly cy: number;
      readonly r: number;
      readonly fill: string;
      readonly opacity?: number;
      readonly stroke?: string;
      readonly strokeWidth?: number;
    }
  | {
      readonly kind: 'path';
      readonly d: string;
      readonly fill: string;
      readonly opacity?: number;
      readonly stroke?: string;
      readonly strokeWidth?: number;
    };

export interface Artwork {
  /** Which family of composition was drawn (for tests and alt text). */
  readonly style: 'horizon' | 'bauhaus' | 'orbits' | 'waves' | 'blooms' | 'blocks';
  /** Top and bottom colour of the background gradient. */
  readonly background: readonly [string, string];
  readonly shapes: readonly ArtShape[];
  /** The dominant colour, for frames and placeholders. */
  readonly accent: string;
}

/** Hand-picked palettes (background, background 2, then three or four accents). */
const PALETTES: readonly (readonly string[])[] = [
  ['#1b2a49', '#465881', '#f6c667', '#ec8f6a', '#ef4b4b', '#f4f1de'],
  ['#f4f1de', '#e9e4cf', '#e07a5f', '#3d405b', '#81b29a', '#f2cc8f'],
  ['#0b132b', '#1c2541', '#5bc0be', '#6fffe9', '#3a506b', '#f7f7ff'],
  ['#fff8e7', '#f3e3c3', '#d7263d', '#1b998b', '#2e294e', '#f46036'],
  ['#231942', '#5e548e', '#9f86c0', '#be95c4', '#e0b1cb', '#fcd5ce'],
  ['#f1faee', '#dbe9e4', '#e63946', '#457b9d', '#1d3557', '#a8dadc'],
  ['#2b2d42', '#3d405b', '#ef233c', '#edf2f4', '#8d99ae', '#ffb703'],
  ['#fefae0', '#f0ead2', '#283618', '#606c38', '#dda15e', '#bc6c25'],
  ['#03071e', '#370617', '#d00000', '#f48c06', '#ffba08', '#faa307'],
  ['#e8f1f2', '#cfe0e3', '#247ba0', '#f25f5c', '#ffe066', '#50514f'],
  ['#14213d', '#1f3057', '#fca311', '#e5e5e5', '#ffffff', '#9bb1d4'],
  ['#fdf0d5', '#f5dfb5', '#780000', '#c1121f', '#003049', '#669bbc'],
];

const STYLES: readonly Artwork['style'][] = ['horizon', 'bauhaus', 'orbits', 'waves', 'blooms', 'blocks'];

/** A reader over the digest: each call takes the next byte (cycling) and scales it. */
function byteStream(bytes: Uint8Array) {
  let i = 0;
  const byte = () => bytes[i++ % bytes.length]!;
  return {
    unit: () => byte() / 255,
    int: (n: number) => byte() % n,
    range: (lo: number, hi: number) => Math.round((lo + (byte() / 255) * (hi - lo)) * 10) / 10,
    pick: <T>(items: readonly T[]): T => items[byte() % items.length]!,
  };
}

/** The generated artwork of a tile id (deterministic). */
export function artworkFor(id: string): Artwork {
  const digest = sha256(utf8ToBytes(`tezos-pole-art/${id}`));
  const r = byteStream(digest);
  const style = STYLES[digest[0]! % STYLES.length]!;
  const palette = PALETTES[digest[1]! % PALETTES.length]!;
  r.unit();
  r.unit();
  const [bg0, bg1, ...inks] = palette as [string, string, ...string[]];
  const ink = () => r.pick(inks);
  const shapes: ArtShape[] = [];

  switch (style) {
    case 'horizon': {
      shapes.push({
        kind: 'circle',
        cx: r.range(25, 75),
        cy: r.range(22, 45),
        r: r.range(10, 20),
        fill: inks[0]!,
        opacity: 0.95,
      });
      const layers = 3 + r.int(2);
      for (let k = 0; k < layers; k++) {
        const base = 50 + k * (45 / layers);
        let d = `M0 ${base}`;
        for (let x = 0; x <= 100; x += 20) d += ` L${x} ${Math.round((base - r.range(0, 18 - k * 3)) * 10) / 10}`;
        d += ' L100 100 L0 100 Z';
        shapes.push({ kind: 'path', d, fill: inks[(k + 1) % inks.length]!, opacity: 0.75 + k * 0.08 });
      }
      break;
    }
    case 'bauhaus': {
      const n = 3;
      const s = 100 / n;
      for (let row = 0; row < n; row++) {
        for (let col = 0; col < n; col++) {
          const x = col * s;
          const y = row * s;
          const fill = ink();
          const motif = r.int(5);
          if (motif === 0) shapes.push({ kind: 'circle', cx: x + s / 2, cy: y + s / 2, r: s * 0.42, fill });
          else if (motif === 1)
            shapes.push({ kind: 'rect', x: x + s * 0.12, y: y + s * 0.12, w: s * 0.76, h: s * 0.76, fill });
          else if (motif === 2) {
            const corner = r.int(4);
            const cx = corner % 2 === 0 ? x : x + s;
            const cy = corner < 2 ? y : y + s;
            const sx = cx === x ? 1 : -1;
            const sy = cy === y ? 1 : -1;
            shapes.push({
              kind: 'path',
              d: `M${cx} ${cy} L${cx + sx * s} ${cy} A${s} ${s} 0 0 ${sx * sy > 0 ? 1 : 0} ${cx} ${cy + sy * s} Z`,
              fill,
            });
          } else if (motif === 3) {
            shapes.push({ kind: 'path', d: `M${x} ${y + s} L${x + s / 2} ${y} L${x + s} ${y + s} Z`, fill });
          } else {
            shapes.push({
              kind: 'path',
              d: `M${x} ${y + s / 2} A${s / 2} ${s / 2} 0 0 1 ${x + s} ${y + s / 2} Z`,
              fill,
            });
          }
        }
      }
      break;
    }
    case 'orbits': {
      const cx = r.range(35, 65);
      const cy = r.range(35, 65);
      const rings = 5 + r.int(3);
      for (let k = rings; k > 0; k--) {
        shapes.push({
          kind: 'circle',
          cx: cx + r.range(-4, 4),
          cy: cy + r.range(-4, 4),
          r: k * (52 / rings),
          fill: 'none',
          stroke: ink(),
          strokeWidth: r.range(1.2, 4),
          opacity: 0.9,
        });
      }
      for (let k = 0; k < 4; k++) {
        shapes.push({ kind: 'circle', cx: r.range(8, 92), cy: r.range(8, 92), r: r.range(2, 6), fill: ink() });
      }
      break;
    }
    case 'waves': {
      const bands = 6 + r.int(3);
      const amp = r.range(4, 10);
      const phase = r.range(0, 6.28);
      for (let k = 0; k < bands; k++) {
        const y0 = (k / bands) * 110 - 5;
        let d = `M0 ${Math.round((y0 + amp * Math.sin(phase)) * 10) / 10}`;
        for (let x = 10; x <= 100; x += 10) {
          d += ` L${x} ${Math.round((y0 + amp * Math.sin(phase + x / 16 + k * 0.5)) * 10) / 10}`;
        }
        d += ' L100 110 L0 110 Z';
        shapes.push({ kind: 'path', d, fill: inks[k % inks.length]!, opacity: 0.92 });
      }
      break;
    }
    case 'blooms': {
      const count = 6 + r.int(4);
      for (let k = 0; k < count; k++) {
        shapes.push({
          kind: 'circle',
          cx: r.range(10, 90),
          cy: r.range(10, 90),
          r: r.range(12, 30),
          fill: ink(),
          opacity: 0.6,
        });
      }
      shapes.push({ kind: 'circle', cx: r.range(30, 70), cy: r.range(30, 70), r: r.range(4, 8), fill: bg0 });
      break;
    }
    case 'blocks': {
      // A recursive split into rectangles with gutters (a nod to grid painting).
      const cells: { x: number; y: number; w: number; h: number }[] = [{ x: 0, y: 0, w: 100, h: 100 }];
      for (let k = 0; k < 5; k++) {
        cells.sort((a, b) => b.w * b.h - a.w * a.h);
        const c = cells.shift()!;
        const t = r.range(0.3, 0.7);
        if (c.w >= c.h) cells.push({ ...c, w: c.w * t }, { ...c, x: c.x + c.w * t, w: c.w * (1 - t) });
        else cells.push({ ...c, h: c.h * t }, { ...c, y: c.y + c.h * t, h: c.h * (1 - t) });
      }
      for (const c of cells) {
        const g = 2.5;
        const round = (v: number) => Math.round(v * 10) / 10;
        shapes.push({
          kind: 'rect',
          x: round(c.x + g),
          y: round(c.y + g),
          w: round(Math.max(1, c.w - 2 * g)),
          h: round(Math.max(1, c.h - 2 * g)),
          fill: r.unit() < 0.3 ? bg1 : ink(),
          rx: 1.5,
        });
      }
      break;
    }
  }
  return { style, background: [bg0, bg1], shapes, accent: inks[0]! };
}

/** One decimal in a 100-unit box is a tenth of a pixel at 1000 px: finer only costs on-chain bytes. */
const svgNumber = (n: number): string => String(Math.round(n * 10) / 10);
const escapeXml = (s: string): string => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The artwork as a standalone SVG document (1000 × 1000 px, drawn in a 100 × 100 box). */
export function artworkSvg(art: Artwork, title: string): string {
  const attrs = (pairs: Record<string, string | number | undefined>): string =>
    Object.entries(pairs)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => ` ${k}="${typeof v === 'number' ? svgNumber(v) : escapeXml(v!)}"`)
      .join('');
  const shapes = art.shapes.map((s) => {
    switch (s.kind) {
      case 'rect':
        return `<rect${attrs({ x: s.x, y: s.y, width: s.w, height: s.h, rx: s.rx, fill: s.fill, opacity: s.opacity })}/>`;
      case 'circle':
        return `<circle${attrs({ cx: s.cx, cy: s.cy, r: s.r, fill: s.fill, opacity: s.opacity, stroke: s.stroke, 'stroke-width': s.strokeWidth })}/>`;
      case 'path':
        return `<path${attrs({ d: s.d.replace(/-?\d+\.\d+/g, (n) => svgNumber(Number(n))), fill: s.fill, opacity: s.opacity, stroke: s.stroke, 'stroke-width': s.strokeWidth })}/>`;
    }
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000" viewBox="0 0 100 100">` +
    `<title>${escapeXml(title)}</title>` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${art.background[0]}"/>` +
    `<stop offset="1" stop-color="${art.background[1]}"/></linearGradient></defs>` +
    `<rect width="100" height="100" fill="url(#bg)"/>${shapes.join('')}</svg>`
  );
}

/** An image of a tile: where it is and what it is. */
export interface TileArtImage {
  readonly uri: string;
  readonly mimeType: string;
  /** True when it is the art generated from the tile id (no artist image). */
  readonly generated: boolean;
}

/** What a tile needs for its art: its id, title, and the artist's image if the board carries one. */
export interface ArtSubject {
  readonly id: string;
  readonly title: string;
  readonly image?: { readonly uri: string; readonly mimeType: string } | undefined;
}

/** UTF-8 text as base64, in Node and in the browser alike (no Buffer in the client bundle). */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const generatedUris = new Map<string, string>();

/** The generated art of a tile id as a `data:image/svg+xml` URI (cached: boards render it on every frame). */
export function generatedArtUri(id: string, title: string): string {
  const key = `${id}\u0000${title}`;
  let uri = generatedUris.get(key);
  if (uri === undefined) {
    // Base64, not percent-encoding: a fifth smaller for this markup, and a URI without spaces or quotes.
    uri = `data:image/svg+xml;base64,${base64(artworkSvg(artworkFor(id), title))}`;
    if (generatedUris.size > 2000) generatedUris.clear();
    generatedUris.set(key, uri);
  }
  return uri;
}

/** The one image of a tile: the artist's when the board has it, else its generated art. */
export function tileArtImage(tile: ArtSubject): TileArtImage {
  if (tile.image) return { uri: tile.image.uri, mimeType: tile.image.mimeType, generated: false };
  return { uri: generatedArtUri(tile.id, tile.title), mimeType: 'image/svg+xml', generated: true };
}
