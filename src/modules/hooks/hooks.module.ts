import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EntityManager } from 'typeorm';
import { UsersModule } from '../../platform/auth';
import { HttpClientModule } from '../../platform/common/http';
import { CoreContentModule, PostLifecycle } from '../core';
import { HookOutbox } from './hook-outbox.subscriber';
import { HookDeliveryEntity, HookEventEntity, WebhookEntity } from './hooks.entities';
import { WebhookSenderJob } from './webhook-sender.job';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/** `hooks/v1`: the outbox of content changes, the webhooks and the background sender. */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookEntity, HookEventEntity, HookDeliveryEntity]),
    HttpClientModule,
    UsersModule,
    CoreContentModule,
  ],
  controllers: [WebhooksController],
  providers: [HookOutbox, WebhooksRepository, WebhooksService, WebhookSenderJob],
  exports: [WebhookSenderJob, HookOutbox],
})
export class HooksModule implements OnModuleInit {
  constructor(
    private readonly lifecycle: PostLifecycle,
    private readonly outbox: HookOutbox,
  ) {}

  onModuleInit(): void {
    // Posts are deleted with a query, which TypeORM reports without the row: the lifecycle hook says which.
    this.lifecycle.register({
      deleting: async (postId: number, manager: EntityManager) => {
        const row = await manager
          .createQueryBuilder()
          .select(['p.id AS id', 'p.type AS type', 'p.language AS language'])
          .from('posts', 'p')
          .where('p.id = :postId', { postId })
          .getRawOne<Record<string, unknown>>();
        if (row) await this.outbox.recordDeleted(manager, 'posts', { ...row, id: Number(row.id) });
      },
    });
  }
}
