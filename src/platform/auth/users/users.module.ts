import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApplicationPasswordEntity } from '../application-passwords/application-password.entity';
import { AuthoredContentRegistry } from './user-content.hooks';
import { UserEntity } from './user.entity';
import { UsersController } from './users.controller';
import { UsersRepository } from './users.repository';
import { UsersService } from './users.service';

/** `core/v2/users`: site users and the registry of content modules whose items users author. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, ApplicationPasswordEntity])],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService, AuthoredContentRegistry],
  exports: [UsersService, AuthoredContentRegistry],
})
export class UsersModule {}
