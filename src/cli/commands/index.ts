import { AppPasswordCreateCommand } from './app-password-create.command';
import { AppPasswordRevokeCommand } from './app-password-revoke.command';
import { BackupCommand } from './backup.command';
import { CommentsSettingsCommand } from './comments-settings.command';
import { EaQueueCommand } from './ea-queue.command';
import { EaRecordsCommand } from './ea-records.command';
import { EaRunCommand } from './ea-run.command';
import { ImportCsvCommand, ImportIcalCommand } from './local-import.command';
import { MigrateCommand } from './migrate.command';
import { SearchReindexCommand } from './search-reindex.command';
import { SecurityScanCommand } from './security-scan.command';
import { SecurityUnblockCommand } from './security-unblock.command';
import { SpamfilterRecheckCommand } from './spamfilter-recheck.command';
import { StringTranslateCommand } from './string-translate.command';
import { UserCreateCommand } from './user-create.command';
import { UserDeleteCommand } from './user-delete.command';
import { UserListCommand } from './user-list.command';

/** Every command, in the order `help` lists them. */
export const COMMANDS = [
  MigrateCommand,
  BackupCommand,
  SearchReindexCommand,
  UserCreateCommand,
  UserListCommand,
  UserDeleteCommand,
  AppPasswordCreateCommand,
  AppPasswordRevokeCommand,
  SecurityScanCommand,
  SecurityUnblockCommand,
  CommentsSettingsCommand,
  SpamfilterRecheckCommand,
  ImportIcalCommand,
  ImportCsvCommand,
  EaQueueCommand,
  EaRunCommand,
  EaRecordsCommand,
  StringTranslateCommand,
];
