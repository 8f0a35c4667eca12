// Signing in: a one-time sign-in link (#sign-in=dsi_… in the address, local stack) exchanged for a
// session, or Cognito's hosted UI (authorization code with PKCE) on deployed stages.
import { call, type SignInConfig, saveSession } from './api.ts';

const PKCE_KEY = 'pms.dashboard.pkce';

/** Spends a sign-in token from the address, if there is one; the token is removed from history at once. */
export async function signInFromLink(): Promise<boolean> {
  const match = /sign-in=(dsi_[0-9A-Za-z]+)/.exec(window.location.hash);
  if (!match) return false;
  history.replaceState(null, '', `${window.location.pathname}#/keys`);
  await exchangeToken(match[1]!);
  return true;
}

export async function exchangeToken(token: string): Promise<void> {
  const session = await call<{ session_token: string; expires_at: string }>(
    'POST',
    '/v1/dashboard/sessions',
    {
      token,
    },
  );
  saveSession({ token: session.session_token, kind: 'sign-in-link', expiresAt: session.expires_at });
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function redirectUri(): string {
  return `${window.location.origin}${window.location.pathname}`;
}

export async function startCognitoSignIn(config: SignInConfig): Promise<void> {
  const cognito = config.cognito!;
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const state = base64Url(crypto.getRandomValues(new Uint8Array(16)));
  const challenge = base64Url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
  );
  sessionStorage.setItem(PKCE_KEY, JSON.stringify({ verifier, state }));
  const url = new URL('/oauth2/authorize', cognito.domain);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: cognito.client_id,
    redirect_uri: redirectUri(),
    scope: 'openid email',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  window.location.assign(url.toString());
}

/** Completes a Cognito sign-in when the hosted UI sent the browser back with ?code=…&state=…. */
export async function finishCognitoSignIn(config: SignInConfig): Promise<boolean> {
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  if (!code || !config.cognito) return false;
  const saved = JSON.parse(sessionStorage.getItem(PKCE_KEY) ?? '{}') as { verifier?: string; state?: string };
  sessionStorage.removeItem(PKCE_KEY);
  history.replaceState(null, '', `${window.location.pathname}#/keys`);
  if (!saved.verifier || saved.state !== params.get('state'))
    throw new Error('The sign-in did not match; try again.');
  const response = await fetch(new URL('/oauth2/token', config.cognito.domain), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: config.cognito.client_id,
      code,
      redirect_uri: redirectUri(),
      code_verifier: saved.verifier,
    }),
  });
  if (!response.ok) throw new Error(`Cognito refused the sign-in (${response.status}).`);
  const tokens = (await response.json()) as { id_token: string; expires_in: number };
  saveSession({
    token: tokens.id_token,
    kind: 'cognito',
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000).toISOString(),
  });
  return true;
}
