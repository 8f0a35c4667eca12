// The bundle-host allowlist (VIDEO_BUNDLE_URL_ALLOWLIST): exact hosts and `*.suffix`, https except to
// loopback, what a deployed stage's setting refuses that the local stack cannot show.
import { describe, expect, it } from 'vitest';
import { checkServeUrl, parseBundleHostAllowlist } from '../../../functions/core/outbound/bundle-hosts.ts';

const deployed = parseBundleHostAllowlist(' Bundles.Example.com, *.cdn.example.net ');

describe('parseBundleHostAllowlist', () => {
  it('splits on commas and spaces, lower-cases and drops empty entries', () => {
    expect(deployed).toEqual(['bundles.example.com', '*.cdn.example.net']);
    expect(parseBundleHostAllowlist('')).toEqual([]);
    expect(parseBundleHostAllowlist(undefined)).toEqual([]);
    expect(parseBundleHostAllowlist('a.example, ,b.example')).toEqual(['a.example', 'b.example']);
  });
});

describe('checkServeUrl', () => {
  it.each([
    'https://bundles.example.com/index.html',
    'https://BUNDLES.example.com:8443/v3/',
    'https://eu.cdn.example.net/site/index.html',
    'https://a.b.cdn.example.net/',
  ])('accepts %s', (url) => {
    expect(checkServeUrl(url, deployed)).toEqual({ ok: true });
  });

  it.each([
    [
      'a host not listed',
      'https://evil.example.org/',
      /host 'evil.example.org' is not on the bundle-host allowlist: bundles\.example\.com, \*\.cdn\.example\.net/,
    ],
    ['the apex of a wildcard', 'https://cdn.example.net/', /host 'cdn.example.net'/],
    ['a look-alike suffix', 'https://evilcdn.example.net/', /host 'evilcdn.example.net'/],
    [
      'a listed host as a prefix',
      'https://bundles.example.com.evil.org/',
      /not on the bundle-host allowlist/,
    ],
    ['plain http to a listed host', 'http://bundles.example.com/', /must use https \(got http\)/],
    ['credentials', 'https://user:pw@bundles.example.com/', /username or password/],
  ])('refuses %s', (_name, url, reason) => {
    const checked = checkServeUrl(url, deployed);
    expect(checked.ok).toBe(false);
    expect(checked.ok ? '' : checked.reason).toMatch(reason);
  });

  it('says so when the allowlist is empty', () => {
    const checked = checkServeUrl('https://bundles.example.com/', []);
    expect(checked.ok ? '' : checked.reason).toContain(
      '(empty: this stage renders no caller-hosted bundles)',
    );
  });

  it('lets the local stage use http to loopback, and only to listed loopback hosts', () => {
    const local = parseBundleHostAllowlist('127.0.0.1,localhost');
    expect(checkServeUrl('http://127.0.0.1:41234/', local)).toEqual({ ok: true });
    expect(checkServeUrl('http://localhost:3000/index.html', local)).toEqual({ ok: true });
    expect(checkServeUrl('http://[::1]:3000/', local).ok).toBe(false);
    expect(checkServeUrl('http://127.0.0.1:41234/', deployed).ok).toBe(false);
  });
});
