import { DEFAULT_LANGUAGE, LANGUAGES, type RestUrls } from '../../../platform/rest';
import type { MediaEntity } from './media.entity';

/** TEC's image object (`Post_Repository::get_featured_image`); `false` when there is no image. */
export interface ImageObject {
  url: string;
  id: number;
  extension: string;
  width?: number;
  height?: number;
  filesize?: number;
  sizes?: Record<
    string,
    { width: number; height: number; 'mime-type': string; filesize?: number; url: string }
  >;
}

interface StoredImageDetails {
  width?: number;
  height?: number;
  filesize?: number;
  sizes?: Record<
    string,
    { file: string; width: number; height: number; filesize?: number; mime_type: string }
  >;
}

function storedDetails(media: MediaEntity): StoredImageDetails | null {
  if (!media.details) return null;
  try {
    const parsed: unknown = JSON.parse(media.details);
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredImageDetails) : null;
  } catch {
    return null;
  }
}

/** Uploaded files have one URL whatever the language of the page (no `/no` prefix before `wp-content`). */
const LANGUAGE_BEFORE_UPLOADS = new RegExp(
  `/(?:${LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).join('|')})(/wp-content/uploads/)`,
);

export function absoluteMediaUrl(url: string, urls: Pick<RestUrls, 'site'>): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  const path = url.startsWith('/') ? url : `/${url}`;
  const absolute = urls.site(path);
  return path.startsWith('/wp-content/uploads/') ? absolute.replace(LANGUAGE_BEFORE_UPLOADS, '$1') : absolute;
}

export function fileExtension(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  const file = path.slice(path.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
}

/**
 * `url`, `id`, `extension`, then the attachment metadata without `file` and `image_meta` (`width`, `height`,
 * `filesize`, `sizes` with each size's URL); empty entries dropped as TEC does.
 */
export function toImageObject(
  media: MediaEntity | null | undefined,
  urls: Pick<RestUrls, 'site'>,
): ImageObject | false {
  if (!media) return false;
  const image: ImageObject = {
    url: absoluteMediaUrl(media.url, urls),
    id: media.id,
    extension: fileExtension(media.url),
  };
  if (media.width) image.width = media.width;
  if (media.height) image.height = media.height;
  const details = storedDetails(media);
  if (details?.filesize) image.filesize = details.filesize;
  const sizes = Object.entries(details?.sizes ?? {});
  if (sizes.length > 0 && media.file) {
    const folder = media.file.slice(0, media.file.lastIndexOf('/') + 1);
    image.sizes = Object.fromEntries(
      sizes.map(([name, size]) => [
        name,
        {
          width: size.width,
          height: size.height,
          'mime-type': size.mime_type,
          ...(size.filesize ? { filesize: size.filesize } : {}),
          url: absoluteMediaUrl(`/wp-content/uploads/${folder}${size.file}`, urls),
        },
      ]),
    );
  }
  return image;
}
