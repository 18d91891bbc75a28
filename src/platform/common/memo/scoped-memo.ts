/**
 * Values memoised per scope object (a request): what a permission check loaded, its handler reuses, and the
 * values go with the scope. Keys are compared with `===` within one scope.
 */
export class ScopedMemo<K, V> {
  private readonly scopes = new WeakMap<object, Map<K, V>>();

  get(scope: object, key: K, load: () => V): V {
    let values = this.scopes.get(scope);
    if (!values) {
      values = new Map();
      this.scopes.set(scope, values);
    }
    if (!values.has(key)) values.set(key, load());
    return values.get(key) as V;
  }

  /** Replaces what the scope holds for `key` (e.g. a row it has just deleted). */
  set(scope: object, key: K, value: V): void {
    let values = this.scopes.get(scope);
    if (!values) {
      values = new Map();
      this.scopes.set(scope, values);
    }
    values.set(key, value);
  }
}
