export { ThemesModule } from './themes.module';
export { ThemesService } from './themes.service';
