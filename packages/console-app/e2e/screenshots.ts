/**
 * The README's page screenshots: a list (Project Admin), a form (New project) and the permission matrix, each at
 * 390×844 (phone) and 1440×900, into docs/screenshots/. Run after `npm run build`:
 * `npx tsx packages/console-app/e2e/screenshots.ts`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  apiLogin,
  launchChromium,
  newPage,
  openSignedIn,
  settledForScreenshot,
  startConsoleServer,
} from './harness.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(root, 'docs/screenshots');
mkdirSync(dir, { recursive: true });

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

const server = await startConsoleServer();
const browser = await launchChromium();
try {
  const user = await apiLogin(server, 'demo-all');
  for (const size of SIZES) {
    const { context, page } = await newPage(browser, { width: size.width, height: size.height });
    await openSignedIn(page, server, user, '/app/admins/projects');
    await page.getByRole('grid', { name: 'Projects' }).locator('tbody tr[data-index]').first().waitFor();
    await settledForScreenshot(page);
    await page.screenshot({ path: path.join(dir, `list-${size.name}.png`) });
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    await page.getByRole('form', { name: 'New project' }).waitFor();
    await settledForScreenshot(page);
    await page.screenshot({ path: path.join(dir, `form-${size.name}.png`) });
    await page.goto(`${server.baseURL}/app/administration/user-permissions/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('checkbox').first().waitFor();
    await settledForScreenshot(page);
    await page.screenshot({ path: path.join(dir, `permissions-${size.name}.png`) });
    await context.close();
  }
  console.log(`screenshots written to ${dir}`);
} finally {
  await browser.close();
  await server.stop();
}
