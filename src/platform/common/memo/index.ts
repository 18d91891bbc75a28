export { BoundedMemo } from './bounded-memo';
export { pushValues } from './input-values';
export { LruMap } from './lru-map';
export { once } from './once';
export { ScopedMemo } from './scoped-memo';
