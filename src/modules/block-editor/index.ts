export { BlockEditorModule } from './block-editor.module';
