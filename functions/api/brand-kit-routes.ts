// An organization's brand kits (issue 46, item 2): served, as the webhook and imagery source routes are,
// by the one function behind /v1/{proxy+} (webhook-routes.ts says why), which finds them by method and
// path. Per organization and mode, as the API key says; scope brand:manage (route-scopes.ts).
import {
  brandKit,
  brandKitIdParam,
  brandKitPage,
  createBrandKitBody,
  deletedBrandKit,
  listBrandKitsQuery,
  updateBrandKitBody,
} from './brand-kit-schemas.ts';
import type { RouteDefinition } from './route-definition.ts';
import { BODY_ERRORS } from './route-errors.ts';
import { proxiedApiRoute } from './webhook-routes.ts';

const TAG = 'Brand kits';
const KIT = '/v1/brand-kits/{brandKitId}';

export const BRAND_KIT_ROUTES: readonly RouteDefinition[] = [
  proxiedApiRoute({
    method: 'POST',
    path: '/v1/brand-kits',
    operationId: 'createBrandKit',
    summary:
      "Saves a brand kit in the key's mode: name, logo, colours (checked as the slides check them), fonts, agency and agent details and a disclaimer. The logo and the agent's photo are downloaded once, now, and kept: a job naming the kit (brand_kit_id) never fetches their URLs. A URL that cannot be downloaded is a 400 naming the field. With office_id (or a key bound to an office) the kit is that office's; otherwise the whole organization's.",
    tag: TAG,
    body: createBrandKitBody,
    example: {
      name: 'Harbour & Co, Ultimo',
      logo_url: 'https://example.com/logo.png',
      colors: { primary: '#0E3B4A', secondary: '#E0A43A' },
      fonts: { heading: 'DejaVu Sans', body: 'DejaVu Sans' },
      agency: { name: 'Harbour & Co Property', phone: '02 9000 0000', licence_number: '10012345' },
      agent: {
        name: 'Olivia Harrington',
        phone: '0412 345 678',
        email: 'olivia@harbourco.com.au',
        licence_number: '20098765',
        photo_url: 'https://example.com/olivia.jpg',
      },
      disclaimer: 'All information is believed accurate but not guaranteed.',
    },
    success: { status: 201, schema: brandKit, description: 'The kit, version 1.' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'NOT_FOUND'],
  }),
  proxiedApiRoute({
    method: 'GET',
    path: '/v1/brand-kits',
    operationId: 'listBrandKits',
    summary:
      "The organization's brand kits in the key's mode, newest first, with cursor paging. A key bound to an office lists its office's kits and the organization's, never another office's.",
    tag: TAG,
    query: listBrandKitsQuery,
    success: { status: 200, schema: brandKitPage, description: 'A page of kits.' },
    errors: ['VALIDATION_ERROR'],
  }),
  proxiedApiRoute({
    method: 'GET',
    path: KIT,
    operationId: 'getBrandKit',
    summary:
      "One brand kit, with fresh URLs of its kept logo and photo. Another office's kit is a 404 to an office's key.",
    tag: TAG,
    params: brandKitIdParam,
    success: { status: 200, schema: brandKit, description: 'The kit.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
  }),
  proxiedApiRoute({
    method: 'PATCH',
    path: KIT,
    operationId: 'updateBrandKit',
    summary:
      "Changes a kit: the fields given replace its own (null removes one), and its version goes up by one. Jobs already submitted keep the version they were submitted with: a change never alters media made or being made. A key bound to an office changes only its office's kits (the organization's: 403).",
    tag: TAG,
    params: brandKitIdParam,
    body: updateBrandKitBody,
    success: { status: 200, schema: brandKit, description: 'The kit as changed.' },
    errors: [...BODY_ERRORS, 'URL_NOT_ALLOWED', 'NOT_FOUND'],
  }),
  proxiedApiRoute({
    method: 'DELETE',
    path: KIT,
    operationId: 'deleteBrandKit',
    summary:
      "Deletes a kit: a job naming it afterwards is a 404. Jobs already submitted with it are unaffected (they keep what they resolved, and its kept images). An office's default kit is not deleted (409 BRAND_KIT_IN_USE naming the offices): clear the default first. A key bound to an office deletes only its office's kits (the organization's: 403).",
    tag: TAG,
    params: brandKitIdParam,
    success: { status: 200, schema: deletedBrandKit, description: 'Deleted.' },
    errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'BRAND_KIT_IN_USE'],
  }),
];
