export { BoundedMemo } from './bounded-memo';
export { ScopedMemo } from './scoped-memo';
export { pushValues } from './input-values';
