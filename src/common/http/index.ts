export { fixedHeaders } from './fixed-headers';
