export { BoundedMemo } from './bounded-memo';
export { pushValues } from './input-values';
export { once } from './once';
export { ScopedMemo } from './scoped-memo';
