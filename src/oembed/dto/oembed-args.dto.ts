import { Arg } from '../../rest';

/** oembed_default_width. */
export const DEFAULT_EMBED_WIDTH = 600;

export type OEmbedFormat = 'json' | 'xml';

/** PHP's absint. */
export const absint = (value: unknown): number => Math.abs(Math.trunc(parseFloat(String(value)))) || 0;

/** wp_oembed_ensure_format: anything but `xml` is `json`. */
export const ensureFormat = (value: unknown): OEmbedFormat => (value === 'xml' ? 'xml' : 'json');

const URL_ARG = {
  description: 'The URL of the resource for which to fetch oEmbed data.',
  required: true,
  type: 'string',
  format: 'uri',
} as const;

/** `GET /oembed/1.0/embed` (no types on format and maxwidth: they are only sanitised, as in WordPress). */
export class EmbedArgs {
  @Arg(URL_ARG)
  url: string;

  @Arg({ default: 'json', sanitize: ensureFormat })
  format: OEmbedFormat;

  @Arg({ default: DEFAULT_EMBED_WIDTH, sanitize: absint })
  maxwidth: number;
}

/** `GET /oembed/1.0/proxy`. */
export class ProxyArgs {
  @Arg(URL_ARG)
  url: string;

  @Arg({ description: 'The oEmbed format to use.', type: 'string', default: 'json', enum: ['json', 'xml'] })
  format: OEmbedFormat;

  @Arg({
    description: 'The maximum width of the embed frame in pixels.',
    type: 'integer',
    default: DEFAULT_EMBED_WIDTH,
    sanitize: absint,
  })
  maxwidth: number;

  @Arg({
    description: 'The maximum height of the embed frame in pixels.',
    type: 'integer',
    sanitize: absint,
  })
  maxheight?: number;

  @Arg({
    description: 'Whether to perform an oEmbed discovery request for unsanctioned providers.',
    type: 'boolean',
    default: true,
  })
  discover: boolean;
}
