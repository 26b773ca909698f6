import { useId } from 'react';
import { artworkFor } from '../../_lib/generative-art';

/** The generated artwork of a tile (deterministic SVG from its id, never a copied work). */
export function TileArt({ id, title, className }: { id: string; title: string; className?: string }) {
  const art = artworkFor(id);
  const gradient = `art-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg
      className={className}
      viewBox="0 0 100 100"
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={`Generated artwork for ${title}`}
      data-art-style={art.style}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={art.background[0]} />
          <stop offset="1" stopColor={art.background[1]} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#${gradient})`} />
      {art.shapes.map((s, i) => {
        switch (s.kind) {
          case 'rect':
            return <rect key={i} x={s.x} y={s.y} width={s.w} height={s.h} rx={s.rx} fill={s.fill} opacity={s.opacity} />;
          case 'circle':
            return (
              <circle key={i} cx={s.cx} cy={s.cy} r={s.r} fill={s.fill} opacity={s.opacity} stroke={s.stroke} strokeWidth={s.strokeWidth} />
            );
          case 'path':
            return <path key={i} d={s.d} fill={s.fill} opacity={s.opacity} stroke={s.stroke} strokeWidth={s.strokeWidth} />;
        }
      })}
    </svg>
  );
}
