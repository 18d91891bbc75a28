export { CalendarTermEntity } from './term.entity';
export type { CalendarTaxonomy } from './term.entity';
export {
  TAXONOMY_ROUTE,
  termLink,
  termUrls,
  toEmbeddedTermObject,
  toTermObject,
  WIRE_TAXONOMY,
} from './term.mapper';
export { CalendarTermsService, canManageTerms } from './terms.service';
export { EventTermsModule } from './event-terms.module';
