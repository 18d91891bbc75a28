import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LastChanged } from '../../../platform/database';
import { SiteIndex } from '../../../platform/rest';
import { StringSettingEntity } from './string-setting.entity';
import { StringEntity } from './string.entity';
import { StringTranslationEntity } from './string-translation.entity';
import { StringTranslationController } from './string-translation.controller';
import { StringTranslationService } from './string-translation.service';
import { StringsRepository } from './strings.repository';

/** The last_changed group of the string tables: the site index depends on nothing else stored. */
const STRINGS_CACHE_GROUP = 'strings';
const STRING_TABLES = ['ml_strings', 'ml_string_translations'];

/** `ml/st/v1`: string translation, and the translated site name/description of the site index. */
@Module({
  imports: [TypeOrmModule.forFeature([StringEntity, StringTranslationEntity, StringSettingEntity])],
  controllers: [StringTranslationController],
  providers: [StringTranslationService, StringsRepository],
  exports: [StringTranslationService],
})
export class StringTranslationModule implements OnModuleInit {
  constructor(
    private readonly siteIndex: SiteIndex,
    private readonly strings: StringTranslationService,
    lastChanged: LastChanged,
  ) {
    lastChanged.track(STRINGS_CACHE_GROUP, STRING_TABLES);
  }

  onModuleInit(): void {
    this.siteIndex.translateIdentityWith((language, identity) =>
      this.strings.siteIdentity(language, identity),
    );
    this.siteIndex.dependsOn(STRINGS_CACHE_GROUP);
  }
}
