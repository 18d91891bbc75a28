import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../../platform/auth';
import { HttpClientModule } from '../../platform/common/http';
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
  ],
  controllers: [WebhooksController],
  providers: [HookOutbox, WebhooksRepository, WebhooksService, WebhookSenderJob],
  exports: [WebhookSenderJob],
})
export class HooksModule {}
