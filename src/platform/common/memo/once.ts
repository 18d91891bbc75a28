/**
 * `build` called on first use, its result kept: for pure builders whose result is used by identity (a schema,
 * whose context filter shaping plans once per schema object).
 */
export function once<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
