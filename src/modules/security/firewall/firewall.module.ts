import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityCoreModule } from '../security-core.module';
import { FirewallBlockEntity, FirewallHitEntity, FirewallLogEntity } from './firewall.entities';
import { FirewallMiddleware } from './firewall.middleware';
import { FirewallRepository } from './firewall.repository';
import { FirewallService } from './firewall.service';

/** The firewall in front of every route (its middleware is installed by app.setup.ts). */
@Module({
  imports: [
    TypeOrmModule.forFeature([FirewallBlockEntity, FirewallHitEntity, FirewallLogEntity]),
    SecurityCoreModule,
  ],
  providers: [FirewallRepository, FirewallService, FirewallMiddleware],
  exports: [FirewallService, FirewallMiddleware],
})
export class FirewallModule {}
