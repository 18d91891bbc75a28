import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoreContentModule } from '../../core';
import { SecurityCoreModule } from '../security-core.module';
import { ConfigurationCheck } from './checks/config.check';
import { CommentsCheck, ContentCheck } from './checks/content.check';
import { FilesCheck } from './checks/files.check';
import { MediaCheck } from './checks/media.check';
import { NewAdminCheck, StaleAppPasswordCheck, WeakPasswordCheck } from './checks/users.check';
import { IssueEntity } from './issue.entity';
import { IssuesRepository } from './issues.repository';
import { IssuesService } from './issues.service';
import { RepairService } from './repair.service';
import { ScanStateEntity } from './scan-state.entity';
import { ScanStateRepository } from './scan-state.repository';
import { ScanController } from './scan.controller';
import { ScanService } from './scan.service';

/** The site scan (a background job) and its issues: scan, scan/issues, scan/issue. */
@Module({
  imports: [TypeOrmModule.forFeature([ScanStateEntity, IssueEntity]), SecurityCoreModule, CoreContentModule],
  controllers: [ScanController],
  providers: [
    ScanStateRepository,
    IssuesRepository,
    IssuesService,
    RepairService,
    ScanService,
    ContentCheck,
    CommentsCheck,
    WeakPasswordCheck,
    StaleAppPasswordCheck,
    NewAdminCheck,
    ConfigurationCheck,
    FilesCheck,
    MediaCheck,
  ],
  exports: [ScanService],
})
export class ScanModule {}
