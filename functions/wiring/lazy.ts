// An object whose members are made on first use and then kept: a function builds only the adapters its
// code really touches (a route that only reads jobs never makes a queue client).

export type Factories<T> = { readonly [K in keyof T]: () => T[K] };

/** `T` with each member made by its factory on first read. */
export function lazily<T extends object>(factories: Factories<T>): T {
  const made = new Map<PropertyKey, unknown>();
  const members = Object.fromEntries(
    Object.entries(factories).map(([name, factory]) => [
      name,
      {
        enumerable: true,
        get: () => {
          if (!made.has(name)) made.set(name, (factory as () => unknown)());
          return made.get(name);
        },
      },
    ]),
  );
  return Object.defineProperties({}, members) as T;
}
