// The domain is pure: its files import only each other (and at most node built-ins), never the rest of
// the project or an npm package, so it can be used and tested anywhere.
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';

const DOMAIN = path.resolve(import.meta.dirname, '../../../functions/domain');
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : e.name.endsWith('.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
}

describe('functions/domain', () => {
  it('imports nothing from outside the domain and no npm package', () => {
    const offending: string[] = [];
    let seen = 0;
    const files = sources(DOMAIN);
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1] ?? m[2]!;
        seen++;
        const inside =
          spec.startsWith('.') && path.resolve(path.dirname(file), spec).startsWith(`${DOMAIN}/`);
        if (!inside && !spec.startsWith('node:')) offending.push(`${path.relative(DOMAIN, file)} -> ${spec}`);
      }
    }
    // The domain's files do import each other: a pattern that saw none would prove nothing.
    expect(seen).toBeGreaterThan(5);
    expect(offending).toEqual([]);
  });
});
