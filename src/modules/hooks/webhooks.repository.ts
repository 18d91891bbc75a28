import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { claimDueRows } from '../../platform/database';
import { HookDeliveryEntity, HookEventEntity, WebhookEntity } from './hooks.entities';

/** Every query of webhooks, the outbox and deliveries. */
@Injectable()
export class WebhooksRepository {
  constructor(
    @InjectRepository(WebhookEntity) private readonly webhooks: Repository<WebhookEntity>,
    @InjectRepository(HookEventEntity) private readonly events: Repository<HookEventEntity>,
    @InjectRepository(HookDeliveryEntity) private readonly deliveries: Repository<HookDeliveryEntity>,
  ) {}

  list(offset: number, limit: number): Promise<[WebhookEntity[], number]> {
    return this.webhooks.findAndCount({ order: { id: 'ASC' }, skip: offset, take: limit });
  }

  findById(id: number): Promise<WebhookEntity | null> {
    return this.webhooks.findOneBy({ id });
  }

  findActive(): Promise<WebhookEntity[]> {
    return this.webhooks.find({ where: { active: true }, order: { id: 'ASC' } });
  }

  save(webhook: WebhookEntity, manager?: EntityManager): Promise<WebhookEntity> {
    return (manager ? manager.getRepository(WebhookEntity) : this.webhooks).save(webhook);
  }

  async delete(id: number, manager: EntityManager): Promise<void> {
    await manager.delete(HookDeliveryEntity, { webhookId: id });
    await manager.delete(WebhookEntity, { id });
  }

  /** Outbox rows not yet fanned out, oldest first, each claimed by one worker. */
  claimEvents(owner: string, now: string, until: string, limit: number): Promise<HookEventEntity[]> {
    return claimDueRows(this.events, {
      due: { dispatched: false },
      order: { id: 'ASC' },
      limit,
      ownerProperty: 'claimOwner',
      untilProperty: 'claimUntil',
      owner,
      until,
      now,
    });
  }

  /**
   * Fans one event out: its deliveries and its fixed payload, in one transaction. An event no webhook wants is
   * dropped, so the outbox stays small on a site without webhooks.
   */
  async dispatch(
    event: HookEventEntity,
    payload: string,
    deliveries: Array<Partial<HookDeliveryEntity>>,
    manager: EntityManager,
  ): Promise<void> {
    if (!deliveries.length) {
      await manager.delete(HookEventEntity, { id: event.id });
      return;
    }
    await manager.insert(HookDeliveryEntity, deliveries);
    await manager.update(
      HookEventEntity,
      { id: event.id },
      { dispatched: true, payload, claimOwner: null, claimUntil: null },
    );
  }

  /**
   * Due deliveries of active webhooks, each the pending one of the oldest event of its object for its webhook (an
   * instance may fan a later event out first, so order is the events', not the deliveries') and with no older
   * event of the object still waiting for fan-out (per-object order), claimed row by row so that of several
   * instances exactly one sends each.
   */
  async claimDeliveries(
    owner: string,
    now: string,
    until: string,
    limit: number,
  ): Promise<HookDeliveryEntity[]> {
    const candidates = await this.deliveries
      .createQueryBuilder('d')
      .innerJoin(WebhookEntity, 'w', 'w.id = d.webhook_id AND w.active = :active', { active: true })
      .innerJoin(HookEventEntity, 'ev', 'ev.id = d.event_id')
      .where('d.status = :pending', { pending: 'pending' })
      .andWhere('d.next_attempt_gmt <= :now', { now })
      .andWhere('(d.claim_until IS NULL OR d.claim_until < :now)')
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM hook_deliveries e WHERE e.webhook_id = d.webhook_id
          AND e.object_key = d.object_key AND e.status = :pending
          AND (e.event_id < d.event_id OR (e.event_id = d.event_id AND e.id < d.id)))`,
      )
      .andWhere(
        `NOT EXISTS (SELECT 1 FROM hook_events x WHERE x.object_type = ev.object_type
          AND x.object_id = ev.object_id AND x.dispatched = :undispatched AND x.id < ev.id)`,
        { undispatched: false },
      )
      .orderBy('d.event_id', 'ASC')
      .addOrderBy('d.id', 'ASC')
      .limit(limit)
      .getMany();
    const claimed: number[] = [];
    for (const row of candidates) {
      const result = await this.deliveries
        .createQueryBuilder()
        .update()
        .set({ claimOwner: owner, claimUntil: until })
        .where('id = :id', { id: row.id })
        .andWhere('status = :pending', { pending: 'pending' })
        .andWhere('(claim_until IS NULL OR claim_until < :now)', { now })
        .execute();
      if ((result.affected ?? 0) === 1) claimed.push(row.id);
    }
    if (!claimed.length) return [];
    return this.deliveries
      .createQueryBuilder('d')
      .where('d.id IN (:...ids)', { ids: claimed })
      .andWhere('d.claim_owner = :owner', { owner })
      .orderBy('d.event_id', 'ASC')
      .getMany();
  }

  findEvent(id: number): Promise<HookEventEntity | null> {
    return this.events.findOneBy({ id });
  }

  saveDelivery(delivery: HookDeliveryEntity): Promise<HookDeliveryEntity> {
    return this.deliveries.save(delivery);
  }

  insertDelivery(delivery: Partial<HookDeliveryEntity>): Promise<HookDeliveryEntity> {
    return this.deliveries.save(this.deliveries.create(delivery));
  }

  findDelivery(webhookId: number, id: number): Promise<HookDeliveryEntity | null> {
    return this.deliveries.findOneBy({ webhookId, id });
  }

  listDeliveries(webhookId: number, offset: number, limit: number): Promise<[HookDeliveryEntity[], number]> {
    return this.deliveries.findAndCount({
      where: { webhookId },
      order: { id: 'DESC' },
      skip: offset,
      take: limit,
    });
  }

  eventsByIds(ids: number[]): Promise<HookEventEntity[]> {
    return ids.length
      ? this.events.createQueryBuilder('e').where('e.id IN (:...ids)', { ids }).getMany()
      : Promise.resolve([]);
  }
}
