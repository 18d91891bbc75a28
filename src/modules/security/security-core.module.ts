import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SecurityOptionEntity } from './options/security-option.entity';
import { SecurityOptionsService } from './options/security-options.service';
import { loadSignatures, SIGNATURES } from './scan/signatures';

/** What every security resource shares: the typed options and the signature file (loaded at start-up). */
@Module({
  imports: [TypeOrmModule.forFeature([SecurityOptionEntity])],
  providers: [SecurityOptionsService, { provide: SIGNATURES, useFactory: () => loadSignatures() }],
  exports: [SecurityOptionsService, SIGNATURES],
})
export class SecurityCoreModule {}
