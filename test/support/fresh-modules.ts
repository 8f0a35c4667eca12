// For a unit file that mocks a module (vi.mock) or builds something once per process from the
// environment (a handler's ports): unit files share their worker's modules (vitest.config.ts), so a
// module another file loaded is already evaluated, with that file's mocks and environment. Call this at
// the top of the file, before importing what should see this file's mocks or environment: the modules
// are evaluated afresh for this file, and again for the next file once this one ends.
// test/unit/architecture/test-isolation.test.ts checks that every unit file that mocks calls it.
import { afterAll, vi } from 'vitest';

export function freshModules(): void {
  vi.resetModules();
  afterAll(() => {
    vi.resetModules();
  });
}
