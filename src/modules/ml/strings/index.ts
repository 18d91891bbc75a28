export { StringTranslationModule } from './string-translation.module';
export { StringTranslationService } from './string-translation.service';
