export { SiteSearchModule } from './site-search.module';
export { SiteSearchService } from './site-search.service';
