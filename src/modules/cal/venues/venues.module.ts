import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../../../platform/auth';
import { MediaModule } from '../../core/media';
import { VenueEntity } from './venue.entity';
import { VenuesController } from './venues.controller';
import { VenuesRepository } from './venues.repository';
import { VenuesService } from './venues.service';

/** `cal/events/v1/venues`. */
@Module({
  imports: [TypeOrmModule.forFeature([VenueEntity]), UsersModule, MediaModule],
  controllers: [VenuesController],
  providers: [VenuesRepository, VenuesService],
  exports: [VenuesService],
})
export class VenuesModule {}
