/**
 * Reading and writing the nested `errors` object of a 50035 answer by field name. A body's
 * field may be called anything, `constructor` and `__proto__` included: only own properties
 * count (an inherited `constructor` is no field), and a field is defined rather than assigned
 * (assigning `__proto__` would replace the node's prototype instead of adding a field).
 */
export function ownField(node: object, key: string): unknown {
  return Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

export function setField(node: object, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The node under `key`, made (empty) when there is none yet. */
export function childNode<T extends object>(node: T, key: string): T {
  const existing = ownField(node, key);
  if (existing !== undefined && existing !== null && typeof existing === "object" && !Array.isArray(existing))
    return existing as T;
  const child = {} as T;
  setField(node, key, child);
  return child;
}
