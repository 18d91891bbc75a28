import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConsoleAuthController } from './console-auth.controller';
import { ConsoleAuthService } from './console-auth.service';
import { SecuritySiteEntity } from './security-site.entity';
import { SecuritySiteRepository } from './security-site.repository';

/** The central console's authentication and connection (authenticate, authenticate-premium, premium-connect, disconnect). */
@Module({
  imports: [TypeOrmModule.forFeature([SecuritySiteEntity])],
  controllers: [ConsoleAuthController],
  providers: [SecuritySiteRepository, ConsoleAuthService],
  exports: [ConsoleAuthService],
})
export class ConsoleModule {}
