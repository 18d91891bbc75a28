import { restDate } from '../../platform/common/dates';
import { HookDeliveryEntity, HookEventEntity, WebhookEntity } from './hooks.entities';

const date = (stored: string | null) => (stored ? restDate(stored) : null);

/** A webhook on the wire; `secret` only in the answers that create or rotate it. */
export function toWebhookJson(webhook: WebhookEntity, showSecret = false) {
  return {
    id: webhook.id,
    url: webhook.url,
    events: JSON.parse(webhook.events) as string[],
    languages: webhook.languages ? (JSON.parse(webhook.languages) as string[]) : [],
    active: webhook.active,
    disabled_reason: webhook.disabledReason,
    failing_since_gmt: date(webhook.failingSince),
    previous_secret_expires_gmt: date(webhook.previousSecretUntil),
    date_gmt: date(webhook.createdGmt),
    modified_gmt: date(webhook.modifiedGmt),
    ...(showSecret ? { secret: webhook.secret } : {}),
  };
}

/** One delivery: status, attempts, the last answer and the next attempt. */
export function toDeliveryJson(delivery: HookDeliveryEntity, event: HookEventEntity | undefined) {
  return {
    id: delivery.id,
    webhook: delivery.webhookId,
    message_id: `msg_${delivery.eventId}`,
    event: event?.type ?? null,
    object: event ? { type: event.objectType, id: event.objectId } : null,
    status: delivery.status,
    attempts: delivery.attempts,
    response_code: delivery.responseCode,
    response_time_ms: delivery.responseMs,
    last_error: delivery.lastError,
    last_attempt_gmt: date(delivery.lastAttemptGmt),
    next_attempt_gmt: date(delivery.nextAttemptGmt),
    delivered_gmt: date(delivery.deliveredGmt),
    date_gmt: date(delivery.createdGmt),
  };
}
