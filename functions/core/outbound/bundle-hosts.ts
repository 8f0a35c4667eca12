// The outbound policy of caller-hosted video bundles: which hosts a Remotion bundle may be served from
// (VIDEO_BUNDLE_URL_ALLOWLIST). The service does not fetch the bundle itself; the renderer's browser loads
// and runs its code, so only hosts the operator trusts are accepted.
// An entry is an exact host (`bundles.example.com`) or `*.suffix` (any host below example.com, not
// example.com itself). HTTPS only, except plain http to a loopback host, which only the local stage lists.

export type BundleHostAllowlist = readonly string[];

/** The setting's value: entries separated by commas (or whitespace), compared case-insensitively. */
export function parseBundleHostAllowlist(raw: string | undefined): BundleHostAllowlist {
  return (raw ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hostAllowed(host: string, allowlist: BundleHostAllowlist): boolean {
  return allowlist.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

type ServeUrlCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** Whether the renderer may load a bundle from `serveUrl`; the reason names the host and the allowlist. */
export function checkServeUrl(serveUrl: string, allowlist: BundleHostAllowlist): ServeUrlCheck {
  if (!URL.canParse(serveUrl)) return { ok: false, reason: 'it is not a URL' };
  const url = new URL(serveUrl);
  const host = url.hostname.toLowerCase();
  const listed =
    allowlist.length > 0 ? allowlist.join(', ') : '(empty: this stage renders no caller-hosted bundles)';
  if (url.username !== '' || url.password !== '')
    return { ok: false, reason: 'it contains a username or password; bundles must be public' };
  if (!hostAllowed(host, allowlist))
    return { ok: false, reason: `host '${host}' is not on the bundle-host allowlist: ${listed}` };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(host)))
    return { ok: false, reason: `it must use https (got ${url.protocol.replace(':', '')})` };
  return { ok: true };
}
