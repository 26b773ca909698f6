import type { Colour } from '../../engine/gotopoly';

/** A colour group's fill for its band or dot: the group's design token (`--group-*`, ui/styles/tokens.css). */
export function groupFill(colour: Colour | null): React.CSSProperties | undefined {
  return colour === null ? undefined : { background: `var(--group-${colour})` };
}
