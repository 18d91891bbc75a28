import type { RestUrls } from '../rest';
import type { MediaEntity } from './media.entity';

/** TEC's image object (`Post_Repository::get_featured_image`); `false` when there is no image. */
export interface ImageObject {
  url: string;
  id: number;
  extension: string;
  width?: number;
  height?: number;
  sizes?: Record<string, { width: number; height: number; 'mime-type': string; url: string }>;
}

export function absoluteMediaUrl(url: string, urls: Pick<RestUrls, 'site'>): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : urls.site(url.startsWith('/') ? url : `/${url}`);
}

export function fileExtension(url: string): string {
  const path = url.split(/[?#]/, 1)[0];
  const file = path.slice(path.lastIndexOf('/') + 1);
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(dot + 1).toLowerCase() : '';
}

/** `url`, `id`, `extension`, then the known metadata; empty entries dropped as TEC does. */
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
  return image;
}
