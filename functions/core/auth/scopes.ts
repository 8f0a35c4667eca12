// What an API key may do: a closed set of scopes, each route needing one (functions/api/route-scopes.ts).
// A key made before keys carried scopes has none stored and keeps every scope, so no integration breaks;
// `admin` implies every other scope.

export const API_SCOPES = [
  'jobs:read',
  'jobs:write',
  'jobs:delete',
  'webhooks:manage',
  'usage:read',
  'brand:manage',
  'admin',
] as const;

export type ApiScope = (typeof API_SCOPES)[number];

/** One sentence per scope, for the CLI's usage, the OpenAPI document and the README. */
export const SCOPE_DESCRIPTIONS: Readonly<Record<ApiScope, string>> = {
  'jobs:read': 'read jobs and the event log',
  'jobs:write': 'create jobs (every generating route) and cancel them',
  'jobs:delete': 'delete jobs and their media',
  'webhooks:manage': 'webhook endpoints, test events and resends',
  'usage:read': 'read usage',
  'brand:manage':
    'brand kits: create, read, change and delete them (naming one on a job needs only jobs:write)',
  admin: 'everything above, and the organization itself (imagery sources, offices)',
};

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/**
 * The scopes of a list as given (CLI `--scopes a,b`, a dashboard request): trimmed, duplicates dropped, in
 * the set's order. Unknown ones are an error naming each of them.
 */
export function parseScopes(list: readonly string[]): ApiScope[] {
  const given = list.map((s) => s.trim()).filter((s) => s !== '');
  const unknown = [...new Set(given.filter((s) => !isApiScope(s)))];
  if (unknown.length > 0) {
    throw new UnknownScopeError(unknown);
  }
  if (given.length === 0) throw new Error(`No scopes given: name at least one of ${API_SCOPES.join(', ')}.`);
  return API_SCOPES.filter((scope) => given.includes(scope));
}

export class UnknownScopeError extends Error {
  constructor(readonly unknown: readonly string[]) {
    super(
      `Unknown scope${unknown.length > 1 ? 's' : ''} ${unknown.map((s) => `'${s}'`).join(', ')}: expected ${API_SCOPES.join(', ')}.`,
    );
    this.name = 'UnknownScopeError';
  }
}

/** The scopes a key holds: its own, or every scope (`admin`) for a key made before keys carried scopes. */
export function effectiveScopes(key: { readonly scopes?: readonly ApiScope[] }): readonly ApiScope[] {
  return key.scopes ?? ['admin'];
}

/** Whether a key with these scopes may do what `needed` allows. */
export function grants(key: { readonly scopes?: readonly ApiScope[] }, needed: ApiScope): boolean {
  const held = effectiveScopes(key);
  return held.includes('admin') || held.includes(needed);
}
