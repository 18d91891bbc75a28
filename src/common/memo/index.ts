export { BoundedMemo } from './bounded-memo';
