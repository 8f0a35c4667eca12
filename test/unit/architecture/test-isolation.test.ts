// Unit files share their worker's modules (vitest.config.ts): a module one file evaluated with its mocks
// would serve the next file those mocks. So a unit file that mocks a module (vi.mock, vi.doMock) must
// call freshModules() (test/support/fresh-modules.ts), which evaluates modules afresh for the file and
// again after it. Read from the files themselves, so a new mocking file without it fails here, whatever
// order the files happen to run in.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const UNIT = path.resolve(import.meta.dirname, '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('unit files that mock modules', () => {
  it('evaluate modules afresh (freshModules), since unit files share their modules', () => {
    const mocking = testFiles(UNIT).filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, 'utf8')));
    expect(mocking.length).toBeGreaterThan(0);
    const without = mocking
      .filter((file) => !/^freshModules\(\);/m.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(UNIT, file));
    expect(without).toEqual([]);
  });
});
