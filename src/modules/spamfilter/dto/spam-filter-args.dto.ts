import { IsBoolean, IsDefined, IsOptional, IsString } from 'class-validator';
import { Arg, ArgsKeywordOrder } from '../../../platform/rest';

/** The plugin declares its arguments type first. */
const SPAM_FILTER_KEYWORD_ORDER = ['type', 'description'];

const KEY_DESCRIPTION = 'A 12-character spam-filter API key.';

@ArgsKeywordOrder(SPAM_FILTER_KEYWORD_ORDER)
export class SetKeyArgs {
  @IsDefined()
  @IsString()
  @Arg({ description: KEY_DESCRIPTION, sanitize: (value) => String(value).trim() })
  key: string;
}

@ArgsKeywordOrder(SPAM_FILTER_KEYWORD_ORDER)
export class AlertArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: KEY_DESCRIPTION })
  key?: string;
}

export class UpdateSettingsArgs {
  @IsOptional()
  @IsBoolean()
  @Arg({
    description:
      'If true, the spam filter discards the worst spam automatically rather than putting it in the spam folder.',
  })
  spamfilter_strictness?: boolean;

  @IsOptional()
  @IsBoolean()
  @Arg({
    description:
      'If true, show the number of approved comments beside each comment author in the comments list page.',
  })
  spamfilter_show_user_comments_approved?: boolean;
}

const INTERVAL_DESCRIPTION = 'The time period for which to retrieve stats. Options: 60-days, 6-months, all';

@ArgsKeywordOrder(SPAM_FILTER_KEYWORD_ORDER)
export class StatsArgs {
  // No enum, as the plugin: an unknown interval answers the `all` figures.
  @IsOptional()
  @IsString()
  @Arg({ description: INTERVAL_DESCRIPTION, default: 'all' })
  interval: string;

  @IsOptional()
  @IsBoolean()
  @Arg({
    description:
      "The site's own counts (kept also while the service is unreachable) instead of the service's figures.",
    default: false,
  })
  local: boolean;
}

/** `stats/(?P<interval>60-days|6-months|all)`: the capture (the route's pattern limits it). */
@ArgsKeywordOrder(SPAM_FILTER_KEYWORD_ORDER)
export class StatsPathArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: INTERVAL_DESCRIPTION })
  interval?: string;
}

/** The webhook's body: `{key, endpoint, comments: [{guid, result, ...}]}` (comments checked in the service). */
@ArgsKeywordOrder(SPAM_FILTER_KEYWORD_ORDER)
export class WebhookArgs {
  @IsOptional()
  @IsString()
  @Arg({ description: KEY_DESCRIPTION })
  key?: string;

  @IsOptional()
  @IsString()
  @Arg({ description: 'The service method the call reports on: comment-check, submit-spam or submit-ham.' })
  endpoint?: string;

  // Any JSON value (WordPress multi-type): the service answers a malformed list itself.
  @IsOptional()
  @Arg({
    description: 'The comments, each with its check guid and the result.',
    type: ['string', 'number', 'boolean', 'null', 'object', 'array'],
  })
  comments?: unknown;
}
