// The policy for every URL the service calls on someone's behalf: webhook deliveries, customer images
// (brochure photos, logos, headshots, room photos), photorealistic 3D tiles, and the hosts a caller-hosted
// video bundle may come from. Two checks, because neither alone is enough:
// - checkUrlSyntax, at request time: refuses what is visibly wrong (scheme, credentials, internal
//   names, literal private IPs in any of the numeric spellings) so the integrator hears about it
//   while they can still fix it;
// - resolveAndCheck + pinnedLookup, at connect time: a public-looking name can resolve to a private
//   address, and the answer can change between a check and the connect (DNS rebinding), so every
//   resolved address is checked and the connection is pinned to the one that was checked.
// Each use has a named policy (the end of this file) with its limits; pinned-get.ts is the one GET.
import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';

export type AddressLookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

// ---------------------------------------------------------------------------------------------
// IPv4

/** IPv4 ranges no customer URL may reach: IANA special-purpose blocks that are not public unicast. */
const FORBIDDEN_V4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 itself reaches the local host on Linux
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, includes the cloud metadata service 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // TEST-NET-1 documentation
  ['192.88.99.0', 24], // deprecated 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // TEST-NET-2 documentation
  ['203.0.113.0', 24], // TEST-NET-3 documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes the broadcast address 255.255.255.255
];

function v4ToNumber(dotted: string): number {
  return dotted.split('.').reduce((acc, octet) => acc * 256 + Number(octet), 0);
}

function numberToV4(value: number): string {
  return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].join('.');
}

const FORBIDDEN_V4_NUMERIC = FORBIDDEN_V4.map(([base, bits]) => {
  const size = 2 ** (32 - bits);
  return { start: v4ToNumber(base), end: v4ToNumber(base) + size - 1 };
});

function isForbiddenV4(value: number): boolean {
  return FORBIDDEN_V4_NUMERIC.some(({ start, end }) => value >= start && value <= end);
}

/**
 * IPv4 in the inet_aton / WHATWG spellings (1-4 parts, each decimal, 0-prefixed octal or 0x hex,
 * the last part filling the remaining bytes): what resolvers and URL parsers accept as a literal,
 * so a blocklist that only knows dotted decimal can be bypassed with `0x7f.1`.
 */
function parseLooseV4(text: string): number | undefined {
  const parts = text.split('.');
  // WHATWG ignores one trailing dot ("127.0.0.1." is 127.0.0.1).
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  if (parts.length === 0 || parts.length > 4) return undefined;
  const numbers: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0[xX][0-9a-fA-F]*$/.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part.slice(1), 8);
    else if (/^(?:0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return undefined;
    if (!Number.isFinite(value)) return undefined;
    numbers.push(value);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255)) return undefined;
  if (last >= 256 ** (4 - numbers.length)) return undefined;
  return numbers.reduce((acc, n, i) => acc + n * 256 ** (3 - i), 0) + last;
}

// ---------------------------------------------------------------------------------------------
// IPv6

/** Eight 16-bit groups, or undefined; `::` is expanded and a dotted IPv4 tail becomes two groups. */
function parseV6(text: string): number[] | undefined {
  // A zone id (fe80::1%eth0) only scopes a link-local address; the address itself decides.
  const address = text.split('%')[0]!;
  if (isIP(address) !== 6) return undefined;
  let groupsText = address;
  const tail: number[] = [];
  const lastColon = address.lastIndexOf(':');
  const maybeV4 = address.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    if (isIP(maybeV4) !== 4) return undefined;
    const v4 = v4ToNumber(maybeV4);
    tail.push(v4 >>> 16, v4 & 0xffff);
    // Keep a trailing ':' if the v4 part followed '::' directly ("::1.2.3.4" -> "::").
    groupsText = address.slice(0, lastColon + 1);
    if (groupsText.endsWith(':') && !groupsText.endsWith('::')) groupsText = groupsText.slice(0, -1);
  }
  const toGroups = (s: string): number[] => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const halves = groupsText.split('::');
  let groups: number[];
  if (halves.length === 2) {
    const head = toGroups(halves[0]!);
    const rest = toGroups(halves[1]!);
    const fill = 8 - tail.length - head.length - rest.length;
    if (fill < 0) return undefined;
    groups = [...head, ...new Array<number>(fill).fill(0), ...rest, ...tail];
  } else {
    groups = [...toGroups(groupsText), ...tail];
  }
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff))
    return undefined;
  return groups;
}

const v4FromGroups = (high: number, low: number): number => high * 0x10000 + low;

/** The IPv4 address an IPv6 address stands for on a dual-stack host (mapped, translated, compatible). */
function embeddedLocalV4(g: readonly number[]): number | undefined {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return v4FromGroups(g[6]!, g[7]!); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4FromGroups(g[6]!, g[7]!); // ::ffff:0:a.b.c.d
  return undefined;
}

function isForbiddenV6(g: readonly number[]): boolean {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  const g0 = g[0]!;
  const g1 = g[1]!;
  // ::/96 covers :: (unspecified), ::1 (loopback) and the deprecated IPv4-compatible ::a.b.c.d,
  // which no public host uses; refusing the whole block is simpler than reasoning about stacks
  // that still route it to the embedded IPv4.
  if (zeros(0, 6)) return true;
  const mapped = embeddedLocalV4(g);
  if (mapped !== undefined) return isForbiddenV4(mapped);
  if (g0 === 0x64 && g1 === 0xff9b) {
    // 64:ff9b::/96 NAT64 reaches the embedded IPv4 through the gateway; 64:ff9b:1::/48 is local use.
    if (zeros(2, 6)) return isForbiddenV4(v4FromGroups(g[6]!, g[7]!));
    return true;
  }
  if (g0 === 0x2002) return isForbiddenV4(v4FromGroups(g1, g[2]!)); // 6to4 embeds the IPv4 gateway
  if (g0 === 0x2001 && g1 === 0x0000) return true; // Teredo: tunnel endpoints, obfuscated IPv4
  if (g0 === 0x2001 && g1 === 0x0002 && g[2] === 0) return true; // benchmarking 2001:2::/48
  if (g0 === 0x2001 && g1 === 0x0db8) return true; // documentation 2001:db8::/32
  if (g0 === 0x3fff && g1 <= 0x0fff) return true; // documentation 3fff::/20
  // Everything outside 2000::/3 is not global unicast: fc00::/7 unique local (includes the AWS
  // metadata address fd00:ec2::254), fe80::/10 link-local, ff00::/8 multicast, 100::/64 discard...
  return (g0 & 0xe000) !== 0x2000;
}

function formatV6(g: readonly number[]): string {
  // RFC 5952 form (what WHATWG URL serializes): lowercase, longest run of 2+ zero groups as '::'.
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (g[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && g[j] === 0) j += 1;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = g.map((x) => x.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}

// ---------------------------------------------------------------------------------------------
// Public checks

const stripBrackets = (host: string): string =>
  host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;

/**
 * True when an address must never be connected to on a customer's behalf. Input that is not an
 * address at all is also refused: the caller asked about something it believes is an address, and
 * an unexpected spelling is exactly how blocklists get bypassed.
 */
export function isForbiddenAddress(ip: string): boolean {
  const text = stripBrackets(ip.trim());
  if (text.includes(':')) {
    const groups = parseV6(text);
    return groups === undefined ? true : isForbiddenV6(groups);
  }
  const v4 = parseLooseV4(text);
  return v4 === undefined ? true : isForbiddenV4(v4);
}

/** Loopback in any spelling (127/8, ::1, ::ffff:127.x): the one range the local stack may allow. */
export function isLoopbackAddress(ip: string): boolean {
  const text = stripBrackets(ip.trim());
  if (text.includes(':')) {
    const groups = parseV6(text);
    if (groups === undefined) return false;
    if (groups.slice(0, 7).every((x) => x === 0) && groups[7] === 1) return true;
    const v4 = embeddedLocalV4(groups);
    return v4 !== undefined && v4 >>> 24 === 127;
  }
  const v4 = parseLooseV4(text);
  return v4 !== undefined && v4 >>> 24 === 127;
}

/**
 * The canonical address when a host (without port) is an IP literal in any spelling a URL parser or
 * resolver accepts: decimal `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`, short `127.1`,
 * bracketed `[::1]`. IPv4 comes back dotted decimal; IPv6 in the RFC 5952 form WHATWG URL uses,
 * without brackets. Undefined for a domain name.
 */
export function parseHostAsIp(host: string): string | undefined {
  const bare = stripBrackets(host);
  if (bare.includes(':')) {
    const groups = parseV6(bare);
    return groups === undefined ? undefined : formatV6(groups);
  }
  // WHATWG host parsing first: it percent-decodes and IDNA-maps (fullwidth digits, %2e) before
  // the numeric IPv4 parse, which is exactly what the HTTP client will do with the same URL.
  let normalized = bare;
  if (!/[/\\?#@\s]/.test(bare)) {
    try {
      normalized = new URL(`http://${bare}/`).hostname;
    } catch {
      // An invalid host for URL purposes; the loose parse below still decides whether it is numeric.
    }
  }
  for (const candidate of [normalized, bare]) {
    const v4 = parseLooseV4(candidate);
    if (v4 !== undefined) return numberToV4(v4);
  }
  return undefined;
}

type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

interface UrlCheckOptions {
  /** Plain http is only acceptable for the offline local stack. */
  allowHttp: boolean;
  /** Loopback targets (127/8, ::1, localhost) are only acceptable for the offline local stack. */
  allowLoopback?: boolean;
  /** What a URL with a username or password should do instead, one clause; the named policies set it. */
  credentialsAdvice?: string;
}

const INTERNAL_ADDRESS_REASON =
  'The URL points to a private, loopback, link-local or otherwise reserved IP address; use a publicly reachable host.';

/** Request-time check of a customer-supplied URL. Use the returned `url`, not the input string. */
export function checkUrlSyntax(url: string, options: UrlCheckOptions): UrlCheck {
  // WHATWG parsing skips extra slashes after a special scheme ("http:///x" becomes host "x"), so the
  // authority is checked in the text as written: a URL without one would fail at every attempt.
  const authority = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/([^/?#\\]*)/.exec(url)?.[1];
  if (authority !== undefined && authority.replace(/^[^@]*@/, '') === '') {
    return {
      ok: false,
      reason: 'The URL must include a host name after the scheme, e.g. https://example.com/x.',
    };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'The URL is not a valid absolute URL, e.g. https://example.com/webhooks.' };
  }
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && options.allowHttp)) {
    return {
      ok: false,
      reason: options.allowHttp
        ? 'The URL must use http or https.'
        : 'The URL must use https; plain http and other schemes are not accepted.',
    };
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return {
      ok: false,
      reason: `The URL must not contain a username or password${options.credentialsAdvice ? `; ${options.credentialsAdvice}` : ''}.`,
    };
  }
  const hostname = parsed.hostname;
  if (hostname === '') return { ok: false, reason: 'The URL must include a host name.' };

  const ip = parseHostAsIp(hostname);
  if (ip !== undefined) {
    if (isForbiddenAddress(ip) && !(options.allowLoopback && isLoopbackAddress(ip))) {
      return { ok: false, reason: INTERNAL_ADDRESS_REASON };
    }
    return { ok: true, url: parsed };
  }

  // Trailing dots make a name fully qualified ("localhost." is localhost); trimmed with a loop
  // rather than /\.+$/, which backtracks quadratically on long runs of dots.
  let name = hostname.toLowerCase();
  while (name.endsWith('.')) name = name.slice(0, -1);
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return options.allowLoopback
      ? { ok: true, url: parsed }
      : { ok: false, reason: 'The URL must not point to localhost; use a publicly reachable host.' };
  }
  // *.internal covers metadata.google.internal and the cloud providers' private DNS zones.
  if (name === 'internal' || name.endsWith('.internal')) {
    return {
      ok: false,
      reason: 'The URL must not point to an internal host name; use a publicly reachable host.',
    };
  }
  return { ok: true, url: parsed };
}

type ResolveCheck =
  | { ok: true; address: string; family: 4 | 6 }
  /** `unresolved`: the name gave no address at all (rather than a forbidden one). */
  | { ok: false; reason: string; unresolved?: true };

interface ResolveOptions {
  allowLoopback?: boolean;
  /** Injected in tests; defaults to the system resolver with every address (dns.lookup all:true). */
  lookup?: AddressLookup;
}

export const systemLookup: AddressLookup = (host) => dns.lookup(host, { all: true, order: 'verbatim' });

/**
 * Delivery-time check: resolves the host, refuses it when ANY address is forbidden (a name with one
 * public and one private record would otherwise reach the private one on some attempts), and
 * returns the single address to connect to. The caller must pin the connection to that address
 * with pinnedLookup: resolving again when connecting would let a DNS server that answers public
 * for the check and 127.0.0.1 for the connect (rebinding) walk straight past this check.
 */
export async function resolveAndCheck(hostname: string, options: ResolveOptions = {}): Promise<ResolveCheck> {
  const allowed = (address: string) =>
    !isForbiddenAddress(address) || (options.allowLoopback === true && isLoopbackAddress(address));

  const literal = parseHostAsIp(hostname);
  if (literal !== undefined) {
    if (!allowed(literal)) return { ok: false, reason: INTERNAL_ADDRESS_REASON };
    return { ok: true, address: literal, family: isIP(literal) === 6 ? 6 : 4 };
  }

  const host = stripBrackets(hostname);
  let answers: Array<{ address: string; family: number }>;
  try {
    answers = await (options.lookup ?? systemLookup)(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    return {
      ok: false,
      reason: `The host ${host} could not be resolved${typeof code === 'string' ? ` (${code})` : ''}.`,
      unresolved: true,
    };
  }
  if (answers.length === 0)
    return { ok: false, reason: `The host ${host} did not resolve to any address.`, unresolved: true };
  // The reason deliberately does not name the address: echoing what internal names resolve to
  // would turn this check into a probe of our private DNS.
  for (const { address } of answers) {
    if (isIP(address) === 0 || !allowed(address)) {
      return {
        ok: false,
        reason: `The host ${host} resolves to a private, loopback, link-local or otherwise reserved address; use a publicly reachable host.`,
      };
    }
  }
  const first = answers[0]!;
  // The family comes from the address itself rather than the resolver's claim about it.
  return { ok: true, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}

/**
 * Early warning, for a URL the service will call later (a webhook endpoint being registered): why its host
 * resolves to an address no delivery may reach, or undefined when it resolves to public addresses only,
 * does not resolve, or takes longer than `timeoutMs` to say. This decides nothing at delivery: the name can
 * resolve elsewhere by then (rebinding), so every delivery checks again (resolveAndCheck) and pins its
 * connection. A name that does not resolve yet may be registered later, and is left to that check.
 */
export async function resolvesToForbidden(
  hostname: string,
  options: { readonly allowLoopback?: boolean; readonly lookup: AddressLookup; readonly timeoutMs: number },
): Promise<string | undefined> {
  if (parseHostAsIp(hostname) !== undefined) return undefined; // a literal: checkUrlSyntax has decided it
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), options.timeoutMs);
  });
  const check = resolveAndCheck(hostname, options).then((result) =>
    result.ok || result.unresolved ? undefined : result.reason,
  );
  try {
    return await Promise.race([check, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A `lookup` for node:http / node:https `request()` (and net/tls connect) that always answers the
 * address resolveAndCheck approved, whatever host name it is asked about. The request keeps the
 * real host name, so the Host header, TLS SNI and certificate verification still use it; only the
 * socket's destination is fixed. Handles both shapes Node asks for: `all: true` (used by the
 * happy-eyeballs autoSelectFamily connect, the default since Node 20) wants an array.
 */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname: string, options: LookupOptions, callback) => {
    // Asynchronous like the real dns.lookup: net attaches listeners after starting the lookup and
    // expects the answer on a later tick.
    process.nextTick(() => {
      if (options?.all) {
        const addresses: LookupAddress[] = [{ address, family }];
        callback(null, addresses);
      } else {
        callback(null, address, family);
      }
    });
  };
}

// ---------------------------------------------------------------------------------------------
// Named policies

/** What a stage allows beyond public https hosts: plain http and loopback, on the offline local stack only. */
export interface StageUrlRules {
  readonly allowHttp: boolean;
  readonly allowLoopback: boolean;
}

/** One use of outbound URLs: the stage's rules, the advice for URLs with credentials, and the limits. */
export interface OutboundPolicy extends StageUrlRules {
  readonly credentialsAdvice: string;
  /** The whole exchange (every hop and the body) must finish within this. */
  readonly timeoutMs: number;
  /** The largest response body read; a longer one is refused as it streams in. */
  readonly maxBytes: number;
  /** Redirects followed by hand, each hop checked again; 0: a redirect is the answer, never followed. */
  readonly maxRedirects: number;
  /** Injected in tests; defaults to the system resolver. */
  readonly lookup?: AddressLookup;
}

/** What each use allows, whatever the stage. */
const USES = {
  /** Webhook deliveries: one POST, never redirected, its answer drained unread within 10 s. */
  webhookDelivery: {
    credentialsAdvice: 'authenticate with the webhook signature instead',
    timeoutMs: 10_000,
    maxBytes: 0,
    maxRedirects: 0,
  },
  /** Customer images (brochure photos, logos, headshots, room photos): 20 MB within 20 s, 3 redirects. */
  customerImage: {
    credentialsAdvice: 'images must be readable at a public URL without credentials',
    timeoutMs: 20_000,
    maxBytes: 20 * 1024 * 1024,
    maxRedirects: 3,
  },
  /** Photorealistic 3D tiles (tileset JSON and glTF): tiles documents are small, 32 MB within 20 s. */
  tiles: {
    credentialsAdvice: 'the tiles endpoint authenticates with its API key',
    timeoutMs: 20_000,
    maxBytes: 32 * 1024 * 1024,
    maxRedirects: 3,
  },
} as const satisfies Record<string, Omit<OutboundPolicy, keyof StageUrlRules | 'lookup'>>;

const forStage = (use: keyof typeof USES, stage: StageUrlRules): OutboundPolicy => ({
  allowHttp: stage.allowHttp,
  allowLoopback: stage.allowLoopback,
  ...USES[use],
});

export const webhookDeliveryPolicy = (stage: StageUrlRules): OutboundPolicy =>
  forStage('webhookDelivery', stage);
export const customerImagePolicy = (stage: StageUrlRules): OutboundPolicy => forStage('customerImage', stage);
export const tilesPolicy = (stage: StageUrlRules): OutboundPolicy => forStage('tiles', stage);

// Caller-hosted video bundles are not fetched by the service: the renderer's browser loads them, so their
// policy is the operator's host allowlist, in bundle-hosts.ts.
