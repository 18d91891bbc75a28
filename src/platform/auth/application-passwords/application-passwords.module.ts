import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users/users.module';
import { ApplicationPasswordEntity } from './application-password.entity';
import { ApplicationPasswordsController } from './application-passwords.controller';
import { ApplicationPasswordsService } from './application-passwords.service';

/** `core/v2/users/{id}/application-passwords`: the credentials REST clients authenticate with. */
@Module({
  imports: [TypeOrmModule.forFeature([ApplicationPasswordEntity]), UsersModule],
  controllers: [ApplicationPasswordsController],
  providers: [ApplicationPasswordsService],
  exports: [ApplicationPasswordsService],
})
export class ApplicationPasswordsModule {}
