/**
 * `load(key)` asked once per key (an object, such as a declaration): every later call gets the same promise, as
 * React's `use()` needs to find a loaded value on the next render.
 */
export function oncePer<K extends object, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const asked = new WeakMap<K, Promise<V>>()
  return (key) => {
    let loading = asked.get(key)
    if (!loading) asked.set(key, (loading = load(key)))
    return loading
  }
}
