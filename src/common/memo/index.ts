export { BoundedMemo } from './bounded-memo';
export { ScopedMemo } from './scoped-memo';
export { once } from './once';
