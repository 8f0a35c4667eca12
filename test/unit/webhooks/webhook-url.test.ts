// webhook_url at request time: the schema lets IPv6 literals through to the SSRF guard, which decides
// on the address; a URL with an empty host is refused instead of failing at every delivery attempt. A URL
// holding a control character or an unencoded space (which a URL parser would drop or trim, so that what is
// stored is not what was sent) is refused naming the field, in every URL field a request stores.
import { describe, expect, it } from 'vitest';
import { createEndpointBody, updateEndpointBody } from '../../../functions/api/webhook-schemas.ts';
import { checkUrlSyntax } from '../../../functions/core/outbound/url-policy.ts';
import { webhookUrl } from '../../../functions/core/schemas/common.ts';
import { jobTypeSpec } from '../../../functions/jobs/registry.ts';

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

const ADDRESS = '10 Wattle Street, Ultimo NSW 2007';

/** The paths of the issues a schema finds in `input`, or [] when it parses. */
function refusedPaths(
  schema: {
    safeParse(input: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } };
  },
  input: unknown,
): string[] {
  const parsed = schema.safeParse(input);
  return parsed.success ? [] : parsed.error!.issues.map((issue) => issue.path.join('.'));
}

describe('URLs with control characters or spaces', () => {
  const injected = 'https://hooks.example.com/ok\r\nX-Injected: 1';

  it.each([
    [injected, /a carriage return at position 28/],
    ['https://hooks.example.com/ok\nX', /a line feed at position 28/],
    ['https://hooks.exa\tmple.com/x', /a tab at position 17/],
    ['https://hooks.example.com/a b', /a space at position 27/],
    [' https://hooks.example.com/x', /a space at position 0/],
    ['https://hooks.example.com/x ', /a space at position 27/],
    ['https://hooks.example.com/\u007f', /U\+007F/],
    ['https://hooks.example.com/\u0085', /U\+0085/],
  ])('refuses %j, saying which character and where', (url, reason) => {
    const parsed = webhookUrl.safeParse(url);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(reason);
  });

  it('keeps a URL exactly as sent, percent-encodings included', () => {
    for (const url of ['https://hooks.example.com/a%20b?x=1&y=%0D', 'http://[::1]:8080/hooks'])
      expect(webhookUrl.parse(url)).toBe(url);
  });

  it('refuses them in a webhook endpoint’s url, created or changed', () => {
    expect(refusedPaths(createEndpointBody, { url: injected, enabled_events: ['*'] })).toEqual(['url']);
    expect(refusedPaths(updateEndpointBody, { url: 'https://hooks.example.com/a b' })).toEqual(['url']);
  });

  it('refuses them in every URL field a job request stores', () => {
    const body = (type: string) => jobTypeSpec(type).route.body!;
    expect(refusedPaths(body('frontage_detection'), { address: ADDRESS, webhook_url: injected })).toEqual([
      'webhook_url',
    ]);
    expect(
      refusedPaths(body('virtual_staging'), {
        image_url: 'https://img.example.com/a b.jpg',
        room_type: 'bedroom',
      }),
    ).toEqual(['image_url']);
    expect(
      refusedPaths(body('brochure_slide'), {
        property: { address: ADDRESS, images: ['https://img.example.com/x.jpg\t'] },
        slide: { type: 'cover' },
        branding: { agency_logo_url: 'https://img.example.com/logo\n.png' },
      }),
    ).toEqual(['property.images.0', 'branding.agency_logo_url']);
    expect(
      refusedPaths(body('video_export'), {
        serve_url: 'https://bundle.example.com/index.html\r',
        composition_id: 'Promo',
        input_props: {},
      }),
    ).toEqual(['serve_url']);
    expect(
      refusedPaths(body('markup_v2'), {
        address: ADDRESS,
        imagery: { type: 'drone_photo', image_url: 'https://img.example.com/DJI 0042.JPG' },
      }),
    ).toEqual(['imagery.image_url']);
    expect(
      refusedPaths(body('markup_v2_video'), {
        renditions: ['social_square'],
        branding: { agency_logo_url: 'https://img.example.com/logo.png\r\n' },
      }),
    ).toEqual(['branding.agency_logo_url']);
  });
});
