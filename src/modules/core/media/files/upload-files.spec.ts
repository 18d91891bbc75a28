import sharp from 'sharp';
import { IMAGE_SIZES, resizeFor } from './image-sizes';
import { sanitizeFileName } from './media-storage';
import { checkUpload, extensionOf } from './upload-types';

const size = (name: string) => IMAGE_SIZES.find((entry) => entry.name === name)!;

describe('resizeFor (WordPress image_resize_dimensions)', () => {
  it('crops the thumbnail to 150x150 and fits the others inside their box', () => {
    expect(resizeFor(200, 160, size('thumbnail'))).toEqual({ width: 150, height: 150, crop: true });
    expect(resizeFor(1200, 800, size('medium'))).toEqual({ width: 300, height: 200, crop: false });
    expect(resizeFor(1200, 800, size('medium_large'))).toEqual({ width: 768, height: 512, crop: false });
    expect(resizeFor(1200, 800, size('large'))).toEqual({ width: 1024, height: 683, crop: false });
    expect(resizeFor(800, 1200, size('medium'))).toEqual({ width: 200, height: 300, crop: false });
  });

  it('makes no size the image already fits in, but crops a too-tall one', () => {
    expect(resizeFor(200, 160, size('medium'))).toBeNull();
    expect(resizeFor(100, 100, size('thumbnail'))).toBeNull();
    expect(resizeFor(100, 200, size('thumbnail'))).toEqual({ width: 100, height: 150, crop: true });
    expect(resizeFor(768, 2000, size('medium_large'))).toBeNull();
  });
});

describe('sanitizeFileName (WordPress sanitize_file_name)', () => {
  it('keeps letters and digits, turns spaces into dashes and drops what shells and URLs read', () => {
    expect(sanitizeFileName('Photo Of Site.JPG', 'jpg')).toBe('Photo-Of-Site.jpg');
    expect(sanitizeFileName('a/b/../../etc/passwd.png', 'png')).toBe('passwd.png');
    expect(sanitizeFileName('C:\\temp\\x y.png', 'png')).toBe('x-y.png');
    expect(sanitizeFileName('<script>.png', 'png')).toBe('script.png');
    expect(sanitizeFileName('Ærfugl på tur.jpg', 'jpg')).toBe('AErfugl-pa-tur.jpg');
    expect(sanitizeFileName('--- ***.png', 'png')).toBe('unnamed-file.png');
  });

  it('neutralises inner extensions so no server runs the file', () => {
    expect(sanitizeFileName('shell.php.jpg', 'jpg')).toBe('shell.php_.jpg');
    expect(sanitizeFileName('archive.tar.gz', 'gz')).toBe('archive.tar_.gz');
    expect(sanitizeFileName('v1.2.png', 'png')).toBe('v1.2.png');
  });
});

describe('checkUpload (type from the bytes)', () => {
  it('accepts real files under their extension', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    expect(await checkUpload('a.png', png)).toEqual({ ext: 'png', mime: 'image/png' });
    expect(await checkUpload('notes.txt', Buffer.from('Hello, world.\nSecond line.'))).toEqual({
      ext: 'txt',
      mime: 'text/plain',
    });
    expect(await checkUpload('data.csv', Buffer.from('a,b\n1,2\n'))).toEqual({
      ext: 'csv',
      mime: 'text/csv',
    });
  });

  it('renames an image with another image extension; refuses mismatches and active content', async () => {
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    expect(await checkUpload('a.png', jpeg)).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    expect(await checkUpload('a.pdf', jpeg)).toBeNull();
    expect(await checkUpload('a.svg', Buffer.from('<svg/>'))).toBeNull();
    expect(await checkUpload('a.txt', Buffer.from('<?= $x ?>'))).toBeNull();
    expect(await checkUpload('a.txt', Buffer.from('\uFEFF  <!DOCTYPE html><p>x'))).toBeNull();
    expect(await checkUpload('a.txt', Buffer.from([0x68, 0, 0x69]))).toBeNull();
    expect(await checkUpload('a', Buffer.from('x'))).toBeNull();
    expect(await checkUpload('a.png', Buffer.alloc(0))).toBeNull();
  });

  it('reads the extension of the client name', () => {
    expect(extensionOf('dir/Photo.JPEG')).toBe('jpeg');
    expect(extensionOf('.htaccess')).toBe('');
    expect(extensionOf('noext')).toBe('');
  });
});

describe('withImageSlot', () => {
  it('runs image work one at a time, in arrival order', async () => {
    const { withImageSlot, IMAGE_WORK_SLOTS } = await import('./image-sizes');
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const work = (index: number) =>
      withImageSlot(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(index);
        running--;
        return index;
      });
    const failing = withImageSlot(async () => {
      throw new Error('broken image');
    });
    expect(await Promise.all([work(0), work(1), work(2), failing.catch(() => -1), work(3)])).toEqual([
      0, 1, 2, -1, 3,
    ]);
    expect(peak).toBe(IMAGE_WORK_SLOTS);
    expect(order).toEqual([0, 1, 2, 3]);
  });
});
