/**
 * Media library benchmark: `npm run bench:media`.
 *
 * Boots the real AppModule on a temporary SQLite file (BENCH_DATABASE_URL for MySQL/MariaDB) with the response
 * cache off, bulk-inserts 100 attachments (images with their sizes, some PDFs) and times the uncached
 * `core/v2/media` list at 10 and 100 per page; then grows the library to 10,000 attachments and times the same
 * requests again. Prints the timings and the ratio of the medians (target: within 1.5×).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMPTY_IMAGE_META } from '../src/modules/core/media/files/image-sizes';
import {
  insertRows,
  printHeader,
  resultLine,
  rng,
  runBench,
  Scenario,
  send,
  sqlDate,
  startBenchApp,
  time,
} from './harness';

const SMALL = 100;
const LARGE = 10_000;
const FIRST_ID = 1000;

function mediaRows(from: number, count: number, authorId: number): Record<string, unknown>[] {
  const random = rng(from + 7);
  const start = Date.UTC(2023, 0, 1);
  return Array.from({ length: count }, (_, n) => {
    const i = from + n;
    const date = sqlDate(new Date(start + i * 3_600_000));
    const month = date.slice(0, 7).replace('-', '/');
    const isPdf = random() < 0.1;
    const name = `picture-${i}`;
    const file = `${month}/${name}.${isPdf ? 'pdf' : 'jpg'}`;
    const details = isPdf
      ? { filesize: 40_000 }
      : {
          width: 1200,
          height: 800,
          file,
          filesize: 180_000,
          sizes: {
            thumbnail: {
              file: `${name}-150x150.jpg`,
              width: 150,
              height: 150,
              filesize: 6_000,
              mime_type: 'image/jpeg',
            },
            medium: {
              file: `${name}-300x200.jpg`,
              width: 300,
              height: 200,
              filesize: 14_000,
              mime_type: 'image/jpeg',
            },
            medium_large: {
              file: `${name}-768x512.jpg`,
              width: 768,
              height: 512,
              filesize: 60_000,
              mime_type: 'image/jpeg',
            },
            large: {
              file: `${name}-1024x683.jpg`,
              width: 1024,
              height: 683,
              filesize: 110_000,
              mime_type: 'image/jpeg',
            },
          },
          image_meta: EMPTY_IMAGE_META,
        };
    return {
      id: FIRST_ID + i,
      author_id: authorId,
      url: `/wp-content/uploads/${file}`,
      title: `Picture ${i}`,
      alt: `Excavator at work ${i}`,
      mime_type: isPdf ? 'application/pdf' : 'image/jpeg',
      width: isPdf ? null : 1200,
      height: isPdf ? null : 800,
      date,
      date_gmt: date,
      language: 'en',
      slug: name,
      status: 'inherit',
      parent_id: 0,
      caption: i % 3 === 0 ? `Caption of picture ${i}` : '',
      description: '',
      file,
      filesize: details.filesize,
      details: JSON.stringify(details),
      modified: date,
      modified_gmt: date,
      comment_status: 'open',
      ping_status: 'closed',
    };
  });
}

runBench(async () => {
  const uploads = mkdtempSync(join(tmpdir(), 'media-bench-uploads-'));
  Object.assign(process.env, { RESPONSE_CACHE_ENTRIES: '0', UPLOADS_DIR: uploads });
  const { dataSource, root, close } = await startBenchApp('media');
  try {
    const random = rng(42);
    const scenarios: Scenario[] = [
      {
        name: 'list 10 per page',
        request: () => ({ path: `/core/v2/media?page=${1 + Math.floor(random() * 10)}` }),
      },
      { name: 'list 100 per page', request: () => ({ path: '/core/v2/media?per_page=100' }) },
    ];
    const medians: Record<string, number[]> = {};
    let seeded = 0;
    for (const total of [SMALL, LARGE]) {
      await insertRows(dataSource, 'media', mediaRows(seeded, total - seeded, 1));
      seeded = total;
      const check = await send(`${root}/core/v2/media?per_page=1`);
      await check.arrayBuffer();
      process.stdout.write(`\n== ${check.headers.get('x-wp-total')} attachments (uncached list)\n`);
      for (const scenario of scenarios) await time(root, scenario, 20); // warm-up
      printHeader();
      for (const scenario of scenarios) {
        const timings = await time(root, scenario);
        process.stdout.write(`${resultLine(scenario.name, timings)}\n`);
        const sorted = [...timings].sort((a, b) => a - b);
        (medians[scenario.name] ??= []).push(sorted[Math.max(0, Math.ceil(sorted.length / 2) - 1)]);
      }
    }
    process.stdout.write(`\nmedian at ${LARGE.toLocaleString('en')} / median at ${SMALL}:\n`);
    for (const [name, [small, large]] of Object.entries(medians)) {
      process.stdout.write(
        `${name.padEnd(24)} ${small.toFixed(2).padStart(7)} ms -> ${large.toFixed(2).padStart(7)} ms  ratio ${(large / small).toFixed(2)}×\n`,
      );
    }
  } finally {
    await close();
    rmSync(uploads, { recursive: true, force: true });
  }
});
