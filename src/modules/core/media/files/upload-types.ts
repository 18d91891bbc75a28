import { fileTypeFromBuffer } from 'file-type';

/** One allowed upload type: WordPress's MIME type for the extension, and what the bytes may be sniffed as. */
interface AllowedType {
  mime: string;
  /** MIME types file-type reports for such files (none: a text format, recognised by its content). */
  sniffed: readonly string[];
}

const type = (mime: string, ...sniffed: string[]): AllowedType => ({
  mime,
  sniffed: sniffed.length > 0 ? sniffed : [mime],
});
const text = (mime: string): AllowedType => ({ mime, sniffed: [] });

const JPEG = type('image/jpeg');
const TIFF = type('image/tiff');
const MPEG_VIDEO = type('video/mpeg', 'video/mpeg', 'video/MP1S', 'video/MP2P');
const MP4 = type('video/mp4', 'video/mp4', 'video/x-m4v');
const QUICKTIME = type('video/quicktime');
const MP3 = type('audio/mpeg', 'audio/mpeg', 'audio/x-m4a', 'audio/mp4');
const OGG = type('audio/ogg', 'audio/ogg', 'audio/opus');
const MIDI = type('audio/midi');
const CFB = ['application/x-cfb'];

/**
 * WordPress's get_allowed_mime_types() for a user without `unfiltered_html`, less what can run in a browser or
 * on a server: no HTML, SVG, JavaScript, CSS, Flash, executables or PHP (WordPress never allows those either,
 * apart from JavaScript and CSS, refused here as scripts).
 */
export const ALLOWED_UPLOAD_TYPES: Readonly<Record<string, AllowedType>> = {
  jpg: JPEG,
  jpeg: JPEG,
  jpe: JPEG,
  gif: type('image/gif'),
  png: type('image/png'),
  bmp: type('image/bmp'),
  tif: TIFF,
  tiff: TIFF,
  webp: type('image/webp'),
  avif: type('image/avif'),
  ico: type('image/x-icon'),
  heic: type('image/heic', 'image/heic', 'image/heic-sequence', 'image/heif'),
  mp4: MP4,
  m4v: MP4,
  mov: QUICKTIME,
  qt: QUICKTIME,
  webm: type('video/webm'),
  ogv: type('video/ogg'),
  avi: type('video/avi', 'video/vnd.avi', 'video/x-msvideo'),
  mpeg: MPEG_VIDEO,
  mpg: MPEG_VIDEO,
  mpe: MPEG_VIDEO,
  '3gp': type('video/3gpp', 'video/3gpp'),
  mkv: type('video/x-matroska', 'video/matroska', 'video/x-matroska'),
  wmv: type('video/x-ms-wmv', 'video/x-ms-asf'),
  mp3: MP3,
  m4a: MP3,
  wav: type('audio/wav', 'audio/wav', 'audio/vnd.wave', 'audio/x-wav'),
  ogg: OGG,
  oga: OGG,
  flac: type('audio/flac', 'audio/flac', 'audio/x-flac'),
  aac: type('audio/aac'),
  wma: type('audio/x-ms-wma', 'audio/x-ms-asf', 'video/x-ms-asf'),
  mid: MIDI,
  midi: MIDI,
  pdf: type('application/pdf'),
  rtf: type('application/rtf'),
  doc: type('application/msword', ...CFB),
  xls: type('application/vnd.ms-excel', ...CFB),
  ppt: type('application/vnd.ms-powerpoint', ...CFB),
  docx: type('application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
  xlsx: type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  pptx: type('application/vnd.openxmlformats-officedocument.presentationml.presentation'),
  odt: type('application/vnd.oasis.opendocument.text'),
  ods: type('application/vnd.oasis.opendocument.spreadsheet'),
  odp: type('application/vnd.oasis.opendocument.presentation'),
  zip: type('application/zip'),
  gz: type('application/x-gzip', 'application/gzip'),
  gzip: type('application/x-gzip', 'application/gzip'),
  tar: type('application/x-tar'),
  '7z': type('application/x-7z-compressed'),
  rar: type('application/rar', 'application/x-rar-compressed'),
  psd: type('application/octet-stream', 'image/vnd.adobe.photoshop'),
  txt: text('text/plain'),
  asc: text('text/plain'),
  srt: text('text/plain'),
  csv: text('text/csv'),
  tsv: text('text/tab-separated-values'),
  ics: text('text/calendar'),
  vtt: text('text/vtt'),
};

/** Image types the site displays and makes sizes of (WordPress's wp_attachment_is_image: media_type `image`). */
export const DISPLAYABLE_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
]);

/** The canonical extension of each image type (an image whose name says otherwise is renamed, as WordPress does). */
const IMAGE_EXTENSIONS: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/bmp': 'bmp',
  'image/tiff': 'tif',
  'image/x-icon': 'ico',
  'image/heic': 'heic',
};

export interface CheckedUpload {
  /** The extension the stored file gets (the name's, or the real type's for a misnamed image). */
  ext: string;
  mime: string;
}

/** Text that a browser or a server would run: PHP, markup, scripts, shebangs. */
const ACTIVE_TEXT = /<\?(php|=)|<script|<!doctype\s+html|<html|<svg|<iframe|<object|<embed/i;

function isPlainText(bytes: Buffer): boolean {
  const sample = bytes.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  const start = decoded.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('#!') || /^<[a-z!?]/i.test(start)) return false;
  return !ACTIVE_TEXT.test(decoded);
}

/** The extension of a client's file name, lower-case ('' when none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * WordPress's wp_check_filetype_and_ext, judged by the bytes: the name's extension must be an allowed type and
 * the content must really be of that type (sniffed from its magic numbers with file-type; text formats must be
 * plain text without markup or code). A real image under another image extension is renamed; anything else
 * that does not match, executables, scripts, HTML and SVG are refused (null).
 */
export async function checkUpload(fileName: string, bytes: Buffer): Promise<CheckedUpload | null> {
  const ext = extensionOf(fileName);
  const allowed = Object.prototype.hasOwnProperty.call(ALLOWED_UPLOAD_TYPES, ext)
    ? ALLOWED_UPLOAD_TYPES[ext]
    : undefined;
  if (!allowed || bytes.length === 0) return null;
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed) {
    return allowed.sniffed.length === 0 && isPlainText(bytes) ? { ext, mime: allowed.mime } : null;
  }
  if (allowed.sniffed.includes(sniffed.mime)) return { ext, mime: allowed.mime };
  const realExt = IMAGE_EXTENSIONS[sniffed.mime];
  if (allowed.mime.startsWith('image/') && realExt) return { ext: realExt, mime: sniffed.mime };
  return null;
}
