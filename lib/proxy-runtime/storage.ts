/**
 * A short name for a namespace. The browser's raw storage is readable by any page on the proxy's origin
 * (through a same-origin frame), so prefixes must not spell out the proxy session's id (it would let a
 * page reach another proxy session's pages) nor the sites visited. 53 bits of a random id say neither.
 */
function opaqueName(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ char, 2654435761);
    h2 = Math.imul(h2 ^ char, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Every proxied site shares the proxy's origin, and with it the browser's storage. Each sees its own:
 * localStorage and sessionStorage keys, IndexedDB databases and Cache Storage caches are named under a
 * prefix of the proxy session and the site's origin. The visitor script's own keys (`tandem.…`) are
 * under the proxy session only, so the visitor stays one visitor across the session's sites.
 */
export function separateStorage(options: { session: string; currentOrigin: () => string }): void {
  const sessionPrefix = `tandem-proxy:${opaqueName(options.session)}:`;
  let site = { origin: "", prefix: "" };
  const sitePrefix = () => {
    const origin = options.currentOrigin();
    if (site.origin !== origin) site = { origin, prefix: `tandem-proxy:${opaqueName(`${options.session} ${origin}`)}:` };
    return site.prefix;
  };
  const prefixOf = (key: string) => (key.startsWith("tandem.") ? sessionPrefix : sitePrefix());

  // Made on first use: the browser's storage is read from its own process, synchronously, the first time
  // a page asks for it, and most pages' first moments need none. Blocked storage throws then, as it would.
  for (const name of ["localStorage", "sessionStorage"] as const) {
    const native = Object.getOwnPropertyDescriptor(window, name)?.get ?? Object.getOwnPropertyDescriptor(Window.prototype, name)?.get;
    if (!native) continue;
    let storage: Storage | undefined;
    const namespaced = () => (storage ??= namespacedStorage(native.call(window) as Storage, prefixOf, sitePrefix, sessionPrefix));
    Object.defineProperty(window, name, { configurable: true, enumerable: true, get: namespaced });
  }

  const factory = IDBFactory.prototype;
  const nativeOpen = factory.open;
  const nativeDelete = factory.deleteDatabase;
  const nativeDatabases = factory.databases;
  factory.open = function open(this: IDBFactory, name: string, version?: number) {
    return version === undefined ? nativeOpen.call(this, sitePrefix() + name) : nativeOpen.call(this, sitePrefix() + name, version);
  };
  factory.deleteDatabase = function deleteDatabase(this: IDBFactory, name: string) {
    return nativeDelete.call(this, sitePrefix() + name);
  };
  if (nativeDatabases) {
    factory.databases = async function databases(this: IDBFactory) {
      const prefix = sitePrefix();
      return (await nativeDatabases.call(this))
        .filter((info) => info.name?.startsWith(prefix))
        .map((info) => ({ ...info, name: info.name?.slice(prefix.length) }));
    };
  }

  const name = Object.getOwnPropertyDescriptor(IDBDatabase.prototype, "name");
  if (name?.get) {
    const nativeName = name.get;
    Object.defineProperty(IDBDatabase.prototype, "name", {
      ...name,
      get(this: IDBDatabase) {
        const stored = nativeName.call(this) as string;
        return stored.startsWith(sitePrefix()) ? stored.slice(sitePrefix().length) : stored;
      },
    });
  }

  if (typeof CacheStorage !== "undefined") {
    const caches = CacheStorage.prototype;
    for (const method of ["open", "has", "delete"] as const) {
      const native = caches[method] as (this: CacheStorage, name: string) => Promise<unknown>;
      Object.defineProperty(caches, method, {
        configurable: true,
        writable: true,
        value(this: CacheStorage, name: string) {
          return native.call(this, sitePrefix() + name);
        },
      });
    }
    const nativeKeys = caches.keys;
    caches.keys = async function keys(this: CacheStorage) {
      const prefix = sitePrefix();
      return (await nativeKeys.call(this)).filter((name) => name.startsWith(prefix)).map((name) => name.slice(prefix.length));
    };
  }
}

/** A Storage showing only the keys under a prefix, by method and by property (`storage.key = …`). */
function namespacedStorage(real: Storage, prefixOf: (key: string) => string, sitePrefix: () => string, sessionPrefix: string): Storage {
  const stored = (key: string) => prefixOf(key) + key;
  const keys = (): string[] => {
    const site = sitePrefix();
    const found: string[] = [];
    for (let index = 0; index < real.length; index++) {
      const key = real.key(index);
      if (key?.startsWith(site)) found.push(key.slice(site.length));
      else if (key?.startsWith(`${sessionPrefix}tandem.`)) found.push(key.slice(sessionPrefix.length));
    }
    return found;
  };
  const methods = {
    getItem: (key: string) => real.getItem(stored(String(key))),
    setItem: (key: string, value: string) => real.setItem(stored(String(key)), String(value)),
    removeItem: (key: string) => real.removeItem(stored(String(key))),
    clear: () => keys().forEach((key) => real.removeItem(stored(key))),
    key: (index: number) => keys()[index] ?? null,
  };
  const target = Object.create(Storage.prototype) as Storage;
  Object.defineProperties(target, {
    ...Object.fromEntries(Object.entries(methods).map(([name, value]) => [name, { value, configurable: true }])),
    length: { get: () => keys().length, configurable: true },
  });
  const isOwn = (property: string | symbol): property is string => typeof property === "string" && !(property in target);
  return new Proxy(target, {
    get: (object, property) => (isOwn(property) ? (methods.getItem(property) ?? undefined) : Reflect.get(object, property)),
    set: (object, property, value) => (isOwn(property) ? (methods.setItem(property, value), true) : Reflect.set(object, property, value)),
    has: (object, property) => (isOwn(property) ? methods.getItem(property) !== null : Reflect.has(object, property)),
    deleteProperty: (object, property) => (isOwn(property) ? (methods.removeItem(property), true) : Reflect.deleteProperty(object, property)),
    ownKeys: () => keys(),
    getOwnPropertyDescriptor: (_object, property) => {
      if (!isOwn(property)) return undefined;
      const value = methods.getItem(property);
      return value === null ? undefined : { value, writable: true, enumerable: true, configurable: true };
    },
  });
}
