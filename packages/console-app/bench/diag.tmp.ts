import { apiLogin, launchChromium, openSignedIn, startConsoleServer } from '../e2e/harness.js';
const server = await startConsoleServer();
const browser = await launchChromium();
const user = await apiLogin(server, 'demo-all');
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await context.newPage();
await page.addInitScript({ content: 'window.__name = (f) => f;' });
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await openSignedIn(page, server, user, '/app/admins/products');
await page.getByRole('heading', { level: 1, name: 'Product Admin' }).waitFor({ timeout: 30_000 });
const targets = [
  { group: 'Statistics', link: 'Usage Statistics', id: 'usage-statistic', done: '[data-page="usage-statistic"] table' },
  { group: 'Reports', link: 'Overall Dashboard', id: 'overall', done: '[data-page="overall"] h1' },
];
for (let run = 0; run < 3; run++) {
  if (run === 2) await browser.startTracing(page, { path: '/tmp/trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
  for (const target of targets) {
    const group = page.getByRole('button', { name: target.group, exact: true });
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    const link = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: target.link, exact: true });
    await link.waitFor();
    const res = await link.evaluate((a: HTMLElement, t: { id: string; done: string }) => {
      return new Promise((resolve) => {
        const marks: Record<string, number> = {};
        const t0 = performance.now();
        a.click();
        marks.clickReturned = performance.now() - t0;
        const tick = () => {
          const now = performance.now() - t0;
          if (marks.inDom === undefined && document.querySelector(`[data-page="${t.id}"]`)) marks.inDom = now;
          if (marks.doneInDom === undefined && document.querySelector(t.done)) marks.doneInDom = now;
          if (marks.frame === undefined && document.querySelector('[role=status], [aria-busy=true]')) marks.frame = now;
          if (document.querySelector(t.done)?.checkVisibility()) { marks.visible = now; resolve(marks); return; }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    }, { id: target.id, done: target.done });
    console.log(target.link, JSON.stringify(res, (k, v) => (typeof v === 'number' ? Math.round(v) : v)));
  }
}
await browser.stopTracing();
await browser.close();
await server.stop();
