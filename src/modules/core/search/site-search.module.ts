import { Module } from '@nestjs/common';
import { SiteSearchController } from './site-search.controller';
import { SiteSearchRepository } from './site-search.repository';
import { SiteSearchService } from './site-search.service';

/** `core/v2/search`. */
@Module({
  controllers: [SiteSearchController],
  providers: [SiteSearchRepository, SiteSearchService],
})
export class SiteSearchModule {}
