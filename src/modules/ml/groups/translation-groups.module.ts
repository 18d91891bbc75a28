import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TranslatableRegistry } from '../translatable-registry';
import { OriginalChanges } from './original-changes';
import { TranslationGroups } from './translation-groups.service';
import { TranslationLinks } from './translation-links.service';
import { TranslationEntity, TranslationGroupEntity } from './translation.entity';

/**
 * The translation model every content module uses: groups (joined on insert), the REST language fields, and the
 * registry where content modules describe their translatable types. It imports no content module, so content
 * and calendar modules can import it while `TranslationModule` (jobs, XLIFF) builds on what they register.
 */
@Module({
  imports: [TypeOrmModule.forFeature([TranslationEntity, TranslationGroupEntity])],
  providers: [TranslationGroups, TranslationLinks, TranslatableRegistry, OriginalChanges],
  exports: [TranslationGroups, TranslationLinks, TranslatableRegistry],
})
export class TranslationGroupsModule {}
