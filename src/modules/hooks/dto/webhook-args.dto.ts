import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
} from 'class-validator';
import { Arg, CommonArgs, LANGUAGES } from '../../../platform/rest';
import { EVENT_PATTERN } from '../hook-events';

const URL_RULE = { protocols: ['http', 'https'], require_tld: false, require_protocol: true };

export class ListWebhooksArgs {
  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;
}

export class WebhookIdArgs {
  @IsInt()
  @Arg({ description: 'Unique identifier for the webhook.' })
  id: number;
}

export class CreateWebhookArgs {
  @IsDefined()
  @IsString()
  @IsUrl(URL_RULE)
  @Arg({ description: 'Where deliveries are posted (http or https).' })
  url: string;

  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @Matches(EVENT_PATTERN, { each: true })
  @IsString({ each: true })
  @Arg({ description: 'Event types to deliver: `post.updated`, `post.*`, `*`.' })
  events: string[];

  @IsOptional()
  @IsArray()
  @IsIn(LANGUAGES, { each: true })
  @IsString({ each: true })
  @Arg({ description: 'Languages of the content to deliver; every language when absent.' })
  languages?: string[];

  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Whether deliveries are sent.', default: true })
  active: boolean;
}

export class UpdateWebhookArgs extends WebhookIdArgs {
  @IsOptional()
  @IsString()
  @IsUrl(URL_RULE)
  @Arg({ description: 'Where deliveries are posted (http or https).' })
  url?: string;

  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @Matches(EVENT_PATTERN, { each: true })
  @IsString({ each: true })
  @Arg({ description: 'Event types to deliver: `post.updated`, `post.*`, `*`.' })
  events?: string[];

  @IsOptional()
  @IsArray()
  @IsIn(LANGUAGES, { each: true })
  @IsString({ each: true })
  @Arg({ description: 'Languages of the content to deliver; every language when empty.' })
  languages?: string[];

  @IsOptional()
  @IsBoolean()
  @Arg({ description: 'Whether deliveries are sent; turning a disabled webhook on clears its failure.' })
  active?: boolean;
}

export class ListDeliveriesArgs extends WebhookIdArgs {
  @CommonArgs.page()
  page: number;

  @CommonArgs.perPage()
  per_page: number;
}

export class ReplayDeliveryArgs extends WebhookIdArgs {
  @IsInt()
  @Arg({ description: 'Unique identifier for the delivery.' })
  delivery: number;
}
