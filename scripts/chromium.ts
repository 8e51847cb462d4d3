import { existsSync } from 'node:fs';

/** Flags Debian's chromium needs here (closed network, root, no GPU). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export const CHROMIUM_MISSING_MESSAGE =
  "Chromium not found. Install Debian's chromium (`apt-get install -y chromium`, gives /usr/bin/chromium) " +
  'or point CHROMIUM_PATH at a chromium binary. Browser tests never download a browser.';

/** The chromium binary for browser tests, or undefined when none is installed. */
export function findChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path): path is string => Boolean(path) && existsSync(path as string));
}

/** The chromium binary, or a thrown error that says what to install. */
export function requireChromium(): string {
  const path = findChromium();
  if (!path) throw new Error(CHROMIUM_MISSING_MESSAGE);
  return path;
}
