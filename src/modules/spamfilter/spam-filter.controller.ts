import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestRoute,
} from '../../platform/rest';
import {
  AlertArgs,
  SetKeyArgs,
  StatsArgs,
  StatsPathArgs,
  UpdateSettingsArgs,
  WebhookArgs,
} from './dto/spam-filter-args.dto';
import { SpamWebhookService } from './spam-webhook.service';
import { SpamFilterService, SpamFilterSettings, STATS_INTERVALS, StatsInterval } from './spam-filter.service';

const manageOptions = Permissions.capability('manage_options');

/** Akismet's remote-call permission: the `key` parameter must equal the stored key (logins do not count). */
function remoteCaller(call: RestCall<AlertArgs>): Promise<boolean> {
  return call.resolve(SpamFilterService).isRemoteCaller(call.args.key);
}

function settingsResponse(settings: SpamFilterSettings) {
  return {
    spamfilter_strictness: settings.strictness,
    spamfilter_show_user_comments_approved: settings.showUserCommentsApproved,
  };
}

/** `spamfilter/v1`: Akismet's REST API (key, settings, stats, alert) with its name neutralised. */
@RestController('spamfilter/v1')
export class SpamFilterController {
  constructor(
    private readonly filter: SpamFilterService,
    private readonly webhooks: SpamWebhookService,
  ) {}

  @RestRoute('/key', { methods: READABLE, permission: manageOptions })
  async getKey(): Promise<string | false> {
    return (await this.filter.apiKey()) ?? false;
  }

  @RestRoute('/key', { methods: EDITABLE, args: SetKeyArgs, permission: manageOptions })
  setKey(call: RestCall<SetKeyArgs>): Promise<string> {
    return this.filter.setKey(call.args.key);
  }

  @RestRoute('/key', { methods: DELETABLE, permission: manageOptions })
  deleteKey(): Promise<true> {
    return this.filter.deleteKey();
  }

  @RestRoute('/settings', { methods: READABLE, permission: manageOptions })
  async getSettings() {
    return settingsResponse(await this.filter.settings());
  }

  @RestRoute('/settings', { methods: EDITABLE, args: UpdateSettingsArgs, permission: manageOptions })
  async updateSettings(call: RestCall<UpdateSettingsArgs>) {
    const { args } = call;
    return settingsResponse(
      await this.filter.updateSettings({
        strictness: args.spamfilter_strictness,
        showUserCommentsApproved: args.spamfilter_show_user_comments_approved,
      }),
    );
  }

  @RestRoute('/stats', { methods: READABLE, args: StatsArgs, permission: manageOptions })
  stats(call: RestCall<StatsArgs>) {
    const interval: StatsInterval = (STATS_INTERVALS as readonly string[]).includes(call.args.interval)
      ? (call.args.interval as StatsInterval)
      : 'all';
    return call.args.local ? this.filter.localStats(interval) : this.filter.remoteStats(interval);
  }

  /**
   * The spec's `/stats/{interval}`. (Akismet registers `[\w+]`, which matches one character only, so there
   * `/stats/all` is 404; here the three intervals work as path segments.)
   */
  @RestRoute('/stats/(?P<interval>60-days|6-months|all)', {
    methods: READABLE,
    args: StatsPathArgs,
    permission: manageOptions,
  })
  statsByPath(call: RestCall<StatsPathArgs>) {
    return this.filter.remoteStats(call.args.interval ?? 'all');
  }

  @RestRoute('/alert', { methods: READABLE, args: AlertArgs, permission: remoteCaller })
  alert() {
    return this.filter.alert();
  }

  @RestRoute('/alert', { methods: EDITABLE, args: AlertArgs, permission: remoteCaller })
  refreshAlert() {
    return this.filter.refreshAlert();
  }

  @RestRoute('/alert', { methods: DELETABLE, args: AlertArgs, permission: remoteCaller })
  deleteAlert() {
    return this.filter.deleteAlert();
  }

  /** Akismet's webhook (newer than 5.3.1, described in plugins.md §2): the service's later verdicts. */
  @RestRoute('/webhook', { methods: CREATABLE, args: WebhookArgs, permission: remoteCaller })
  webhook(call: RestCall<WebhookArgs>) {
    return this.webhooks.receive(call.args.endpoint, call.args.comments);
  }
}
