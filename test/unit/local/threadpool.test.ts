import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  LOCAL_UV_THREADPOOL_SIZE,
  MIN_UV_THREADPOOL_SIZE,
  threadpoolWarning,
} from '../../../local/threadpool.ts';

describe('the local stack libuv pool', () => {
  it('warns below the minimum, also for Node default of 4, and not at or above it', () => {
    expect(threadpoolWarning({})).toMatch(/UV_THREADPOOL_SIZE is 4 \(Node default\)/);
    expect(threadpoolWarning({ UV_THREADPOOL_SIZE: '8' })).toMatch(/is 8;/);
    expect(threadpoolWarning({ UV_THREADPOOL_SIZE: String(MIN_UV_THREADPOOL_SIZE) })).toBeUndefined();
    expect(threadpoolWarning({ UV_THREADPOOL_SIZE: LOCAL_UV_THREADPOOL_SIZE })).toBeUndefined();
  });

  it('is the size the npm scripts launcher sets (it runs before npm ci and cannot import it)', () => {
    const launcher = readFileSync(new URL('../../../scripts/ensure-deps.mjs', import.meta.url), 'utf8');
    expect(launcher).toContain(`process.env.UV_THREADPOOL_SIZE || '${LOCAL_UV_THREADPOOL_SIZE}'`);
    const scripts = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ).scripts;
    for (const name of ['start', 'test', 'bench'])
      expect(scripts[name]).toMatch(/^node scripts\/ensure-deps\.mjs /);
  });
});
