// The HTTP server under each map-service fixture (ArcGIS REST query, WFS 2.0, address layers): it records
// every request and misbehaves on demand the way real services do, before the protocol's own handler
// sees the request. Throttling (429 with Retry-After, N times), a 500, a hang (the connection held open,
// nothing sent) are the same for every protocol; an error object and an empty answer are each protocol's
// own, so the handler is told to send them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Misbehaviour {
  /** Answer 429 with `Retry-After: retryAfterSeconds` (default 0) to the next `times` requests. */
  readonly throttle?: { readonly times: number; readonly retryAfterSeconds?: number };
  /** Answer 500 to every request. */
  readonly status500?: boolean;
  /** Accept every request and never answer. */
  readonly hang?: boolean;
  /** Answer the protocol's error (an ArcGIS error object, an OGC ExceptionReport) with HTTP 200. */
  readonly errorObject?: boolean;
  /** Answer HTTP 200 with an empty body. */
  readonly empty?: boolean;
}

export interface FixtureRequest {
  /** The path and query exactly as received. */
  readonly url: string;
  readonly path: string;
  /** The query's parameters (the last of any repeated one). */
  readonly params: Readonly<Record<string, string>>;
}

export interface MapFixture {
  /** The URL an adapter's row names (a layer, a service endpoint). */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: FixtureRequest[];
  /** Changes how the fixture misbehaves from the next request on ({} to behave again). */
  misbehave(misbehaviour: Misbehaviour): void;
  close(): Promise<void>;
}

export type FixtureHandler = (
  request: FixtureRequest,
  res: ServerResponse,
  misbehaviour: Pick<Misbehaviour, 'errorObject'>,
) => void;

/** A fixture on 127.0.0.1 at a free port; `path` is appended to its origin for `url`. */
export async function startFixtureServer(
  path: string,
  handler: FixtureHandler,
  initial: Misbehaviour = {},
): Promise<MapFixture> {
  const requests: FixtureRequest[] = [];
  let misbehaviour = initial;
  let throttled = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const parsed = new URL(req.url ?? '/', 'http://fixture');
    const request: FixtureRequest = {
      url: req.url ?? '/',
      path: parsed.pathname,
      params: Object.fromEntries(parsed.searchParams),
    };
    requests.push(request);
    const { throttle } = misbehaviour;
    if (throttle && throttled < throttle.times) {
      throttled += 1;
      res.writeHead(429, { 'retry-after': String(throttle.retryAfterSeconds ?? 0) }).end('Too Many Requests');
      return;
    }
    if (misbehaviour.status500) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
      return;
    }
    if (misbehaviour.hang) return;
    if (misbehaviour.empty) {
      res.writeHead(200, { 'content-type': 'application/json' }).end();
      return;
    }
    try {
      handler(request, res, { errorObject: misbehaviour.errorObject === true });
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`fixture failed: ${String(error)}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    misbehave(next) {
      misbehaviour = next;
      throttled = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

/** Planar geometry in degrees, the fixtures' own (never the adapters'): x longitude, y latitude. */
export interface XY {
  readonly x: number;
  readonly y: number;
}

/** Even-odd containment. */
export function inside(p: XY, ring: readonly XY[]): boolean {
  let result = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) result = !result;
  }
  return result;
}

function crosses(a: XY, b: XY, c: XY, d: XY): boolean {
  const side = (o: XY, p: XY, q: XY) => Math.sign((p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x));
  const overlap =
    Math.min(a.x, b.x) <= Math.max(c.x, d.x) &&
    Math.min(c.x, d.x) <= Math.max(a.x, b.x) &&
    Math.min(a.y, b.y) <= Math.max(c.y, d.y) &&
    Math.min(c.y, d.y) <= Math.max(a.y, b.y);
  return overlap && side(a, b, c) * side(a, b, d) <= 0 && side(c, d, a) * side(c, d, b) <= 0;
}

/** Whether a polygon ring and a box share any point (intersects, as esriSpatialRelIntersects and BBOX mean). */
export function ringTouchesBox(
  ring: readonly XY[],
  box: { readonly xmin: number; readonly ymin: number; readonly xmax: number; readonly ymax: number },
): boolean {
  const inBox = (p: XY) => p.x >= box.xmin && p.x <= box.xmax && p.y >= box.ymin && p.y <= box.ymax;
  if (ring.some(inBox)) return true;
  const corners = [
    { x: box.xmin, y: box.ymin },
    { x: box.xmax, y: box.ymin },
    { x: box.xmax, y: box.ymax },
    { x: box.xmin, y: box.ymax },
  ];
  if (corners.some((c) => inside(c, ring))) return true;
  return ring.some((a, i) => {
    const b = ring[(i + 1) % ring.length]!;
    return corners.some((c, k) => crosses(a, b, c, corners[(k + 1) % 4]!));
  });
}
