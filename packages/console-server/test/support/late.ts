/**
 * A stand-in for a value made in a beforeAll, so a test file can name it once at the top
 * (`const { app } = setupTestApp(engine)`) and its tests and later hooks use it as the value itself.
 * Reading it before the hook has made it throws, naming it.
 */
export function late<T extends object>(name: string, get: () => T | undefined): T {
  const value = () => {
    const current = get();
    if (current === undefined) throw new Error(`${name} is used before the beforeAll that makes it ran`);
    return current;
  };
  return new Proxy({} as T, {
    get: (_, key) => {
      const target = value();
      const member: unknown = Reflect.get(target, key, target);
      // Methods run on the real object (playwright's and Fastify's objects keep private state).
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(target) : member;
    },
    set: (_, key, member) => Reflect.set(value(), key, member),
    has: (_, key) => Reflect.has(value(), key),
    ownKeys: () => Reflect.ownKeys(value()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(value(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(value()),
  });
}
