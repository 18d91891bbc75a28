export { MenusModule } from './menus.module';
