import { Module } from '@nestjs/common';
import { ObjectTypesModule } from '../../object-types';
import { BlockTypesController } from './block-types.controller';
import { BlockTypesService } from './block-types.service';

/** `core/v2/block-types`. */
@Module({
  imports: [ObjectTypesModule],
  controllers: [BlockTypesController],
  providers: [BlockTypesService],
})
export class BlockTypesModule {}
