import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../../../platform/auth';
import { MediaModule } from '../../core/media';
import { OrganizerEntity } from './organizer.entity';
import { OrganizersController } from './organizers.controller';
import { OrganizersRepository } from './organizers.repository';
import { OrganizersService } from './organizers.service';

/** `cal/events/v1/organizers`. */
@Module({
  imports: [TypeOrmModule.forFeature([OrganizerEntity]), UsersModule, MediaModule],
  controllers: [OrganizersController],
  providers: [OrganizersRepository, OrganizersService],
  exports: [OrganizersService],
})
export class OrganizersModule {}
