// class-transformer ships this module's types apart from its CommonJS build
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
