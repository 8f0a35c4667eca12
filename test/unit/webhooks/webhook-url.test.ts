// webhook_url at request time: the schema lets IPv6 literals through to the SSRF guard, which decides
// on the address; a URL with an empty host is refused instead of failing at every delivery attempt.
import { describe, expect, it } from 'vitest';
import { checkUrlSyntax } from '../../../functions/core/outbound/url-policy.ts';
import { webhookUrl } from '../../../functions/core/schemas/common.ts';

const deployed = { allowHttp: false, allowLoopback: false };
const local = { allowHttp: true, allowLoopback: true };

function accepted(url: string, policy: { allowHttp: boolean; allowLoopback: boolean }): boolean {
  return webhookUrl.safeParse(url).success && checkUrlSyntax(url, policy).ok;
}

describe('webhook_url', () => {
  it.each(['http:///x', 'https:///hooks', 'https://@/x', 'http:////x'])('refuses %s: no host', (url) => {
    const check = checkUrlSyntax(url, local);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.reason).toMatch(/host name/);
  });

  it('accepts public IPv6 literals', () => {
    expect(accepted('https://[2001:4860:4860::8888]/hooks', deployed)).toBe(true);
    expect(accepted('https://[2606:4700:4700::1111]:8443/hooks', deployed)).toBe(true);
  });

  it.each(['https://[fd00::1]/h', 'https://[fe80::1]/h', 'https://[::ffff:10.0.0.1]/h', 'https://[::1]/h'])(
    'parses %s and refuses it as a private address (422 URL_NOT_ALLOWED, not a 400)',
    (url) => {
      expect(webhookUrl.safeParse(url).success).toBe(true);
      expect(checkUrlSyntax(url, deployed).ok).toBe(false);
    },
  );

  it('allows [::1] locally, as 127.0.0.1 is', () => {
    expect(accepted('http://[::1]:8080/hooks', local)).toBe(true);
    expect(accepted('http://127.0.0.1:8080/hooks', local)).toBe(true);
  });
});
