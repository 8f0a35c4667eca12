// What an API key bound to an office may see and do. A key carries at most one office: with one, it sees
// only that office's jobs, events, usage and webhook endpoints, and every job it makes is that office's;
// without one (an organization-wide key) it sees them all and may place a job in any of its
// organization's offices (`office_id` on the request). Another office's job, event or endpoint answers as
// one that does not exist: a 404 with the same message, so an office key cannot even learn its id is real.

/** The office a key is bound to, or undefined for an organization-wide key. */
export type OfficeScope = string | undefined;

/** Whether a key of this scope may see a thing of this office (undefined: the organization's own). */
export function inOfficeScope(scope: OfficeScope, officeId: string | undefined): boolean {
  return scope === undefined || scope === officeId;
}

/**
 * The office filter a listing applies: the key's own office (a filter naming another is answered with
 * nothing, as a filter on an office that does not exist), else the filter the request gives.
 * `none`: nothing can match.
 */
export function officeFilterOf(
  scope: OfficeScope,
  requested: string | undefined,
): { readonly officeId?: string } | 'none' {
  if (scope === undefined) return requested === undefined ? {} : { officeId: requested };
  if (requested !== undefined && requested !== scope) return 'none';
  return { officeId: scope };
}

/** A member's office filter: one of its offices when the request names it, else all of them; never another. */
export function memberOfficeFilter(
  offices: readonly string[],
  requested: string | undefined,
): { readonly officeId?: string; readonly officeIds?: readonly string[] } | 'none' {
  if (requested !== undefined) return offices.includes(requested) ? { officeId: requested } : 'none';
  return offices.length === 0 ? 'none' : { officeIds: offices };
}
