'use client';

import { usePathname } from 'next/navigation';
import site from './site-chrome.module.css';

const LINKS = [
  { href: '/', label: 'Play', match: (p: string) => p === '/' || p.startsWith('/new') || p.startsWith('/play') },
  { href: '/watch', label: 'Watch a game', match: (p: string) => p.startsWith('/watch') },
  { href: '/replay', label: 'Replay', match: (p: string) => p.startsWith('/replay') },
  { href: '/studio', label: 'Studio', match: (p: string) => p.startsWith('/studio') },
  { href: '/collection', label: 'Collection', match: (p: string) => p.startsWith('/collection') || p.startsWith('/token') },
  { href: '/chain', label: 'Chain', match: (p: string) => p.startsWith('/chain') || p.startsWith('/explorer') },
] as const;

/** The site's main navigation; the current section is marked for assistive technology and styled by it. */
export function SiteNav() {
  const pathname = usePathname() ?? '/';
  return (
    <nav className={site.nav} aria-label="Main">
      {LINKS.map((link) => (
        <a key={link.href} href={link.href} aria-current={link.match(pathname) ? 'page' : undefined}>
          {link.label}
        </a>
      ))}
    </nav>
  );
}
