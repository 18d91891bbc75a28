import { applyDecorators } from '@nestjs/common';
import { Allow, IsBoolean, IsDefined, IsIn, IsInt, IsOptional, IsString, IsUrl } from 'class-validator';
import { Arg, KeywordOrder } from '../../../platform/rest';

/** oembed_default_width. */
export const DEFAULT_EMBED_WIDTH = 600;

export type OEmbedFormat = 'json' | 'xml';

/** PHP's absint. */
export const absint = (value: unknown): number => Math.abs(Math.trunc(parseFloat(String(value)))) || 0;

/** wp_oembed_ensure_format: anything but `xml` is `json`. */
export const ensureFormat = (value: unknown): OEmbedFormat => (value === 'xml' ? 'xml' : 'json');

const UrlArg = () =>
  applyDecorators(
    IsDefined(),
    IsUrl(),
    Arg({ description: 'The URL of the resource for which to fetch oEmbed data.' }),
  );

/** `GET /oembed/1.0/embed` (no types on format and maxwidth: they are only sanitised, as in WordPress). */
export class EmbedArgs {
  @UrlArg()
  url: string;

  @Allow()
  @Arg({ default: 'json', sanitize: ensureFormat })
  format: OEmbedFormat;

  @Allow()
  @Arg({ default: DEFAULT_EMBED_WIDTH, sanitize: absint })
  maxwidth: number;
}

/** `GET /oembed/1.0/proxy`. */
export class ProxyArgs {
  @UrlArg()
  url: string;

  @IsOptional()
  @IsString()
  @IsIn(['json', 'xml'])
  @Arg(
    { description: 'The oEmbed format to use.', default: 'json' },
    { order: KeywordOrder.defaultBeforeEnum },
  )
  format: OEmbedFormat;

  @IsOptional()
  @IsInt()
  @Arg({
    description: 'The maximum width of the embed frame in pixels.',
    default: DEFAULT_EMBED_WIDTH,
    sanitize: absint,
  })
  maxwidth: number;

  @IsOptional()
  @IsInt()
  @Arg({ description: 'The maximum height of the embed frame in pixels.', sanitize: absint })
  maxheight?: number;

  @IsOptional()
  @IsBoolean()
  @Arg({
    description: 'Whether to perform an oEmbed discovery request for unsanctioned providers.',
    default: true,
  })
  discover: boolean;
}
