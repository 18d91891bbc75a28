import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ObjectTypesModule } from '../object-types';
import { ThemesModule } from '../themes';
import { MenuEntity, MenuLocationEntity } from './menu.entity';
import { MenuLocationsController, MenusController } from './menus.controller';
import { MenusRepository } from './menus.repository';
import { MenusService } from './menus.service';

/** `core/v2/menus` and `core/v2/menu-locations`. */
@Module({
  imports: [TypeOrmModule.forFeature([MenuEntity, MenuLocationEntity]), ObjectTypesModule, ThemesModule],
  controllers: [MenusController, MenuLocationsController],
  providers: [MenusRepository, MenusService],
})
export class MenusModule {}
