/// <reference lib="dom" />
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import puppeteer, { Browser, Page } from 'puppeteer-core';
import { createTestApp, TestApp } from '../../helpers/test-app';
import { seedCalendar, YEAR } from './views-helpers';

/** Debian's chromium (installed by .ci/run); CHROMIUM_PATH overrides. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(__dirname, '../../../test-artifacts/calendar-views');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('calendar pages in a real browser', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let base: string;

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install chromium`);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ BASE_URL: base });
    await t.app.listen(port, '127.0.0.1');
    await seedCalendar(t, await t.user('administrator'));
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      protocolTimeout: 20_000,
    });
    page = await browser.newPage();
    page.setDefaultTimeout(10_000);
    await page.setViewport({ width: 1280, height: 900 });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  const titles = (selector: string) =>
    page.$$eval(selector, (links) => links.map((link) => (link.textContent ?? '').trim()));

  it('shows the month and moves to the next one through the views route, without a reload', async () => {
    await page.goto(`${base}/events/month/${YEAR}-03/`, { waitUntil: 'load' });
    expect(await page.$eval('.tribe-events-c-top-bar__datepicker-title', (h) => h.textContent)).toBe(
      `March ${YEAR}`,
    );
    expect(
      await titles(`[data-date="${YEAR}-03-05"] .tribe-events-calendar-month__calendar-event-title-link`),
    ).toEqual(['Excavator workshop', 'Evening session']);
    await shot('month-desktop');

    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    const viewsCall = page.waitForResponse((response) =>
      response.url().includes('/wp-json/cal/views/v2/html'),
    );
    await page.click('a.tribe-events-c-top-bar__nav-link--next');
    const response = await viewsCall;
    expect(response.status()).toBe(200);
    await page.waitForFunction(
      (title) => document.querySelector('.tribe-events-c-top-bar__datepicker-title')?.textContent === title,
      {},
      `April ${YEAR}`,
    );
    expect(page.url()).toBe(`${base}/events/month/${YEAR}-04/`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    expect(
      await titles(`[data-date="${YEAR}-04-02"] .tribe-events-calendar-month__calendar-event-title-link`),
    ).toEqual(['Trade fair']);
    await shot('month-next-via-views-route');

    // Back restores March through the route as well.
    await page.goBack();
    await page.waitForFunction(
      (title) => document.querySelector('.tribe-events-c-top-bar__datepicker-title')?.textContent === title,
      {},
      `March ${YEAR}`,
    );
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });

  it('follows links without JavaScript', async () => {
    const plain = await browser.newPage();
    await plain.setJavaScriptEnabled(false);
    await plain.goto(`${base}/events/month/${YEAR}-03/`, { waitUntil: 'load' });
    await Promise.all([plain.waitForNavigation(), plain.click('a.tribe-events-c-top-bar__nav-link--next')]);
    expect(plain.url()).toBe(`${base}/events/month/${YEAR}-04/`);
    expect(await plain.$eval('.tribe-events-c-top-bar__datepicker-title', (h) => h.textContent)).toBe(
      `April ${YEAR}`,
    );
    await plain.close();
  });

  it('shows the list, searches through the bar, and opens an event', async () => {
    await page.goto(`${base}/events/list/?tribe-bar-date=${YEAR}-03-01`, { waitUntil: 'load' });
    expect(await titles('.tribe-events-calendar-list__event-title-link')).toEqual([
      'Excavator workshop',
      'Evening session',
      'Trade fair',
    ]);
    await shot('list-desktop');
    await page.type('#tribe-events-events-bar-keyword', 'fair');
    const viewsCall = page.waitForResponse((response) =>
      response.url().includes('/wp-json/cal/views/v2/html'),
    );
    await page.click('.tribe-events-c-search__button');
    await viewsCall;
    await page.waitForFunction(
      () => document.querySelectorAll('.tribe-events-calendar-list__event-title-link').length === 1,
    );
    expect(await titles('.tribe-events-calendar-list__event-title-link')).toEqual(['Trade fair']);
    expect(page.url()).toContain('tribe-bar-search=fair');

    await page.goto(`${base}/events/list/?tribe-bar-date=${YEAR}-03-01`, { waitUntil: 'load' });
    await Promise.all([
      page.waitForNavigation(),
      page.click('a.tribe-events-calendar-list__event-title-link'),
    ]);
    expect(page.url()).toBe(`${base}/event/excavator-workshop/`);
    expect(await page.$eval('.tribe-events-single-event-title', (h) => h.textContent)).toBe(
      'Excavator workshop',
    );
    expect(await page.$eval('.tribe-event-date-start', (s) => s.textContent)).toBe(
      `March 5, ${YEAR} @ 2:00 pm`,
    );
    expect(await page.$eval('a.tribe-events-ical', (a) => (a as HTMLAnchorElement).href)).toBe(
      `${base}/event/excavator-workshop/ical/`,
    );
    const ld = await page.$eval('script[type="application/ld+json"]', (s) =>
      JSON.parse(s.textContent ?? '[]'),
    );
    expect(ld[0]['@type']).toBe('Event');
    await shot('single-event');
  });

  it('shows the day view and the month on a phone', async () => {
    await page.goto(`${base}/events/${YEAR}-03-05/`, { waitUntil: 'load' });
    expect(await titles('.tribe-events-calendar-day__event-title-link')).toEqual([
      'Excavator workshop',
      'Evening session',
    ]);
    await shot('day-desktop');
    await page.setViewport({ width: 390, height: 844, isMobile: true });
    await page.goto(`${base}/events/month/${YEAR}-03/`, { waitUntil: 'load' });
    // On a phone the grid becomes a list of the days with events.
    const visibleDays = await page.$$eval('.tribe-events-calendar-month__day', (days) =>
      days
        .filter((day) => getComputedStyle(day).display !== 'none')
        .map((day) => day.getAttribute('data-date')),
    );
    expect(visibleDays).toEqual([`${YEAR}-03-05`, `${YEAR}-03-30`, `${YEAR}-03-31`]);
    await shot('month-phone');
    await page.goto(`${base}/no/events/list/?tribe-bar-date=${YEAR}-03-01`, { waitUntil: 'load' });
    expect(await page.$eval('.tribe-events-c-search__button', (b) => b.textContent)).toBe(
      'Finn arrangementer',
    );
    await shot('list-phone-norwegian');
    await page.setViewport({ width: 1280, height: 900 });
  });
});
