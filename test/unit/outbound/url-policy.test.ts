import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AddressLookup,
  checkUrlSyntax,
  isForbiddenAddress,
  isLoopbackAddress,
  parseHostAsIp,
  pinnedLookup,
  resolveAndCheck,
} from '../../../functions/core/outbound/url-policy.ts';

const FORBIDDEN_V4 = [
  '0.0.0.0',
  '0.1.2.3',
  '10.0.0.1',
  '10.255.255.255',
  '100.64.0.1',
  '100.127.255.254',
  '127.0.0.1',
  '127.255.255.254',
  '169.254.0.1',
  '169.254.169.254',
  '172.16.0.1',
  '172.31.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '192.168.0.1',
  '192.168.255.255',
  '198.18.0.1',
  '198.19.255.255',
  '198.51.100.7',
  '203.0.113.9',
  '224.0.0.1',
  '239.255.255.250',
  '240.0.0.1',
  '255.255.255.255',
];

const ALLOWED_V4 = [
  '8.8.8.8',
  '1.1.1.1',
  '52.95.110.1',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '192.0.1.255',
  '192.0.3.0',
  '192.167.255.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '223.255.255.255',
];

const FORBIDDEN_V6 = [
  '::',
  '::1',
  '0:0:0:0:0:0:0:1',
  '::ffff:127.0.0.1',
  '::ffff:7f00:1',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '::ffff:10.0.0.1',
  '::ffff:0:127.0.0.1',
  '::127.0.0.1',
  '::8.8.8.8',
  '64:ff9b::a9fe:a9fe',
  '64:ff9b::127.0.0.1',
  '64:ff9b:1::1',
  'fc00::1',
  'fd12:3456:789a::1',
  'fd00:ec2::254',
  'fe80::1',
  'fe80::1%eth0',
  'febf:ffff::1',
  'ff02::1',
  'ff05::1:3',
  '2001:db8::1',
  '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
  '2002:7f00:1::1',
  '2001:0:4136:e378:8000:63bf:3fff:fdd2',
  '100::1',
  '[::1]',
];

const ALLOWED_V6 = [
  '2606:4700:4700::1111',
  '2001:4860:4860::8888',
  '2a00:1450:4001:81c::200e',
  '::ffff:8.8.8.8',
  '::ffff:808:808',
  '64:ff9b::808:808',
  '2002:808:808::1',
  '[2606:4700:4700::1111]',
];

describe('isForbiddenAddress', () => {
  it.each(FORBIDDEN_V4)('refuses IPv4 %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(ALLOWED_V4)('allows public IPv4 %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  it.each(FORBIDDEN_V6)('refuses IPv6 %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(ALLOWED_V6)('allows public IPv6 %s', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(false);
  });

  it('understands the loose IPv4 spellings too', () => {
    for (const ip of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '0x7f000001', '017700000001']) {
      expect(isForbiddenAddress(ip)).toBe(true);
    }
    expect(isForbiddenAddress('0x08080808')).toBe(false);
  });

  it('fails closed on anything that is not an address', () => {
    for (const input of [
      '',
      'example.com',
      '1.2.3.4.5',
      '256.1.1.1',
      '::ffff:1.2.3',
      'gggg::1',
      '1:2:3:4:5:6:7:8:9',
    ]) {
      expect(isForbiddenAddress(input)).toBe(true);
    }
  });

  it('recognizes loopback in its spellings for the local-stack exception', () => {
    for (const ip of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '[::1]']) {
      expect(isLoopbackAddress(ip)).toBe(true);
    }
    for (const ip of ['10.0.0.1', '169.254.169.254', '::', 'fe80::1', '64:ff9b::7f00:1', 'example.com']) {
      expect(isLoopbackAddress(ip)).toBe(false);
    }
  });
});

describe('parseHostAsIp', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254'],
    ['0', '0.0.0.0'],
    ['8.8.8.8', '8.8.8.8'],
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['[0:0:0:0:0:ffff:7f00:1]', '::ffff:7f00:1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['[2606:4700:4700:0:0:0:0:1111]', '2606:4700:4700::1111'],
    ['[FE80:0:0:0:1:0:0:1]', 'fe80::1:0:0:1'],
  ])('reads %s as %s', (host, expected) => {
    expect(parseHostAsIp(host)).toBe(expected);
  });

  it('agrees with WHATWG URL canonicalization', () => {
    for (const host of ['2130706433', '0177.0.0.1', '0x7f.1', '127.1', '[::ffff:127.0.0.1]', '[0::1]']) {
      const hostname = new URL(`http://${host}/`).hostname.replace(/^\[|\]$/g, '');
      expect(parseHostAsIp(host)).toBe(hostname);
    }
  });

  it('returns undefined for domain names', () => {
    for (const host of [
      'example.com',
      'hooks.example.com.au',
      'localhost',
      '0x7f.example',
      '1.2.3.4.example',
    ]) {
      expect(parseHostAsIp(host)).toBeUndefined();
    }
  });
});

describe('checkUrlSyntax', () => {
  const strict = { allowHttp: false };
  const local = { allowHttp: true, allowLoopback: true };

  it('accepts a public https URL and returns the parsed URL to use', () => {
    const result = checkUrlSyntax('https://hooks.example.com:8443/property-media?x=1', strict);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.url.hostname).toBe('hooks.example.com');
      expect(result.url.port).toBe('8443');
    }
    expect(checkUrlSyntax('https://8.8.8.8/hook', strict).ok).toBe(true);
    expect(checkUrlSyntax('https://[2606:4700:4700::1111]/hook', strict).ok).toBe(true);
  });

  it('requires https unless http is explicitly allowed', () => {
    const http = checkUrlSyntax('http://hooks.example.com/', strict);
    expect(http).toEqual({ ok: false, reason: expect.stringContaining('https') });
    expect(checkUrlSyntax('http://hooks.example.com/', { allowHttp: true }).ok).toBe(true);
    for (const url of [
      'ftp://hooks.example.com/',
      'file:///etc/passwd',
      'gopher://x.example/',
      'javascript:alert(1)',
    ]) {
      expect(checkUrlSyntax(url, { allowHttp: true }).ok).toBe(false);
    }
  });

  it('refuses credentials in the URL', () => {
    for (const url of [
      'https://user:pass@hooks.example.com/',
      'https://user@hooks.example.com/',
      'https://:pw@x.example/',
    ]) {
      const result = checkUrlSyntax(url, strict);
      expect(result).toEqual({ ok: false, reason: expect.stringMatching(/username or password/) });
    }
  });

  it('refuses unparseable URLs with a sentence', () => {
    for (const url of ['', 'not a url', '/relative/path', 'https://']) {
      const result = checkUrlSyntax(url, strict);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/\.$/);
    }
  });

  it.each([
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://0x7f000001/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://127.0.0.1./',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://%31%32%37.0.0.1/',
    'http://１２７.０.０.１/',
    'http://10.0.0.1:8080/',
    'http://[fd00:ec2::254]/latest/meta-data',
    'http://[64:ff9b::a9fe:a9fe]/',
    'https://169.254.169.254/latest/meta-data',
    'https://0xa9fea9fe/latest/meta-data',
    'https://[::ffff:169.254.169.254]/latest/meta-data',
  ])('refuses the literal internal address in %s', (url) => {
    const result = checkUrlSyntax(url, { allowHttp: true });
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/reserved IP address/) });
  });

  it.each([
    'https://localhost/',
    'https://LOCALHOST./',
    'https://api.localhost/',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://ip-10-0-0-1.ap-southeast-2.compute.internal/',
  ])('refuses the internal host name in %s', (url) => {
    expect(checkUrlSyntax(url, strict).ok).toBe(false);
  });

  it('lets the local stack call loopback, and only loopback', () => {
    for (const url of [
      'http://127.0.0.1:4566/hook',
      'http://localhost:3000/',
      'http://[::1]:8080/',
      'http://127.1/',
    ]) {
      expect(checkUrlSyntax(url, local).ok).toBe(true);
    }
    for (const url of ['http://169.254.169.254/', 'http://10.0.0.1/', 'http://metadata.google.internal/']) {
      expect(checkUrlSyntax(url, local).ok).toBe(false);
    }
  });
});

const fakeLookup =
  (answers: Record<string, Array<{ address: string; family: number }>>): AddressLookup =>
  async (host) => {
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };

describe('resolveAndCheck', () => {
  it('returns the address to connect to when every answer is public', async () => {
    const lookup = fakeLookup({
      'hooks.example.com': [
        { address: '2606:4700:4700::1111', family: 6 },
        { address: '1.1.1.1', family: 4 },
      ],
    });
    expect(await resolveAndCheck('hooks.example.com', { lookup })).toEqual({
      ok: true,
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it('refuses a host when any one of its addresses is private', async () => {
    const lookup = fakeLookup({
      'mixed.example.com': [
        { address: '8.8.8.8', family: 4 },
        { address: '10.1.2.3', family: 4 },
      ],
      'mapped.example.com': [{ address: '::ffff:169.254.169.254', family: 6 }],
    });
    for (const host of ['mixed.example.com', 'mapped.example.com']) {
      const result = await resolveAndCheck(host, { lookup });
      expect(result.ok).toBe(false);
      // The reason must not echo the internal address the name resolved to.
      if (!result.ok) expect(result.reason).not.toMatch(/10\.1\.2\.3|169\.254/);
    }
  });

  it('reports resolution failures and empty answers', async () => {
    const lookup = fakeLookup({ 'empty.example.com': [] });
    expect(await resolveAndCheck('missing.example.com', { lookup })).toEqual({
      ok: false,
      reason: expect.stringContaining('ENOTFOUND'),
      unresolved: true,
    });
    expect((await resolveAndCheck('empty.example.com', { lookup })).ok).toBe(false);
  });

  it('checks IP literals without a lookup', async () => {
    const lookup: AddressLookup = async () => {
      throw new Error('must not resolve a literal');
    };
    expect(await resolveAndCheck('8.8.8.8', { lookup })).toEqual({ ok: true, address: '8.8.8.8', family: 4 });
    expect(await resolveAndCheck('[2606:4700:4700::1111]', { lookup })).toEqual({
      ok: true,
      address: '2606:4700:4700::1111',
      family: 6,
    });
    expect((await resolveAndCheck('127.0.0.1', { lookup })).ok).toBe(false);
    expect((await resolveAndCheck('[::1]', { lookup })).ok).toBe(false);
    expect(await resolveAndCheck('[::1]', { lookup, allowLoopback: true })).toEqual({
      ok: true,
      address: '::1',
      family: 6,
    });
  });

  it('allows loopback answers only with allowLoopback, and never other private ones', async () => {
    const lookup = fakeLookup({
      localhost: [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ],
      'lan.example.com': [{ address: '192.168.1.10', family: 4 }],
    });
    expect((await resolveAndCheck('localhost', { lookup })).ok).toBe(false);
    expect(await resolveAndCheck('localhost', { lookup, allowLoopback: true })).toEqual({
      ok: true,
      address: '::1',
      family: 6,
    });
    expect((await resolveAndCheck('lan.example.com', { lookup, allowLoopback: true })).ok).toBe(false);
  });

  it('takes the family from the address, not from what the resolver claims', async () => {
    const lookup = fakeLookup({ 'liar.example.com': [{ address: '1.1.1.1', family: 6 }] });
    expect(await resolveAndCheck('liar.example.com', { lookup })).toEqual({
      ok: true,
      address: '1.1.1.1',
      family: 4,
    });
  });

  it('pins the checked answer against a rebinding resolver', async () => {
    // A rebinding DNS server: public for the first query (the check), loopback afterwards (the connect).
    let queries = 0;
    const rebinding: AddressLookup = async () => {
      queries += 1;
      return [{ address: queries === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    };
    const checked = await resolveAndCheck('rebind.example.com', { lookup: rebinding });
    expect(checked).toEqual({ ok: true, address: '93.184.216.34', family: 4 });
    if (!checked.ok) return;
    // What the connect would have seen had it resolved again:
    expect((await rebinding('rebind.example.com'))[0]!.address).toBe('127.0.0.1');

    const lookup = pinnedLookup(checked.address, checked.family);
    for (let i = 0; i < 3; i += 1) {
      const single = await new Promise<unknown[]>((resolve, reject) =>
        lookup('rebind.example.com', {}, (err, address, family) =>
          err ? reject(err) : resolve([address, family]),
        ),
      );
      expect(single).toEqual(['93.184.216.34', 4]);
      const all = await new Promise<unknown>((resolve, reject) =>
        lookup('rebind.example.com', { all: true }, (err, addresses) =>
          err ? reject(err) : resolve(addresses),
        ),
      );
      expect(all).toEqual([{ address: '93.184.216.34', family: 4 }]);
    }
  });
});

describe('pinnedLookup with node:http', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ host: req.headers.host }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  // family unset lets net use happy-eyeballs (lookup asked with all: true); family 4 asks for one address.
  const get = (url: URL, family: 0 | 4) =>
    new Promise<{ status: number; body: string; asked: boolean[] }>((resolve, reject) => {
      const pinned = pinnedLookup('127.0.0.1', 4);
      const asked: boolean[] = [];
      const lookup: typeof pinned = (hostname, options, callback) => {
        asked.push(options.all === true);
        pinned(hostname, options, callback);
      };
      const req = request(url, { lookup, agent: false, ...(family ? { family } : {}) }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, asked }));
      });
      req.on('error', reject);
      req.end();
    });

  it.each([
    [0, true],
    [4, false],
  ] as const)('connects to the pinned address, keeping the real Host (family %s)', async (family, all) => {
    // The name does not exist; only the pinned lookup can make this request connect at all.
    const url = new URL(`http://hooks.invalid:${port}/deliver`);
    const response = await get(url, family);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ host: `hooks.invalid:${port}` });
    expect(response.asked).toEqual([all]);
  });
});
