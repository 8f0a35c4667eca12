// The site bundle served on loopback for the renderers: one origin per directory for the whole process
// (so the browser keeps the bundle cached and compiled), immutable caching, nothing outside the directory,
// GET and HEAD only; an http(s) serve URL (a caller's bundle) is used as it is.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleUrl, closeBundleServers } from '../../../functions/media/rendering/bundle-server.ts';

const root = mkdtempSync(path.join(tmpdir(), 'bundle-server-'));
const dir = path.join(root, 'site');
mkdirSync(dir);
writeFileSync(path.join(dir, 'index.html'), '<script src="bundle.js"></script>');
writeFileSync(path.join(dir, 'bundle.js'), 'console.log(1)');
writeFileSync(path.join(root, 'secret.txt'), 'not for the page');

afterAll(() => closeBundleServers());

describe('bundleUrl', () => {
  it('serves a directory from one loopback origin for the life of the process', async () => {
    const url = await bundleUrl(dir);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/index\.html$/);
    expect(await bundleUrl(`${dir}/`)).toBe(url);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('bundle.js');
    const script = await fetch(new URL('bundle.js', url));
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('answers 404 for files it does not have and for paths outside the directory, 405 to other methods', async () => {
    const url = new URL(await bundleUrl(dir));
    expect((await fetch(new URL('missing.js', url))).status).toBe(404);
    for (const outside of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt']) {
      const res = await fetch(`${url.origin}${outside}`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('not for the page');
    }
    expect((await fetch(new URL('bundle.js', url), { method: 'POST', body: 'x' })).status).toBe(405);
  });

  it('passes an http(s) URL through', async () => {
    expect(await bundleUrl('https://example.com/site/index.html')).toBe(
      'https://example.com/site/index.html',
    );
  });
});
