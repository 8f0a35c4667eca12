// The HTTP side every imagery fixture shares: a real server on 127.0.0.1 (an ephemeral port) that records
// every request, answers through its protocol's route, and misbehaves on demand on the requests for
// pictures (throttled with Retry-After, a 5xx, no answer at all, a blank or wrong-sized picture, the
// protocol's error answer with HTTP 200, an HTML page), so each way a real service fails can be shown to
// end as the right SourceError. A service's description (ArcGIS ?f=json) is left alone unless asked.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { flatPicture } from './scene-raster.ts';

export interface Misbehaviour {
  /** Answer the next `times` picture requests 429 with Retry-After: `retryAfterSeconds`. */
  readonly throttle?: { readonly times: number; readonly retryAfterSeconds: number };
  /** Answer picture requests with this HTTP status (500, 503, 404 …). */
  readonly status?: number;
  /** Never answer picture requests (the connection stays open until the fixture closes). */
  readonly hang?: boolean;
  /** A picture of the size asked for, all this colour (a source with no imagery there). */
  readonly blank?: readonly [number, number, number];
  /** A picture 7 pixels narrower than asked. */
  readonly wrongSize?: boolean;
  /** The protocol's error answer with HTTP 200 (an ArcGIS error object, a WMS ServiceExceptionReport). */
  readonly errorAnswer?: boolean;
  /** An HTML page with HTTP 200 where a picture was asked for. */
  readonly notImage?: boolean;
  /** The misbehaviour applies to the service's description (ArcGIS ?f=json) as well. */
  readonly description?: boolean;
}

export interface FixtureRequest {
  readonly path: string;
  /** Query parameters as sent (the last of a repeated name). */
  readonly params: Readonly<Record<string, string>>;
  /** A picture was asked for (not a description or capabilities). */
  readonly picture: boolean;
  readonly status: number;
}

export interface ImageryFixture {
  /** The service URL (ArcGIS service, tile template, WMS endpoint) for a source row. */
  readonly url: string;
  readonly requests: FixtureRequest[];
  /** Replaces the misbehaviour from now on (an empty object: behave). */
  misbehave(misbehaviour: Misbehaviour): void;
  close(): Promise<void>;
}

export interface PlainAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string | Buffer;
}

/** A picture the route would draw: its size, format, and how to draw the same ground at another size. */
export interface PictureAnswer {
  readonly width: number;
  readonly height: number;
  readonly format: 'jpeg' | 'png';
  draw(width: number, height: number): Promise<Buffer>;
}

export type RouteAnswer =
  | { readonly kind: 'plain'; readonly answer: PlainAnswer; readonly description?: boolean }
  | { readonly kind: 'picture'; readonly picture: PictureAnswer };

export interface ImageryRoute {
  answer(url: URL): Promise<RouteAnswer>;
  /** The protocol's error answer (HTTP 200) for a request it was told to fail. */
  errorAnswer(message: string): PlainAnswer;
}

const CONTENT_TYPES = { jpeg: 'image/jpeg', png: 'image/png' } as const;

export async function startImageryServer(
  route: ImageryRoute,
  urlFor: (origin: string) => string,
  initial: Misbehaviour = {},
): Promise<ImageryFixture> {
  let misbehaviour = initial;
  let throttled = 0;
  const requests: FixtureRequest[] = [];
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, record: (status: number) => void, a: PlainAnswer, headers = {}) => {
    record(a.status);
    res.writeHead(a.status, { 'content-type': a.contentType, ...headers }).end(a.body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const routed = await route.answer(url);
    const picture = routed.kind === 'picture';
    const record = (status: number) =>
      requests.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), picture, status });
    const misbehaves = picture || (routed.kind === 'plain' && routed.description && misbehaviour.description);
    if (misbehaves) {
      const m = misbehaviour;
      if (m.hang) return record(0);
      if (m.throttle && throttled < m.throttle.times) {
        throttled += 1;
        return send(
          res,
          record,
          { status: 429, contentType: 'text/plain', body: 'Too Many Requests' },
          {
            'retry-after': String(m.throttle.retryAfterSeconds),
          },
        );
      }
      if (m.status)
        return send(res, record, { status: m.status, contentType: 'text/plain', body: `HTTP ${m.status}` });
      if (m.errorAnswer) return send(res, record, route.errorAnswer('Unable to complete operation.'));
      if (m.notImage)
        return send(res, record, {
          status: 200,
          contentType: 'text/html',
          body: '<!DOCTYPE html><html><body>Service temporarily unavailable</body></html>',
        });
    }
    if (routed.kind === 'plain') return send(res, record, routed.answer);
    const p = routed.picture;
    const m = misbehaviour;
    const body = m.blank
      ? await flatPicture(p.width, p.height, m.blank, p.format)
      : await p.draw(m.wrongSize ? Math.max(1, p.width - 7) : p.width, p.height);
    send(res, record, { status: 200, contentType: CONTENT_TYPES[p.format], body });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: urlFor(origin),
    requests,
    misbehave(next) {
      misbehaviour = next;
      throttled = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
