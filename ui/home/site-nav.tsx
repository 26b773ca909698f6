'use client';

import { usePathname } from 'next/navigation';
import { useState } from 'react';
import site from './site-chrome.module.css';

const LINKS = [
  { href: '/', label: 'Play', match: (p: string) => p === '/' || p.startsWith('/new') || p.startsWith('/play') },
  { href: '/games', label: 'My games', match: (p: string) => p.startsWith('/games') },
  { href: '/lobby', label: 'Lobby', match: (p: string) => p.startsWith('/lobby') },
  {
    href: '/leaderboard',
    label: 'Leaderboards',
    match: (p: string) => p.startsWith('/leaderboard') || p.startsWith('/players') || p.startsWith('/ratings'),
  },
  { href: '/watch', label: 'Watch a game', match: (p: string) => p.startsWith('/watch') },
  { href: '/replay', label: 'Replay', match: (p: string) => p.startsWith('/replay') },
  { href: '/studio', label: 'Studio', match: (p: string) => p.startsWith('/studio') },
  {
    href: '/collection',
    label: 'Collection',
    match: (p: string) => p.startsWith('/collection') || p.startsWith('/token'),
  },
  { href: '/chain', label: 'Chain', match: (p: string) => p.startsWith('/chain') || p.startsWith('/explorer') },
] as const;

/**
 * The site's main navigation; the current section is marked for assistive technology and styled by it. On a phone
 * the links fold behind one Menu button (wrapped, they would take four lines above the table).
 */
export function SiteNav() {
  const pathname = usePathname() ?? '/';
  // Open for the page it was opened on: following a link (a new pathname) folds it again.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  return (
    <nav
      className={site.nav}
      aria-label="Main"
      data-open={open}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) setOpenOn(null);
      }}
    >
      <button
        type="button"
        className={site.menuButton}
        aria-expanded={open}
        aria-controls="site-links"
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Menu
      </button>
      <div id="site-links" className={site.links}>
        {LINKS.map((link) => (
          <a key={link.href} href={link.href} aria-current={link.match(pathname) ? 'page' : undefined}>
            {link.label}
          </a>
        ))}
      </div>
    </nav>
  );
}
