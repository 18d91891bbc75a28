/// <reference lib="dom" />
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { Browser, Page } from 'puppeteer-core';
import { freePort } from '../../helpers/free-port';
import { createTestApp, TestApp } from '../../helpers/test-app';

/** Debian's chromium (installed by .ci/run); CHROMIUM_PATH overrides. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '../../../test-artifacts/openapi');

describe('Swagger UI at /docs/ in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;
  const outside: string[] = [];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ BASE_URL: base });
    await t.app.listen(port, '127.0.0.1');
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      protocolTimeout: 20_000,
    });
    page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    await page.setViewport({ width: 1280, height: 900 });
    // Offline: any request leaving the service (a CDN) is refused and remembered.
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (request.url().startsWith(base) || request.url().startsWith('data:')) void request.continue();
      else {
        outside.push(request.url());
        void request.abort();
      }
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('shows every namespace of the document, loaded from the service alone', async () => {
    await page.goto(`${base}/docs/`, { waitUntil: 'load' });
    await page.waitForSelector('.opblock-tag-section');
    const tags = await page.$$eval('.opblock-tag', (nodes) =>
      nodes.map((node) => node.getAttribute('data-tag')),
    );
    expect(tags).toEqual(expect.arrayContaining(['core/v2', 'cal/events/v1', 'redirection/v1', 'ml/tm/v1']));
    expect(await page.$eval('.info .title', (title) => title.textContent)).toContain('Site REST API');

    await page.click('.opblock-tag[data-tag="cal/events/v1"]');
    await page.waitForSelector('.opblock-summary-path[data-path="/cal/events/v1/events"]');
    await page.screenshot({ path: join(ARTIFACTS, 'docs.png'), fullPage: false });
    expect(outside).toEqual([]);
  });
});
