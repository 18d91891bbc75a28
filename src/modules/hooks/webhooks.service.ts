import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SafeHttpClient } from '../../platform/common/http';
import { formatDateTime } from '../../platform/database';
import type { RestUser } from '../../platform/rest';
import { HooksErrors } from './hooks.errors';
import { HookDeliveryEntity, HookEventEntity, WebhookEntity } from './hooks.entities';
import { newWebhookSecret } from './webhook-signature';
import { WebhooksRepository } from './webhooks.repository';

/** How long a rotated-out secret still signs deliveries. */
const PREVIOUS_SECRET_HOURS = 24;

export interface WebhookInput {
  url?: string;
  events?: string[];
  languages?: string[];
  active?: boolean;
}

export interface DeliveryView {
  delivery: HookDeliveryEntity;
  event: HookEventEntity | undefined;
}

/** Webhooks: their settings, secrets, deliveries and replays (administrators only, checked by the routes). */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly http: SafeHttpClient,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  list(page: number, perPage: number): Promise<[WebhookEntity[], number]> {
    return this.repository.list((page - 1) * perPage, perPage);
  }

  async get(id: number): Promise<WebhookEntity> {
    const webhook = await this.repository.findById(id);
    if (!webhook) throw HooksErrors.webhookNotFound();
    return webhook;
  }

  /** A new webhook with a fresh secret (shown to the caller this once). */
  async create(user: RestUser | null, input: Required<Pick<WebhookInput, 'url' | 'events'>> & WebhookInput) {
    await this.checkUrl(input.url);
    const now = formatDateTime(new Date());
    const webhook = Object.assign(new WebhookEntity(), {
      url: input.url,
      events: JSON.stringify(input.events),
      languages: input.languages?.length ? JSON.stringify(input.languages) : null,
      active: input.active ?? true,
      secret: newWebhookSecret(),
      previousSecret: null,
      previousSecretUntil: null,
      failingSince: null,
      disabledReason: null,
      createdBy: user?.id ?? 0,
      createdGmt: now,
      modifiedGmt: now,
    });
    return this.repository.save(webhook);
  }

  async update(id: number, input: WebhookInput): Promise<WebhookEntity> {
    const webhook = await this.get(id);
    if (input.url !== undefined) {
      await this.checkUrl(input.url);
      webhook.url = input.url;
    }
    if (input.events !== undefined) webhook.events = JSON.stringify(input.events);
    if (input.languages !== undefined) {
      webhook.languages = input.languages.length ? JSON.stringify(input.languages) : null;
    }
    if (input.active !== undefined) {
      if (input.active && !webhook.active) {
        webhook.failingSince = null;
        webhook.disabledReason = null;
      }
      webhook.active = input.active;
    }
    webhook.modifiedGmt = formatDateTime(new Date());
    return this.repository.save(webhook);
  }

  async delete(id: number): Promise<WebhookEntity> {
    const webhook = await this.get(id);
    await this.dataSource.transaction((manager) => this.repository.delete(id, manager));
    return webhook;
  }

  /** A new secret; the old one keeps signing (as a second signature) for 24 hours. */
  async rotateSecret(id: number, now = new Date()): Promise<WebhookEntity> {
    const webhook = await this.get(id);
    webhook.previousSecret = webhook.secret;
    webhook.previousSecretUntil = formatDateTime(new Date(now.getTime() + PREVIOUS_SECRET_HOURS * 3600_000));
    webhook.secret = newWebhookSecret();
    webhook.modifiedGmt = formatDateTime(now);
    return this.repository.save(webhook);
  }

  async deliveries(id: number, page: number, perPage: number): Promise<[DeliveryView[], number]> {
    await this.get(id);
    const [rows, total] = await this.repository.listDeliveries(id, (page - 1) * perPage, perPage);
    const events = new Map(
      (await this.repository.eventsByIds(rows.map((row) => row.eventId))).map((e) => [e.id, e]),
    );
    return [rows.map((delivery) => ({ delivery, event: events.get(delivery.eventId) })), total];
  }

  /** Sends a delivery's event again, as a new delivery due now (same message id, so receivers can dedupe). */
  async replay(id: number, deliveryId: number): Promise<DeliveryView> {
    await this.get(id);
    const original = await this.repository.findDelivery(id, deliveryId);
    if (!original) throw HooksErrors.deliveryNotFound();
    const now = formatDateTime(new Date());
    const delivery = await this.repository.insertDelivery({
      webhookId: id,
      eventId: original.eventId,
      objectKey: original.objectKey,
      status: 'pending',
      attempts: 0,
      nextAttemptGmt: now,
      createdGmt: now,
    });
    const [event] = await this.repository.eventsByIds([original.eventId]);
    return { delivery, event };
  }

  private async checkUrl(url: string): Promise<void> {
    if (!(await this.http.isAllowed(url))) throw HooksErrors.urlRefused();
  }
}
