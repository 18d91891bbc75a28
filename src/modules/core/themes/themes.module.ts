import { Module } from '@nestjs/common';
import { ObjectTypesModule } from '../object-types';
import { ThemesController } from './themes.controller';
import { ThemesService } from './themes.service';

/** `core/v2/themes`. */
@Module({
  imports: [ObjectTypesModule],
  controllers: [ThemesController],
  providers: [ThemesService],
  exports: [ThemesService],
})
export class ThemesModule {}
