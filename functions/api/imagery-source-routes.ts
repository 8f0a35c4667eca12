// An organization's own imagery sources (its Nearmap or MetroMap subscription): served, as the webhook
// routes are, by the one function behind /v1/{proxy+} (webhook-routes.ts says why), which finds them by
// method and path. Per organization and mode, as the API key says.

import {
  createImagerySourceBody,
  deletedImagerySource,
  imagerySource,
  imagerySourceList,
  sourceIdParam,
  updateImagerySourceBody,
} from './imagery-source-schemas.ts';
import type { RouteDefinition } from './route-definition.ts';
import { BODY_ERRORS } from './route-errors.ts';
import { proxiedApiRoute } from './webhook-routes.ts';
import { noQuery } from './webhook-schemas.ts';

const TAG = 'Imagery sources';
const SOURCE = '/v1/imagery-sources/{sourceId}';

export const IMAGERY_SOURCE_ROUTES: readonly RouteDefinition[] = [
  proxiedApiRoute({
    method: 'POST',
    path: '/v1/imagery-sources',
    operationId: 'createImagerySource',
    summary:
      "Registers the organization's own imagery subscription (Nearmap, MetroMap, …) in the key's mode: its jobs try it before the stage's sources, wherever its coverage holds the property and its licence allows what the request asks. The key is kept as a secret and never shown again.",
    tag: TAG,
    body: createImagerySourceBody,
    example: {
      name: 'nearmap',
      kind: 'xyz-tiles',
      url: 'https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg',
      max_zoom: 21,
      licence: { store: true, print: true, portal: true },
      attribution: 'Imagery © Nearmap',
      api_key: 'nm-your-nearmap-api-key',
      api_key_param: 'apikey',
    },
    success: { status: 201, schema: imagerySource, description: 'The source (its key only as key_hint).' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'IMAGERY_SOURCE_LIMIT'],
  }),
  proxiedApiRoute({
    method: 'GET',
    path: '/v1/imagery-sources',
    operationId: 'listImagerySources',
    summary:
      "The organization's imagery sources in the key's mode, in the order its jobs try them (never their keys).",
    tag: TAG,
    query: noQuery,
    success: { status: 200, schema: imagerySourceList, description: 'The sources.' },
    errors: ['VALIDATION_ERROR'],
  }),
  proxiedApiRoute({
    method: 'GET',
    path: SOURCE,
    operationId: 'getImagerySource',
    summary: 'One imagery source (never its key).',
    tag: TAG,
    params: sourceIdParam,
    success: { status: 200, schema: imagerySource, description: 'The source.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  proxiedApiRoute({
    method: 'PATCH',
    path: SOURCE,
    operationId: 'updateImagerySource',
    summary:
      'Changes a source: the fields given replace its own (a new api_key replaces the key kept; null removes it); its kind stays. Jobs already running may use the previous settings for up to a minute.',
    tag: TAG,
    params: sourceIdParam,
    body: updateImagerySourceBody,
    success: { status: 200, schema: imagerySource, description: 'The source as changed.' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'NOT_FOUND'],
  }),
  proxiedApiRoute({
    method: 'DELETE',
    path: SOURCE,
    operationId: 'deleteImagerySource',
    summary:
      'Deletes a source and its key: jobs stop using it within a minute (each job function keeps what it read for up to 60 s).',
    tag: TAG,
    params: sourceIdParam,
    success: { status: 200, schema: deletedImagerySource, description: 'Deleted.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
];
