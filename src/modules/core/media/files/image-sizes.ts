import type Sharp from 'sharp';

let loadedSharp: Promise<typeof Sharp> | undefined;

/**
 * sharp, loaded with the first image rather than at start-up: libvips and its libraries are 8–10 MB of resident
 * memory that a process serving no uploads never needs.
 */
function loadSharp(): Promise<typeof Sharp> {
  loadedSharp ??= import('sharp').then((module) => {
    const sharp = module.default;
    // One libvips worker thread and no operation cache: a decoded image is not kept after its request, and one
    // image cannot fan out over every core's buffers.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loadedSharp;
}

/** Image work admitted at once in this process; the rest waits its turn (see {@link withImageSlot}). */
export const IMAGE_WORK_SLOTS = 1;
let imageWorkRunning = 0;
const imageWorkWaiting: Array<() => void> = [];

/**
 * Runs decoding and resizing one image at a time: four 99-megapixel PNGs in parallel took 1.23 GB before, as
 * each decode holds its own buffers; queued, the peak is one image's.
 */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (imageWorkRunning >= IMAGE_WORK_SLOTS) {
    await new Promise<void>((resolve) => imageWorkWaiting.push(resolve));
  } else {
    imageWorkRunning++;
  }
  try {
    return await work();
  } finally {
    const next = imageWorkWaiting.shift();
    if (next) next();
    else imageWorkRunning--;
  }
}

/** One registered image size (WordPress's add_image_size; 0 means unlimited). */
export interface ImageSize {
  name: string;
  width: number;
  height: number;
  crop: boolean;
}

/** WordPress's default sizes, in its order (thumbnail, medium, medium_large, large, 1536x1536, 2048x2048). */
export const IMAGE_SIZES: readonly ImageSize[] = [
  { name: 'thumbnail', width: 150, height: 150, crop: true },
  { name: 'medium', width: 300, height: 300, crop: false },
  { name: 'medium_large', width: 768, height: 0, crop: false },
  { name: 'large', width: 1024, height: 1024, crop: false },
  { name: '1536x1536', width: 1536, height: 1536, crop: false },
  { name: '2048x2048', width: 2048, height: 2048, crop: false },
];

/** WordPress's image_meta (wp_read_image_metadata) with nothing read: numbers as strings, as it stores them. */
export const EMPTY_IMAGE_META = {
  aperture: '0',
  credit: '',
  camera: '',
  caption: '',
  created_timestamp: '0',
  copyright: '',
  focal_length: '0',
  iso: '0',
  shutter_speed: '0',
  title: '',
  orientation: '0',
  keywords: [] as string[],
};

export interface Resize {
  width: number;
  height: number;
  crop: boolean;
}

/** wp_constrain_dimensions: fit inside the box (0: unlimited), keeping the aspect ratio. */
function constrain(width: number, height: number, maxWidth: number, maxHeight: number): [number, number] {
  if (!maxWidth && !maxHeight) return [width, height];
  let widthRatio = 1;
  let heightRatio = 1;
  let didWidth = false;
  let didHeight = false;
  if (maxWidth > 0 && width > 0 && width > maxWidth) {
    widthRatio = maxWidth / width;
    didWidth = true;
  }
  if (maxHeight > 0 && height > 0 && height > maxHeight) {
    heightRatio = maxHeight / height;
    didHeight = true;
  }
  const smaller = Math.min(widthRatio, heightRatio);
  const larger = Math.max(widthRatio, heightRatio);
  const ratio =
    Math.floor(width * larger) > maxWidth || Math.floor(height * larger) > maxHeight ? smaller : larger;
  let w = Math.max(1, Math.round(width * ratio));
  let h = Math.max(1, Math.round(height * ratio));
  // Rounding can overshoot by a pixel; the constrained side is exactly the limit.
  if (didWidth && w === maxWidth - 1) w = maxWidth;
  if (didHeight && h === maxHeight - 1) h = maxHeight;
  return [w, h];
}

/**
 * WordPress's image_resize_dimensions: the size an image of `width`×`height` gets for `size`, or null when
 * the size is not made (the image is not larger than the box).
 */
export function resizeFor(width: number, height: number, size: ImageSize): Resize | null {
  if (width <= 0 || height <= 0 || (size.width <= 0 && size.height <= 0)) return null;
  let newWidth: number;
  let newHeight: number;
  if (size.crop) {
    newWidth = Math.min(size.width, width);
    newHeight = Math.min(size.height, height);
    if (!newWidth) newWidth = Math.round((newHeight * width) / height);
    if (!newHeight) newHeight = Math.round((newWidth * height) / width);
  } else {
    [newWidth, newHeight] = constrain(width, height, size.width, size.height);
  }
  if (newWidth >= width && newHeight >= height) return null;
  return { width: newWidth, height: newHeight, crop: size.crop };
}

/**
 * Larger images are refused from their header, before any pixel is decoded (a decompression bomb must not take
 * the machine's memory): 50 megapixels, a 45-megapixel camera's 8256 × 5504 included. At 100 megapixels a
 * 282 KB PNG of 99 megapixels cost 7.4 s and 122 MB.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface ImageInfo {
  width: number;
  height: number;
}

/** The dimensions of an image sharp can read (null when it cannot: broken or an unsupported format). */
export function imageInfo(bytes: Buffer): Promise<ImageInfo | null> {
  return withImageSlot(() => readImageInfo(bytes));
}

async function readImageInfo(bytes: Buffer): Promise<ImageInfo | null> {
  try {
    const sharp = await loadSharp();
    const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
    const meta = await sharp(bytes, options).metadata();
    if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) return null;
    // Check that the pixels decode, not only the header.
    await sharp(bytes, options).stats();
    return { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

/** One resized copy in the original's format (JPEG and WebP at WordPress's quality 82). */
export function resizeImage(bytes: Buffer, mime: string, resize: Resize): Promise<Buffer> {
  return withImageSlot(() => resizeNow(bytes, mime, resize));
}

async function resizeNow(bytes: Buffer, mime: string, resize: Resize): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { animated: false, limitInputPixels: MAX_INPUT_PIXELS }).resize(
    resize.width,
    resize.height,
    {
      fit: resize.crop ? 'cover' : 'fill',
      position: 'centre',
    },
  );
  switch (mime) {
    case 'image/jpeg':
      return image.jpeg({ quality: 82 }).toBuffer();
    case 'image/webp':
      return image.webp({ quality: 82 }).toBuffer();
    case 'image/avif':
      return image.avif({ quality: 82 }).toBuffer();
    case 'image/gif':
      return image.gif().toBuffer();
    default:
      return image.png().toBuffer();
  }
}
