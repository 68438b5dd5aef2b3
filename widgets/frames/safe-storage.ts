/**
 * A widget's storage. In an iframe on another site the browser may refuse storage (a blocked
 * third-party context throws on access); the widget then keeps what it needs for this page view
 * only, instead of failing.
 */
export function storageOr(pick: () => Storage): Storage {
  try {
    const storage = pick();
    const probe = '__widget_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return storage;
  } catch {
    return memoryStorage();
  }
}

export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/**
 * The same storage under keys of a name of their own: a widget in test mode keeps its application's
 * token there, so a publisher who tries the widget in test mode and then goes live (or back) never
 * finds a test application in a live widget, unmarked, nor a real one under the test band.
 */
export function prefixedStorage(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
  prefix: string,
): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  return {
    getItem: (key) => storage.getItem(prefix + key),
    setItem: (key, value) => storage.setItem(prefix + key, value),
    removeItem: (key) => storage.removeItem(prefix + key),
  };
}
