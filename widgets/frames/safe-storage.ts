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
