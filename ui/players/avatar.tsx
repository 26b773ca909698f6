import { identicon, IDENTICON_GRID } from './identicon';

/**
 * A player's avatar: their identicon (identicon.ts) as an SVG, `size` pixels square. Decorative beside the player's
 * name (hidden from screen readers); with `label`, an image of its own.
 */
export function PlayerAvatar({
  address,
  size = 24,
  label,
  className,
}: {
  readonly address: string;
  readonly size?: number;
  readonly label?: string;
  readonly className?: string;
}) {
  const { colour, background, cells } = identicon(address);
  // A cell's width of margin on each side, as GitHub's identicons have.
  const box = IDENTICON_GRID + 1;
  return (
    <svg
      className={className}
      viewBox={`-0.5 -0.5 ${box} ${box}`}
      width={size}
      height={size}
      data-testid="player-avatar"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <rect x={-0.5} y={-0.5} width={box} height={box} rx={box / 6} fill={background} />
      {cells.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={1.02} height={1.02} fill={colour} />
      ))}
    </svg>
  );
}
