export { VenueEntity } from './venue.entity';
export { deriveStateProvince, toVenueObject, venueJsonLd } from './venue.mapper';
export type { VenueObjectOptions } from './venue.mapper';
export { VenuesService } from './venues.service';
export { VenuesModule } from './venues.module';
