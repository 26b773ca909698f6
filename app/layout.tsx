import type { Metadata, Viewport } from 'next';
import { SiteFooter } from '../ui/home/site-footer';
import '../ui/styles/globals.css';
import { SiteNav } from '../ui/home/site-nav';
import { WalletButton } from '../ui/wallet/wallet-button';
import { WalletProvider } from '../ui/wallet';
import site from '../ui/home/site-chrome.module.css';

export const metadata: Metadata = {
  title: { default: 'Tezos Pole', template: '%s · Tezos Pole' },
  description:
    'Tezos Pole, Gotopoly and Ten: play hot-seat or online, watch the rules engine’s bots play, replay any game record.',
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
        <WalletProvider>
          <a className={site.skipLink} href="#main">
            Skip to content
          </a>
          <header className={site.header}>
            <a className={site.brand} href="/">
              <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
                <rect x="2" y="2" width="28" height="28" rx="7" fill="#3d8bfd" />
                <rect x="8" y="8" width="16" height="16" rx="3" fill="none" stroke="#fff" strokeWidth="2.5" />
                <circle cx="16" cy="16" r="3" fill="#f4c152" />
              </svg>
              <span className={site.brandName}>Tezos Pole</span>
            </a>
            <SiteNav />
            <WalletButton />
          </header>
          <main id="main" className={site.main}>
            {children}
          </main>
          <SiteFooter />
        </WalletProvider>
      </body>
    </html>
  );
}
