import { Arg } from '../../rest';

const KEY_DESCRIPTION = 'A 12-character spam-filter API key.';

export class SetKeyArgs {
  @Arg({
    description: KEY_DESCRIPTION,
    type: 'string',
    required: true,
    sanitize: (value) => String(value).trim(),
  })
  key: string;
}

export class AlertArgs {
  @Arg({ description: KEY_DESCRIPTION, type: 'string' })
  key?: string;
}

export class UpdateSettingsArgs {
  @Arg({
    description:
      'If true, the spam filter discards the worst spam automatically rather than putting it in the spam folder.',
    type: 'boolean',
  })
  spamfilter_strictness?: boolean;

  @Arg({
    description:
      'If true, show the number of approved comments beside each comment author in the comments list page.',
    type: 'boolean',
  })
  spamfilter_show_user_comments_approved?: boolean;
}

const INTERVAL_DESCRIPTION = 'The time period for which to retrieve stats. Options: 60-days, 6-months, all';

export class StatsArgs {
  @Arg({ description: INTERVAL_DESCRIPTION, type: 'string', default: 'all' })
  interval: string;

  @Arg({
    description:
      "The site's own counts (kept also while the service is unreachable) instead of the service's figures.",
    type: 'boolean',
    default: false,
  })
  local: boolean;
}

export class StatsPathArgs {
  @Arg({ description: INTERVAL_DESCRIPTION, type: 'string' })
  interval?: string;
}
