import { Module } from '@nestjs/common';
import { ObjectTypesController } from './object-types.controller';
import { ObjectTypesService } from './object-types.service';

/** `core/v2` types, taxonomies and statuses. */
@Module({
  controllers: [ObjectTypesController],
  providers: [ObjectTypesService],
  exports: [ObjectTypesService],
})
export class ObjectTypesModule {}
