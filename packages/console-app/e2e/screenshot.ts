/**
 * Takes the README's screenshot: the console signed in as the all-access demo user, on Usage Statistics with the
 * sidebar open. Run after `npm run build`: `npx tsx packages/console-app/e2e/screenshot.ts [out.png]`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANDING_PATH } from '@staff/console-contract';
import {
  apiLogin,
  launchChromium,
  newPage,
  openSignedIn,
  settledForScreenshot,
  startConsoleServer,
  waitForLiveSocket,
} from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const out = path.resolve(process.argv[2] ?? path.join(root, 'docs/screenshot.png'));

const server = await startConsoleServer();
const browser = await launchChromium();
try {
  const user = await apiLogin(server, 'demo-all');
  const { page } = await newPage(browser, { width: 1360, height: 860 });
  await openSignedIn(page, server, user, LANDING_PATH);
  await page.getByRole('table', { name: 'Most visited pages' }).waitFor();
  await page.getByRole('button', { name: 'Operation Data', exact: true }).click();
  await page.getByRole('button', { name: 'Statistics', exact: true }).click();
  // The connection status on "connected", the menu's opening transitions done, the fonts in.
  await waitForLiveSocket(page);
  await settledForScreenshot(page);
  await page.screenshot({ path: out });
  console.log(`screenshot written to ${out}`);
} finally {
  await browser.close();
  await server.stop();
}
