import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommentSpamFilterRegistry, CommentsModule } from '../core/comments';
import { SpamCheckService } from './spam-check.service';
import { SpamFilterClient } from './spam-filter.client';
import { SpamFilterController } from './spam-filter.controller';
import { SpamFilterEventEntity, SpamFilterQueueEntity, SpamFilterStateEntity } from './spam-filter.entities';
import { SpamFilterRepository } from './spam-filter.repository';
import { SpamFilterService } from './spam-filter.service';
import { SpamRecheckJob } from './spam-recheck.job';
import { SpamWebhookService } from './spam-webhook.service';

/** `spamfilter/v1` and the spam check of every new comment, with its re-check queue. */
@Module({
  imports: [
    TypeOrmModule.forFeature([SpamFilterStateEntity, SpamFilterEventEntity, SpamFilterQueueEntity]),
    CommentsModule,
  ],
  controllers: [SpamFilterController],
  providers: [
    SpamFilterClient,
    SpamFilterRepository,
    SpamFilterService,
    SpamCheckService,
    SpamRecheckJob,
    SpamWebhookService,
  ],
  exports: [SpamFilterService, SpamRecheckJob],
})
export class SpamFilterModule implements OnModuleInit {
  constructor(
    private readonly registry: CommentSpamFilterRegistry,
    private readonly checks: SpamCheckService,
  ) {}

  onModuleInit(): void {
    this.registry.register(this.checks);
  }
}
