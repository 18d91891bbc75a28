export { decodeEntities } from './entities';
export { attributesOf, headOf } from './attributes';
