// The smoke test's command line: what to call, with which key, where webhooks go and which inputs the
// jobs take. Defaults suit the local stack; a deployed stage needs its own https inputs (see HELP).
import { parseArgs } from 'node:util';

export interface SmokeOptions {
  readonly baseUrl: string;
  readonly key: string;
  /** Where the stage delivers the smoke's webhooks; undefined: no webhook check. */
  readonly webhookUrl: string | undefined;
  /** Start a receiver in this process on this host and port (it verifies every delivery). */
  readonly webhookListen: { readonly host: string; readonly port: number } | undefined;
  readonly webhookSecret: string | undefined;
  /** A room photo for staging and the brochure; undefined: served from this process (loopback). */
  readonly imageUrl: string | undefined;
  /** A Remotion bundle for video export; undefined: the test fixture bundle, served from this process. */
  readonly bundleUrl: string | undefined;
  readonly composition: string;
  readonly address: string;
  /** Multiplies every job's time limit (a busy or cold stage). */
  readonly timeoutFactor: number;
  readonly only: ReadonlySet<string> | undefined;
  readonly skip: ReadonlySet<string>;
}

export const HELP = `Smoke test of a deployed stage (or the local stack): auth, envelope, rate-limit headers, one job of
every job type to completion with its files downloaded, an Idempotency-Key replay, a cancel and a signed
webhook. Prints a table (check, result, time, detail); exits 1 when a check failed, 2 on bad arguments.

  npm run smoke -- --base-url URL --key KEY [options]

  --base-url URL        the API, e.g. https://abc123.execute-api.ap-southeast-2.amazonaws.com/prod
                        or the local stack's http://127.0.0.1:3000
  --key KEY             an API key (or SMOKE_API_KEY). A test key is never billed but allows 10
                        requests/min: the smoke paces itself (a run takes a few minutes more); a live
                        key of a smoke organization is faster. The staging stage takes live keys only.
  --webhook-url URL     webhook_url given to every job; the stage must reach it (https on deployed
                        stages; http and loopback only on the local stack)
  --webhook-listen [HOST:]PORT
                        start a receiver in this process (HOST default 127.0.0.1; PORT 0 picks one)
                        that verifies each delivery's Standard Webhooks signature. Without
                        --webhook-url it is http://HOST:PORT/smoke (enough for the local stack); for
                        a deployed stage point an https tunnel at it and pass the tunnel's URL.
                        With --webhook-url alone the smoke checks the job's delivery record
                        (webhook.attempts) but cannot see the signature.
  --webhook-secret S    the organization's whsec_… signing secret (or SMOKE_WEBHOOK_SECRET), needed
                        with --webhook-listen: the dashboard's "Webhook secret" (reveal), or
                        npm run keys -- webhook-secret --org ORG [--stage STAGE]
  --image-url URL       a JPEG/PNG/WebP photo of an empty room (virtual staging; also the brochure's
                        and the listing kit's photo). Default: a generated room served from this
                        process on 127.0.0.1, which only the local stack may fetch; a deployed stage
                        needs a public https URL, else those three checks are skipped.
  --bundle-url URL      serve_url of a Remotion bundle for video export (its host on the stage's
                        videoBundleUrlAllowlist). Default: the test fixture bundle
                        (test/fixtures/caller-bundle), bundled and served from this process, which
                        only the local stack may fetch; else video_export is skipped.
  --composition ID      composition of --bundle-url to render (default Tiny); rendered at 80x60,
                        8 fps, 5 frames
  --address TEXT        address of the address-based jobs (default 10 Wattle Street, Ultimo NSW 2007)
  --timeout-factor N    multiply every job's time limit (default 1; e.g. 3 on a busy stage)
  --only a,b  --skip a,b
                        run only / leave out checks by name (job types, auth, envelope,
                        rate-limit-headers, idempotency, cancel, webhook)
  --help

  npm run smoke -- --providers [--stage STAGE | --providers-file FILE]
                        instead: call each provider source (imagery, cadastre, geocoder) of a stage
                        or a PROVIDERS_FILE (default providers/au-open.json) once, live, and print
                        the resolution, date, lot and licence each gave (needs internet; keys from
                        SECRETS_FILE or Secrets Manager)

Every check runs under the key's organization and mode, creates 12 jobs (one is canceled at once) and
downloads each output file (a few tens of MB in all).`;

class UsageError extends Error {}

function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
}

function list(value: string | undefined): ReadonlySet<string> | undefined {
  return value === undefined ? undefined : new Set(value.split(',').map((s) => s.trim()));
}

function url(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return new URL(value).toString();
  } catch {
    throw new UsageError(`--${name} is not a URL: ${value}`);
  }
}

export function parseOptions(argv: readonly string[], env: NodeJS.ProcessEnv): SmokeOptions | 'help' {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      'base-url': { type: 'string' },
      key: { type: 'string' },
      'webhook-url': { type: 'string' },
      'webhook-listen': { type: 'string' },
      'webhook-secret': { type: 'string' },
      'image-url': { type: 'string' },
      'bundle-url': { type: 'string' },
      composition: { type: 'string' },
      address: { type: 'string' },
      'timeout-factor': { type: 'string' },
      only: { type: 'string' },
      skip: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const baseUrl = url('base-url', values['base-url'])?.replace(/\/+$/, '');
  if (!baseUrl) throw new UsageError('--base-url is required');
  const key = values.key ?? env.SMOKE_API_KEY;
  if (!key) throw new UsageError('--key (or SMOKE_API_KEY) is required');

  let webhookListen: SmokeOptions['webhookListen'];
  if (values['webhook-listen'] !== undefined) {
    const match = /^(?:(.+):)?(\d+)$/.exec(values['webhook-listen']);
    if (!match) throw new UsageError(`--webhook-listen takes [HOST:]PORT, not ${values['webhook-listen']}`);
    webhookListen = { host: match[1] ?? '127.0.0.1', port: Number(match[2]) };
  }
  const webhookSecret = values['webhook-secret'] ?? env.SMOKE_WEBHOOK_SECRET;
  if (webhookListen && !webhookSecret)
    throw new UsageError(
      '--webhook-listen verifies signatures: give --webhook-secret (or SMOKE_WEBHOOK_SECRET)',
    );
  const timeoutFactor = Number(values['timeout-factor'] ?? '1');
  if (!(timeoutFactor > 0)) throw new UsageError('--timeout-factor must be a positive number');

  return {
    baseUrl,
    key,
    webhookUrl: url('webhook-url', values['webhook-url']),
    webhookListen,
    webhookSecret,
    imageUrl: url('image-url', values['image-url']),
    bundleUrl: url('bundle-url', values['bundle-url']),
    composition: values.composition ?? 'Tiny',
    address: values.address ?? '10 Wattle Street, Ultimo NSW 2007',
    timeoutFactor,
    only: list(values.only),
    skip: list(values.skip) ?? new Set(),
  };
}

/** Fixtures served from this process are reachable only by a stage on this machine's loopback. */
export function servesLocalFixtures(options: SmokeOptions): boolean {
  return isLoopbackUrl(options.baseUrl);
}
