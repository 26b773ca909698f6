import type { Effect } from '../../engine/pole';
import styles from './board.module.css';

/** A small line icon for an event tile, chosen by the kind of its printed effect. */
export function EventIcon({ effect }: { effect: Effect }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
  };
  let body: React.ReactNode;
  switch (effect.kind) {
    case 'roll':
      body = (
        <>
          <rect x="4" y="4" width="16" height="16" rx="4" {...common} />
          <circle cx="9" cy="9" r="1.4" fill="currentColor" />
          <circle cx="15" cy="15" r="1.4" fill="currentColor" />
          <circle cx="12" cy="12" r="1.4" fill="currentColor" />
        </>
      );
      break;
    case 'collect':
    case 'collectFromEach':
      body = (
        <>
          <path d="M12 3v11m-4-4 4 4 4-4" {...common} />
          <path d="M4 15v4h16v-4" {...common} />
        </>
      );
      break;
    case 'pay':
    case 'payEach':
    case 'payPerPiece':
      body = (
        <>
          <path d="M12 14V3m-4 4 4-4 4 4" {...common} />
          <path d="M4 15v4h16v-4" {...common} />
        </>
      );
      break;
    case 'moveBy':
      body = <path d="M9 7 4 12l5 5M4 12h11a5 5 0 0 0 0-10h-2" {...common} />;
      break;
    case 'moveTo':
      body = <path d="M5 12h14m-5-5 5 5-5 5" {...common} />;
      break;
    case 'freeCopy':
      body = (
        <>
          <rect x="4" y="9" width="16" height="11" rx="1.5" {...common} />
          <path d="M12 9v11M4 13h16M12 9c-2-4-6-4-6-1s6 1 6 1 6 2 6-1-4-3-6 1" {...common} />
        </>
      );
      break;
    case 'none':
      body = <circle cx="12" cy="12" r="6" {...common} />;
      break;
  }
  return (
    <svg className={styles.eventIcon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      {body}
    </svg>
  );
}
