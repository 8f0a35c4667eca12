// An organization's offices: served, as the imagery source routes are, by the one function behind
// /v1/{proxy+} (webhook-routes.ts says why), which finds them by method and path. Per organization and
// mode, as the API key says; a key bound to an office sees only that office.
import {
  createOfficeBody,
  deletedOffice,
  office,
  officeIdParam,
  officeList,
  updateOfficeBody,
} from './office-schemas.ts';
import type { RouteDefinition } from './route-definition.ts';
import { BODY_ERRORS } from './route-errors.ts';
import { proxiedApiRoute } from './webhook-routes.ts';
import { noQuery } from './webhook-schemas.ts';

const TAG = 'Offices';
const OFFICE = '/v1/offices/{officeId}';

export const OFFICE_ROUTES: readonly RouteDefinition[] = [
  proxiedApiRoute({
    method: 'POST',
    path: '/v1/offices',
    operationId: 'createOffice',
    summary:
      "Creates an office of the key's organization in the key's mode: its jobs, events, usage and webhook endpoints can then be told apart (`office_id`), a key can be bound to it (`npm run keys -- create --office`), and its media_retention_days, when set, takes the organization's place for its jobs.",
    tag: TAG,
    body: createOfficeBody,
    example: { name: 'Harbour & Co Bondi', external_ref: 'BR-014', media_retention_days: 30 },
    success: { status: 201, schema: office, description: 'The office.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND', 'OFFICE_LIMIT'],
  }),
  proxiedApiRoute({
    method: 'GET',
    path: '/v1/offices',
    operationId: 'listOffices',
    summary: "The organization's offices in the key's mode (an office's key: its own office alone).",
    tag: TAG,
    query: noQuery,
    success: { status: 200, schema: officeList, description: 'The offices.' },
    errors: ['VALIDATION_ERROR'],
  }),
  proxiedApiRoute({
    method: 'GET',
    path: OFFICE,
    operationId: 'getOffice',
    summary: "One office (another office's, for an office's key, is a 404).",
    tag: TAG,
    params: officeIdParam,
    success: { status: 200, schema: office, description: 'The office.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  proxiedApiRoute({
    method: 'PATCH',
    path: OFFICE,
    operationId: 'updateOffice',
    summary:
      "Changes an office's name, external_ref or media_retention_days (a new retention applies to jobs created from then on).",
    tag: TAG,
    params: officeIdParam,
    body: updateOfficeBody,
    success: { status: 200, schema: office, description: 'The office as changed.' },
    errors: [...BODY_ERRORS, 'NOT_FOUND'],
  }),
  proxiedApiRoute({
    method: 'DELETE',
    path: OFFICE,
    operationId: 'deleteOffice',
    summary:
      'Deletes an office that has no job queued or processing (409 OFFICE_HAS_RUNNING_JOBS otherwise). Its finished jobs, their events and usage stay with the organization and keep its office_id; keys bound to it can make no more jobs.',
    tag: TAG,
    params: officeIdParam,
    success: { status: 200, schema: deletedOffice, description: 'Deleted.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'OFFICE_HAS_RUNNING_JOBS'],
  }),
];
