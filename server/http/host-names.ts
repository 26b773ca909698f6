/**
 * The `Host` names the app answers to. A page on a rebinding domain (attacker.example resolving to 127.0.0.1) is
 * same-origin with its own name, so neither CORS nor the cross-site checks stop it from reading the app on the
 * user's machine: only refusing names the app is not served under does. Loopback names always; the public origins
 * the app is configured for (POLE_PUBLIC_ORIGIN, comma-separated) besides.
 */

/** The variable naming the origins the app is served under (e.g. `https://pole.example`). */
export const PUBLIC_ORIGIN_VAR = 'POLE_PUBLIC_ORIGIN';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** A Host header's name, lower-cased, without its port (an IPv6 literal keeps its brackets); null when malformed. */
export function hostName(host: string | null): string | null {
  if (host === null) return null;
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host.trim());
  return m ? m[1]!.toLowerCase().replace(/\.$/, '') : null;
}

/**
 * The names allowed under `env`.
 * @throws Error naming the variable when one of its origins is not a URL
 */
export function allowedHostNames(env: Readonly<Record<string, string | undefined>>): ReadonlySet<string> {
  const names = new Set<string>(LOOPBACK_NAMES);
  for (const origin of (env[PUBLIC_ORIGIN_VAR] ?? '').split(',')) {
    if (!origin.trim()) continue;
    let url: URL;
    try {
      url = new URL(origin.trim());
    } catch {
      throw new Error(
        `${PUBLIC_ORIGIN_VAR} must list origins such as https://pole.example, not ${JSON.stringify(origin)}`,
      );
    }
    names.add(url.hostname.toLowerCase());
  }
  return names;
}

/** Whether a request with this Host header is for this app. */
export const hostAllowed = (host: string | null, allowed: ReadonlySet<string>): boolean => {
  const name = hostName(host);
  return name !== null && allowed.has(name);
};
