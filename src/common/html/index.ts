export { decodeEntities } from './entities';
