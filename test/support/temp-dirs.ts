// Temporary directories a test file makes, removed when the file ends. Under npm test the run's own
// TMPDIR goes too; run through vitest directly, nothing else would remove them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll } from 'vitest';

/** A maker of fresh directories named `<prefix>…` in the temporary directory, all removed after the file. */
export function tempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
