import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SiteUser, UsersService } from '../../platform/auth';
import { SafeHttpClient } from '../../platform/common/http';
import { AppConfig } from '../../platform/config';
import { formatDateTime } from '../../platform/database';
import { LANGUAGES, Language, RestServer } from '../../platform/rest';
import { matchesEvent } from './hook-events';
import { HookDeliveryEntity, HookEventEntity, WebhookEntity } from './hooks.entities';
import { signatureHeader } from './webhook-signature';
import { WebhooksRepository } from './webhooks.repository';

const EVENT_BATCH = 100;
const DELIVERY_BATCH = 20;
/** Rounds of sending per run: each round sends the next event of every object whose previous one went out. */
const MAX_ROUNDS = 10;
/** How long a claim of events holds if its instance dies mid-run. */
const CLAIM_SECONDS = 120;
/** Standard Webhooks' window: a delivery is retried, and a failing webhook kept, for 3 days. */
const RETRY_WINDOW_MS = 3 * 24 * 3600_000;
const FIRST_RETRY_MS = 5_000;
const LONGEST_WAIT_MS = 10 * 3600_000;
const RESPONSE_BYTES = 2048;

export interface SenderRun {
  fannedOut: number;
  sent: number;
  failed: number;
}

/** Wait before attempt `attempts + 1`: 5 s, 20 s, 80 s, ... times four each time, at most 10 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LONGEST_WAIT_MS, FIRST_RETRY_MS * 4 ** Math.max(0, attempts - 1));
}

const at = (ms: number) => formatDateTime(new Date(ms));
const parseUtc = (stored: string) => Date.parse(`${stored.replace(' ', 'T')}Z`);

/**
 * The background sender (every `HOOKS_POLL_MS`): fans the committed outbox rows out to one delivery per matching webhook (the body
 * fixed once, the object as its REST item route shows it in the view context), then posts due deliveries,
 * signed per Standard Webhooks. Both steps claim their rows in the database, so with several instances each
 * event is fanned out once and each delivery sent once; deliveries of one object to one webhook go in order.
 */
@Injectable()
export class WebhookSenderJob implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('WebhookSenderJob');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SenderRun> | null = null;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly http: SafeHttpClient,
    private readonly server: RestServer,
    private readonly users: UsersService,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const ms = this.config.hooksPollMs;
    if (ms <= 0) return;
    this.timer = setInterval(() => {
      if (!this.running) void this.drain();
    }, ms);
    this.timer.unref();
  }

  /** Runs until a run finds nothing to do, so a burst of writes is not paced by the poll interval. */
  private async drain(): Promise<void> {
    try {
      while (this.timer) {
        const run = await this.runOnce();
        if (run.fannedOut === 0 && run.sent + run.failed === 0) return;
      }
    } catch (error) {
      this.logger.error(`webhook run failed: ${String(error)}`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One run: fan out, then send what is due at `now` (tests pass their own clock). */
  runOnce(now: Date = new Date()): Promise<SenderRun> {
    const run = this.run(now).finally(() => {
      if (this.running === run) this.running = null;
    });
    this.running = run;
    return run;
  }

  private async run(now: Date): Promise<SenderRun> {
    const result: SenderRun = { fannedOut: 0, sent: 0, failed: 0 };
    const owner = randomUUID();
    const started = performance.now();
    result.fannedOut = await this.fanOut(owner, now);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      // The run's clock moves on with real time, so later rounds' claims are not already expired.
      const roundNow = new Date(now.getTime() + Math.round(performance.now() - started));
      // A claim outlives the batch's sends even if every target times out, or another instance would send again.
      const claimMs = CLAIM_SECONDS * 1000 + DELIVERY_BATCH * this.config.hooksTimeoutMs;
      const rows = await this.repository.claimDeliveries(
        owner,
        formatDateTime(roundNow),
        at(roundNow.getTime() + claimMs),
        DELIVERY_BATCH,
      );
      if (!rows.length) break;
      for (const row of rows) {
        if (await this.send(row, roundNow)) result.sent += 1;
        else result.failed += 1;
      }
    }
    return result;
  }

  private async fanOut(owner: string, now: Date): Promise<number> {
    const events = await this.repository.claimEvents(
      owner,
      formatDateTime(now),
      at(now.getTime() + CLAIM_SECONDS * 1000),
      EVENT_BATCH,
    );
    if (!events.length) return 0;
    const webhooks = await this.repository.findActive();
    for (const event of events) {
      const targets = webhooks.filter((webhook) => this.wants(webhook, event));
      const payload = targets.length ? await this.payloadOf(event, targets[0]!) : '';
      const created = formatDateTime(now);
      await this.dataSource.transaction((manager) =>
        this.repository.dispatch(
          event,
          payload,
          targets.map((webhook) => ({
            webhookId: webhook.id,
            eventId: event.id,
            objectKey: `${event.objectType}:${event.objectId}`,
            status: 'pending' as const,
            attempts: 0,
            nextAttemptGmt: created,
            createdGmt: created,
          })),
          manager,
        ),
      );
    }
    return events.length;
  }

  private wants(webhook: WebhookEntity, event: HookEventEntity): boolean {
    if (!matchesEvent(JSON.parse(webhook.events) as string[], event.type)) return false;
    const languages = webhook.languages ? (JSON.parse(webhook.languages) as string[]) : null;
    return !languages || languages.includes(event.language);
  }

  /** `{type, timestamp, data}`; data as the item route shows the object to the webhook's creator. */
  private async payloadOf(event: HookEventEntity, webhook: WebhookEntity): Promise<string> {
    let data: unknown = { id: event.objectId };
    if (event.restPath && !event.type.endsWith('.deleted')) {
      const creator = await this.users.findById(webhook.createdBy);
      const language = (LANGUAGES as readonly string[]).includes(event.language)
        ? (event.language as Language)
        : undefined;
      const response = await this.server.dispatch({
        method: 'GET',
        path: event.restPath,
        query: { context: 'view' },
        headers: {},
        user: creator ? new SiteUser(creator) : null,
        prefixLanguage: language,
        requestId: randomUUID(),
        internal: true,
      });
      if (response.status === 200) data = response.data;
    }
    const timestamp = new Date(parseUtc(event.createdGmt)).toISOString();
    return JSON.stringify({ type: event.type, timestamp, data });
  }

  private async send(delivery: HookDeliveryEntity, now: Date): Promise<boolean> {
    const [webhook, event] = await Promise.all([
      this.repository.findById(delivery.webhookId),
      this.repository.findEvent(delivery.eventId),
    ]);
    if (!webhook || !event) return false;
    const messageId = `msg_${event.id}`;
    const timestamp = Math.floor(now.getTime() / 1000);
    const body = event.payload ?? '';
    const secrets = [webhook.secret];
    if (
      webhook.previousSecret &&
      webhook.previousSecretUntil &&
      webhook.previousSecretUntil > formatDateTime(now)
    ) {
      secrets.push(webhook.previousSecret);
    }
    const started = performance.now();
    const answer = await this.http.post(webhook.url, {
      headers: {
        'content-type': 'application/json',
        'webhook-id': messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureHeader(secrets, messageId, timestamp, body),
      },
      body,
      maxBytes: RESPONSE_BYTES,
      timeoutMs: this.config.hooksTimeoutMs,
    });
    delivery.attempts += 1;
    delivery.lastAttemptGmt = formatDateTime(now);
    delivery.responseMs = Math.round(performance.now() - started);
    delivery.claimOwner = null;
    delivery.claimUntil = null;
    const ok = answer !== null && 'status' in answer && answer.status >= 200 && answer.status < 300;
    delivery.responseCode = answer && 'status' in answer ? answer.status : null;
    if (ok) {
      delivery.status = 'delivered';
      delivery.deliveredGmt = formatDateTime(now);
      delivery.nextAttemptGmt = null;
      delivery.lastError = null;
      await this.repository.saveDelivery(delivery);
      if (webhook.failingSince) {
        webhook.failingSince = null;
        await this.repository.save(webhook);
      }
      return true;
    }
    delivery.lastError =
      answer === null
        ? 'The URL is not allowed: it must reach a public address.'
        : 'error' in answer
          ? answer.error
          : `HTTP ${answer.status}`;
    const age = now.getTime() - parseUtc(delivery.createdGmt);
    if (answer === null || age >= RETRY_WINDOW_MS) {
      delivery.status = 'failed';
      delivery.nextAttemptGmt = null;
    } else {
      delivery.nextAttemptGmt = at(now.getTime() + retryDelayMs(delivery.attempts));
    }
    await this.repository.saveDelivery(delivery);
    await this.noteFailure(webhook, now, delivery.lastError);
    return false;
  }

  /** A webhook failing for 3 days in a row is turned off, saying why. */
  private async noteFailure(webhook: WebhookEntity, now: Date, error: string): Promise<void> {
    if (!webhook.failingSince) {
      webhook.failingSince = formatDateTime(now);
    } else if (now.getTime() - parseUtc(webhook.failingSince) >= RETRY_WINDOW_MS) {
      webhook.active = false;
      webhook.disabledReason = `Disabled at ${formatDateTime(now)} UTC: deliveries failed for 3 days (last error: ${error}).`;
    } else {
      return;
    }
    await this.repository.save(webhook);
  }
}
