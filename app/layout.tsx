import type { Metadata, Viewport } from 'next';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Tezos Pole', template: '%s · Tezos Pole' },
  description: 'Tezos Pole: a Monopoly-like board game whose tiles are artists’ works. Watch the rules engine’s bots play a whole game.',
};

export const viewport: Viewport = {
  themeColor: '#101218',
  width: 'device-width',
  initialScale: 1,
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <header className="site-header">
          <a className="brand" href="/">
            <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
              <rect x="2" y="2" width="28" height="28" rx="7" fill="#3d8bfd" />
              <rect x="8" y="8" width="16" height="16" rx="3" fill="none" stroke="#fff" strokeWidth="2.5" />
              <circle cx="16" cy="16" r="3" fill="#f4c152" />
            </svg>
            <span className="brand-name">Tezos Pole</span>
          </a>
          <nav aria-label="Main">
            <a href="/" aria-current="page">
              Watch a game
            </a>
          </nav>
        </header>
        <main id="main">{children}</main>
        <footer className="site-footer">
          <p>
            Tezos Pole rules v1.0 with the table’s rulings. Tile art is generated from each tile’s id; no real artwork is
            reproduced, and apart from the two editions the rules name, every artist and work on the Genesis board is invented.
          </p>
        </footer>
      </body>
    </html>
  );
}
