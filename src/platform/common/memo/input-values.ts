/**
 * Appends the values of `value` to `inputs` in a fixed order, keys and lengths included, for a memo that
 * compares inputs one by one with `===` (SharedItems): plain objects and arrays are walked, a Date counts by
 * its time, any other object by its identity (so it never matches another one).
 */
export function pushValues(inputs: unknown[], value: unknown): void {
  if (typeof value !== 'object' || value === null) {
    inputs.push(value);
  } else if (Array.isArray(value)) {
    inputs.push(value.length);
    for (const item of value) pushValues(inputs, item);
  } else if (value instanceof Date) {
    inputs.push(Date, value.getTime());
  } else if (isPlainOrRecord(value)) {
    for (const key in value) {
      inputs.push(key);
      pushValues(inputs, (value as Record<string, unknown>)[key]);
    }
  } else {
    inputs.push(value);
  }
}

/** An object literal or an instance of a data class (an entity): fields only, no internal state. */
function isPlainOrRecord(value: object): boolean {
  return !(
    value instanceof Map ||
    value instanceof Set ||
    ArrayBuffer.isView(value) ||
    value instanceof RegExp
  );
}
