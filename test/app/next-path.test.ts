/**
 * `/signin?next=` sends people back to a page of this site only. The browser parses an `href`
 * leniently (tabs and newlines dropped, a backslash read as a slash), so the check parses the value as it will and
 * keeps only a same-origin path; everything else sends people home.
 */
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextPath } from '../../ui/lib/next-path';
import SignInPage from '../../app/signin/page';
import { SignInPanel } from '../../ui/wallet/sign-in-panel';

const HOSTILE = [
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example/path',
  '/\\evil.example',
  '/\\/evil.example',
  '/\t\\evil.example',
  '//evil.example',
  '///evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  'evil.example',
  ' /\t/evil.example',
  '',
];

describe('nextPath', () => {
  it.each(HOSTILE)('sends %j home', (raw) => {
    expect(nextPath(raw)).toBe('/');
  });

  it('keeps a path of this site with its query and fragment, in the form a browser reads it', () => {
    expect(nextPath('/play/abc?token=t&seat=1')).toBe('/play/abc?token=t&seat=1');
    expect(nextPath('/studio/boards/b1#lab')).toBe('/studio/boards/b1#lab');
    expect(nextPath('/collection')).toBe('/collection');
    // Encoded slashes are part of one path segment, not a host.
    expect(nextPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(nextPath('/a/../studio')).toBe('/studio');
    expect(nextPath(['/chain', '/other'])).toBe('/chain');
    expect(nextPath(undefined)).toBe('/');
  });
});

/** The SignInPanel element in the page's tree. */
function panelOf(node: ReactNode): ReactElement<{ next: string }> | null {
  if (Array.isArray(node)) return node.map(panelOf).find((p) => p !== null) ?? null;
  if (!isValidElement<{ children?: ReactNode }>(node)) return null;
  if (node.type === SignInPanel) return node as ReactElement<{ next: string }>;
  return panelOf(node.props.children);
}

describe('the sign-in page', () => {
  const saved = { ...process.env };
  beforeAll(() => {
    // A public network: the page lists no devnet accounts and asks nothing of a devnet.
    process.env.TEZOS_NETWORK = 'custom';
    process.env.TEZOS_RPC_URL = 'http://127.0.0.1:9';
    process.env.TZKT_URL = 'http://127.0.0.1:9/tzkt';
  });
  afterAll(() => {
    process.env = saved;
  });

  it('hands the panel a "Continue" link that stays on this site, whatever ?next= says', async () => {
    const decoded = decodeURIComponent('%2F%09%2Fevil.example'); // /signin?next=%2F%09%2Fevil.example: a tab between the two slashes
    for (const next of [decoded, ...HOSTILE]) {
      const page = await SignInPage({ searchParams: Promise.resolve({ next }) });
      expect(panelOf(page)?.props.next).toBe('/');
    }
    expect(panelOf(await SignInPage({ searchParams: Promise.resolve({ next: '/studio' }) }))?.props.next).toBe(
      '/studio',
    );
  });
});
