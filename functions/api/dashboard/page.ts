// GET /dashboard and GET /dashboard/{asset}: the developer dashboard, a static app (built from
// dashboard/ by lib/dashboard/build-dashboard.ts) served with a strict Content-Security-Policy, plus
// config.json, which tells the app how this stage signs in.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ENV, optionalEnv, requireEnv } from '../../core/config/env.ts';
import { apiErrors } from '../../core/errors.ts';
import { requestId } from '../../core/ids.ts';
import { apiLogContext, instrumented } from '../../core/observability.ts';
import { errorResult } from '../http/api-route.ts';

const ASSETS: Readonly<Record<string, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
};

const cache = new Map<string, string>();

function asset(name: string): string {
  let body = cache.get(name);
  if (body === undefined) {
    body = readFileSync(path.join(requireEnv(ENV.dashboardAssetsDir), name), 'utf8');
    cache.set(name, body);
  }
  return body;
}

/** What the app needs to know about sign-in here. */
function dashboardConfig() {
  const signIn = requireEnv(ENV.dashboardAuth);
  return signIn === 'cognito'
    ? {
        sign_in: 'cognito',
        cognito: {
          domain: requireEnv(ENV.dashboardCognitoDomain),
          client_id: requireEnv(ENV.dashboardCognitoClientId),
        },
      }
    : { sign_in: 'sign-in-link' };
}

/** The page's security headers: scripts and styles from this origin only, media from the media store. */
function securityHeaders(): Record<string, string> {
  const media = optionalEnv(ENV.dashboardMediaOrigins) ?? '';
  const cognito = optionalEnv(ENV.dashboardCognitoDomain) ?? '';
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data: ${media}`.trim(),
    `media-src ${media || "'none'"}`,
    `connect-src 'self' ${cognito}`.trim(),
    "base-uri 'none'",
    `form-action 'self' ${cognito}`.trim(),
    "frame-ancestors 'none'",
  ].join('; ');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cache-Control': 'no-cache',
  };
}

async function dashboardPage(event: APIGatewayProxyEvent): Promise<APIGatewayProxyResult> {
  const name = event.pathParameters?.asset;
  if (name === undefined) {
    // /dashboard → /dashboard/ (relative, so it holds under API Gateway's stage prefix too): the app's
    // relative asset URLs resolve against the directory.
    if (!event.path.endsWith('/')) {
      return { statusCode: 308, headers: { Location: 'dashboard/', 'Cache-Control': 'no-cache' }, body: '' };
    }
    return page('index.html');
  }
  if (name === 'config.json') {
    return {
      statusCode: 200,
      headers: { ...securityHeaders(), 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify(dashboardConfig()),
    };
  }
  if (!Object.hasOwn(ASSETS, name)) {
    return errorResult(apiErrors.routeNotFound('GET', event.path), {
      requestId: requestId(event.requestContext?.requestId),
      timestamp: new Date().toISOString(),
    });
  }
  return page(name);
}

function page(name: string): APIGatewayProxyResult {
  return {
    statusCode: 200,
    headers: { ...securityHeaders(), 'Content-Type': ASSETS[name]! },
    body: asset(name),
  };
}

export const handler = instrumented('dashboardPage', dashboardPage, apiLogContext);
