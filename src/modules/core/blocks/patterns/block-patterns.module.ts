import { Module } from '@nestjs/common';
import { ObjectTypesModule } from '../../object-types';
import { BlockPatternsController } from './block-patterns.controller';
import { BlockPatternsService } from './block-patterns.service';

/** `core/v2/block-patterns`. */
@Module({
  imports: [ObjectTypesModule],
  controllers: [BlockPatternsController],
  providers: [BlockPatternsService],
})
export class BlockPatternsModule {}
