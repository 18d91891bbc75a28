import {
  CREATABLE,
  DELETABLE,
  EDITABLE,
  NS,
  paginated,
  Permissions,
  READABLE,
  RestCall,
  RestController,
  RestResponse,
  RestRoute,
} from '../../platform/rest';
import {
  CreateWebhookArgs,
  ListDeliveriesArgs,
  ListWebhooksArgs,
  ReplayDeliveryArgs,
  UpdateWebhookArgs,
  WebhookIdArgs,
} from './dto/webhook-args.dto';
import { toDeliveryJson, toWebhookJson } from './webhook.mapper';
import { WebhookInput, WebhooksService } from './webhooks.service';

const ADMIN = Permissions.capability('manage_options');

/** `hooks/v1/webhooks`: signed webhooks with their deliveries (administrators only). */
@RestController(NS.hooks)
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @RestRoute('/webhooks', { methods: READABLE, args: ListWebhooksArgs, permission: ADMIN })
  async list(call: RestCall<ListWebhooksArgs>) {
    const { page, per_page: perPage } = call.args;
    const [items, total] = await this.webhooks.list(page, perPage);
    return paginated(
      call,
      items.map((webhook) => toWebhookJson(webhook)),
      { total, page, perPage },
    );
  }

  @RestRoute('/webhooks', { methods: CREATABLE, args: CreateWebhookArgs, permission: ADMIN })
  async create(call: RestCall<CreateWebhookArgs>) {
    const webhook = await this.webhooks.create(call.user, this.inputOf(call));
    const response = RestResponse.created(
      toWebhookJson(webhook, true),
      call.urls.route(`/${NS.hooks}/webhooks/${webhook.id}`),
    );
    return response.uncached();
  }

  @RestRoute('/webhooks/(?P<id>\\d+)', { methods: READABLE, args: WebhookIdArgs, permission: ADMIN })
  async get(call: RestCall<WebhookIdArgs>) {
    return toWebhookJson(await this.webhooks.get(call.args.id));
  }

  @RestRoute('/webhooks/(?P<id>\\d+)', { methods: EDITABLE, args: UpdateWebhookArgs, permission: ADMIN })
  async update(call: RestCall<UpdateWebhookArgs>) {
    return toWebhookJson(await this.webhooks.update(call.args.id, this.inputOf(call)));
  }

  @RestRoute('/webhooks/(?P<id>\\d+)', { methods: DELETABLE, args: WebhookIdArgs, permission: ADMIN })
  async delete(call: RestCall<WebhookIdArgs>) {
    const previous = await this.webhooks.delete(call.args.id);
    return { deleted: true, previous: toWebhookJson(previous) };
  }

  @RestRoute('/webhooks/(?P<id>\\d+)/rotate-secret', {
    methods: CREATABLE,
    args: WebhookIdArgs,
    permission: ADMIN,
  })
  async rotateSecret(call: RestCall<WebhookIdArgs>) {
    return new RestResponse(toWebhookJson(await this.webhooks.rotateSecret(call.args.id), true)).uncached();
  }

  @RestRoute('/webhooks/(?P<id>\\d+)/deliveries', {
    methods: READABLE,
    args: ListDeliveriesArgs,
    permission: ADMIN,
  })
  async deliveries(call: RestCall<ListDeliveriesArgs>) {
    const { id, page, per_page: perPage } = call.args;
    const [views, total] = await this.webhooks.deliveries(id, page, perPage);
    const items = views.map((view) => toDeliveryJson(view.delivery, view.event));
    return paginated(call, items, { total, page, perPage });
  }

  @RestRoute('/webhooks/(?P<id>\\d+)/deliveries/(?P<delivery>\\d+)/replay', {
    methods: CREATABLE,
    args: ReplayDeliveryArgs,
    permission: ADMIN,
  })
  async replay(call: RestCall<ReplayDeliveryArgs>) {
    const view = await this.webhooks.replay(call.args.id, call.args.delivery);
    return new RestResponse(toDeliveryJson(view.delivery, view.event), 202);
  }

  private inputOf(call: RestCall<CreateWebhookArgs | UpdateWebhookArgs>): WebhookInput & {
    url: string;
    events: string[];
  } {
    const { url, events, languages, active } = call.args;
    return {
      url: url as string,
      events: events as string[],
      ...(call.has('languages') ? { languages } : {}),
      ...(call.has('active') || active !== undefined ? { active } : {}),
    };
  }
}
