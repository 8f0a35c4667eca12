// Generated from the OpenAPI document by scripts/generate-client-types.ts. Do not edit by hand:
// run `node --import tsx scripts/generate-client-types.ts` after changing a route or schema.

export interface paths {
  "/v1/jobs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Lists the organization's jobs in the key's mode, newest first (a key bound to an office: that office's jobs only). */
    get: operations["listJobs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/jobs/{jobId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Returns one job: status, progress, input and output (with fresh media URLs). */
    get: operations["getJob"];
    put?: never;
    post?: never;
    /** @description Deletes a job and every job made from it (a kit's jobs, the edits and videos built on it): one still queued or processing is canceled first; then its media files, input, output, callback_metadata and events are erased, and a `job.deleted` event goes to the webhook endpoints. Usage records stay (nothing personal in them). Answers a receipt; deleting again is a 404. */
    delete: operations["deleteJob"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/jobs/{jobId}/cancel": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Cancels a queued or processing job: its execution is stopped, it ends `canceled` and a `job.canceled` webhook is sent. Canceling a canceled job answers it again. The jobs made for it (those whose kit_job_id is its id) that are still queued or processing are canceled with it. */
    post: operations["cancelJob"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/usage": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's usage in the key's mode, per day (UTC) and job type: completed jobs, billable units and, for live keys, the amount at the stage's rates, with totals per office. Failed and canceled jobs are not counted. Default range: the last 30 days; at most 366 days. A key bound to an office sees its office's usage only. */
    get: operations["getUsage"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook-endpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's webhook endpoints in the key's mode (never their secrets). */
    get: operations["listWebhookEndpoints"];
    put?: never;
    /** @description Registers a webhook endpoint for the key's organization and mode: every job event whose type is in enabled_events goes to it, signed with its own secret. The answer carries the secret, once. */
    post: operations["createWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook-endpoints/{endpointId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description One webhook endpoint (never its secret). */
    get: operations["getWebhookEndpoint"];
    put?: never;
    post?: never;
    /** @description Deletes an endpoint: nothing more is sent to it, retries included. */
    delete: operations["deleteWebhookEndpoint"];
    options?: never;
    head?: never;
    /** @description Changes an endpoint: url, enabled_events, description, enabled (the fields given). Enabling a disabled endpoint answers `replay`: what it failed or missed while disabled, and the POST /v1/events/resend that replays it. */
    patch: operations["updateWebhookEndpoint"];
    trace?: never;
  };
  "/v1/webhook-endpoints/{endpointId}/rotate-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description A new signing secret for the endpoint, shown once in the answer. The previous secret keeps signing for 24 hours: each delivery then carries two signatures (Standard Webhooks), so the receiver can switch over. */
    post: operations["rotateWebhookEndpointSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/webhook-endpoints/{endpointId}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Sends a `ping` event to the endpoint (enabled or not), signed and retried like any event, and recorded in GET /v1/events. */
    post: operations["testWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's events in the key's mode, newest first (kept 30 days): every job event, and endpoint pings, with whether their receivers have them. */
    get: operations["listEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Resends the events created in a range, by default only to the receivers whose latest attempt failed: accepted at once as a resend of its own (202, with the events and deliveries it will send: at most 500 events and 1,000 deliveries, `has_more` when the range held more), sent in the background (GET /v1/event-resends/{resendId}). Each keeps its webhook-id; each delivery is one attempt, recorded on its event. At most 2 range resends of an organization and mode are sent at once (429 RESEND_LIMITED beyond, with Retry-After); the same request while one like it is being sent answers that one. */
    post: operations["resendEvents"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/event-resends/{resendId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description A range resend: its events and deliveries, how many are queued, and whether it is completed. */
    get: operations["getEventResend"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events/{eventId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description One event with every delivery attempt to every receiver: time, status, duration, the first 1 KB of the answer, error. */
    get: operations["getEvent"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/events/{eventId}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Sends the event again (same webhook-id, so receivers de-duplicate it) to one endpoint, or to every receiver that wants it now. One attempt each, recorded on the event. One event is resent to one receiver at most once a minute (429 RESEND_LIMITED, with Retry-After). */
    post: operations["resendEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/imagery-sources": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's imagery sources in the key's mode, in the order its jobs try them (never their keys). */
    get: operations["listImagerySources"];
    put?: never;
    /** @description Registers the organization's own imagery subscription (Nearmap, MetroMap, …) in the key's mode: its jobs try it before the stage's sources, wherever its coverage holds the property and its licence allows what the request asks. The key is kept as a secret and never shown again. */
    post: operations["createImagerySource"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/imagery-sources/{sourceId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description One imagery source (never its key). */
    get: operations["getImagerySource"];
    put?: never;
    post?: never;
    /** @description Deletes a source and its key: jobs stop using it within a minute (each job function keeps what it read for up to 60 s). */
    delete: operations["deleteImagerySource"];
    options?: never;
    head?: never;
    /** @description Changes a source: the fields given replace its own (a new api_key replaces the key kept; null removes it); its kind stays. Jobs already running may use the previous settings for up to a minute. */
    patch: operations["updateImagerySource"];
    trace?: never;
  };
  "/v1/brand-kits": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's brand kits in the key's mode, newest first, with cursor paging. A key bound to an office lists its office's kits and the organization's, never another office's. */
    get: operations["listBrandKits"];
    put?: never;
    /** @description Saves a brand kit in the key's mode: name, logo, colours (checked as the slides check them), fonts, agency and agent details and a disclaimer. The logo and the agent's photo are downloaded once, now, and kept: a job naming the kit (brand_kit_id) never fetches their URLs. A URL that cannot be downloaded is a 400 naming the field. With office_id (or a key bound to an office) the kit is that office's; otherwise the whole organization's. */
    post: operations["createBrandKit"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/brand-kits/{brandKitId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description One brand kit, with fresh URLs of its kept logo and photo. Another office's kit is a 404 to an office's key. */
    get: operations["getBrandKit"];
    put?: never;
    post?: never;
    /** @description Deletes a kit: a job naming it afterwards is a 404. Jobs already submitted with it are unaffected (they keep what they resolved, and its kept images). An office's default kit is not deleted (409 BRAND_KIT_IN_USE naming the offices): clear the default first. A key bound to an office deletes only its office's kits (the organization's: 403). */
    delete: operations["deleteBrandKit"];
    options?: never;
    head?: never;
    /** @description Changes a kit: the fields given replace its own (null removes one), and its version goes up by one. Jobs already submitted keep the version they were submitted with: a change never alters media made or being made. A key bound to an office changes only its office's kits (the organization's: 403). */
    patch: operations["updateBrandKit"];
    trace?: never;
  };
  "/v1/offices": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's offices in the key's mode (an office's key: its own office alone). */
    get: operations["listOffices"];
    put?: never;
    /** @description Creates an office of the key's organization in the key's mode: its jobs, events, usage and webhook endpoints can then be told apart (`office_id`), a key can be bound to it (`npm run keys -- create --office`), and its media_retention_days, when set, takes the organization's place for its jobs. */
    post: operations["createOffice"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/offices/{officeId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description One office (another office's, for an office's key, is a 404). */
    get: operations["getOffice"];
    put?: never;
    post?: never;
    /** @description Deletes an office that has no job queued or processing (409 OFFICE_HAS_RUNNING_JOBS otherwise). Its finished jobs, their events and usage stay with the organization and keep its office_id; keys bound to it can make no more jobs. */
    delete: operations["deleteOffice"];
    options?: never;
    head?: never;
    /** @description Changes an office's name, external_ref or media_retention_days (a new retention applies to jobs created from then on). */
    patch: operations["updateOffice"];
    trace?: never;
  };
  "/v1/audit-events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The audit log of the key's organization and mode, newest first (kept 1 year, append-only: no route edits or deletes it): API keys created, rotated and revoked; webhook endpoints created, changed, rotated and deleted; imagery sources created, changed and deleted; brand kits created, changed and deleted; jobs deleted; resends; the organization's webhook signing secret rotated and its settings (media retention, the staging watermark) changed, which hold in both modes and are recorded in each, as are dashboard members invited, changed and removed. Each names its actor (a key id or a dashboard member, never a secret), the target, the source IP, the request id and what changed, secrets redacted. */
    get: operations["listAuditEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/audit-events/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The audit log as JSON Lines (application/jsonl), for an archive or a SIEM: every record the filters match, one audit event per line as GET /v1/audit-events shows it, newest first. One answer holds at most 10,000 records and about 4 MB; past that it carries X-Next-Cursor, to pass as starting_after (same filters) for the rest. No record matching: an empty answer. */
    get: operations["exportAuditEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/property-frontage/detect": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Detects the compass bearing the property front faces; creates a frontage_detection job. */
    post: operations["detectFrontage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/property-frontage/jobs/{jobId}/edit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Regenerates a completed frontage detection at a new bearing; creates a frontage_edit job. */
    post: operations["editFrontage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v2/markup/generate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Renders a 3840x2160 aerial of the property, ready for boundary annotation; creates a markup_v2 job. */
    post: operations["generateMarkup"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v2/markup/jobs/{jobId}/edit": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Composites a boundary (outline, blur or darken) and text annotations onto a completed markup_v2; creates a markup_v2_edit job. */
    post: operations["editMarkup"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v2/markup/jobs/{jobId}/video": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Renders the reveal video of a markup edit (or of a markup's latest completed edit); creates a markup_v2_video job. */
    post: operations["renderMarkupVideo"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/virtual-staging/generate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Adds furniture and decor for a room type to a photo of an empty room; creates a virtual_staging job. */
    post: operations["generateVirtualStaging"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/brochure-slides/generate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Generates one branded brochure slide as a 1920x1080 PNG and an A4 landscape PDF; creates a brochure_slide job. */
    post: operations["generateBrochureSlide"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/video-export/render": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Renders a composition of a caller-hosted Remotion bundle to a video file; creates a video_export job. */
    post: operations["renderVideoExport"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/drone-stills/generate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Renders a 4K aerial still of the property from an angle preset; creates a drone_stills job. */
    post: operations["generateDroneStill"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v2/drone-stills/capture": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Renders a 4K aerial still of the property from a free camera pose; creates a drone_stills_capture job. */
    post: operations["captureDroneStill"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v2/drone-footage/generate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Renders aerial footage of the property along a style preset; creates a drone_footage job. */
    post: operations["generateDroneFootage"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/listing-kits/generate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Makes a listing's whole media set as child jobs; creates a listing_kit job. */
    post: operations["generateListingKit"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/sessions": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Exchanges a one-time sign-in link token (`npm start`, `keys signin-link`) for a dashboard session. Stages with a Cognito user pool answer 403. */
    post: operations["dashboardSignIn"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/sessions/end": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Ends the current dashboard session (sign-in-link sessions; Cognito sessions end in the browser). */
    post: operations["dashboardSignOut"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/account": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The signed-in organization and the key modes this stage accepts. */
    get: operations["dashboardAccount"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/keys": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's API keys (hints only, never the keys). */
    get: operations["dashboardListKeys"];
    put?: never;
    /** @description Creates an API key; the answer is the only time the key is shown. */
    post: operations["dashboardCreateKey"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/offices": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's offices in one mode (`mode`, default test), as GET /v1/offices answers them: what a key's office_id may name. */
    get: operations["dashboardOffices"];
    put?: never;
    /** @description Creates an office in one mode (`mode`, default test), as POST /v1/offices does (owners and admins). */
    post: operations["dashboardCreateOffice"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/offices/{officeId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** @description Deletes an office with no job queued or processing (409 OFFICE_HAS_RUNNING_JOBS otherwise), as DELETE /v1/offices/{id} does (owners and admins). */
    delete: operations["dashboardDeleteOffice"];
    options?: never;
    head?: never;
    /** @description Changes an office's name, external_ref, media_retention_days or default_brand_kit_id, as PATCH /v1/offices/{id} does (owners and admins). */
    patch: operations["dashboardUpdateOffice"];
    trace?: never;
  };
  "/v1/dashboard/brand-kits": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's brand kits in one mode (`mode`, default test), newest first, as GET /v1/brand-kits answers them (with each kit's colours' contrast). */
    get: operations["dashboardBrandKits"];
    put?: never;
    /** @description Saves a brand kit in one mode (`mode`, default test), as POST /v1/brand-kits does: the logo is downloaded once, now, and kept (owners and admins). */
    post: operations["dashboardCreateBrandKit"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/brand-kits/{brandKitId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** @description Deletes a brand kit, as DELETE /v1/brand-kits/{id} does; an office's default kit is refused (409 BRAND_KIT_IN_USE naming the offices) (owners and admins). */
    delete: operations["dashboardDeleteBrandKit"];
    options?: never;
    head?: never;
    /** @description Changes a brand kit, as PATCH /v1/brand-kits/{id} does: the fields given replace its own (null removes one) and its version goes up by one (owners and admins). */
    patch: operations["dashboardUpdateBrandKit"];
    trace?: never;
  };
  "/v1/dashboard/keys/{keyId}/rotate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Replaces a key: a new key with the same mode and name, the old one revoked at once. */
    post: operations["dashboardRotateKey"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/keys/{keyId}/revoke": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Revokes a key at once. */
    post: operations["dashboardRevokeKey"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/webhook-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's webhook signing secret (created on first use) and any rotated-out one still signing. */
    get: operations["dashboardWebhookSecret"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/webhook-secret/rotate": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description A new signing secret; the previous one keeps signing beside it for 24 hours. */
    post: operations["dashboardRotateWebhookSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/webhook-endpoints": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's webhook endpoints in one mode (`mode`, default test), never their secrets. */
    get: operations["dashboardWebhookEndpoints"];
    put?: never;
    /** @description Registers a webhook endpoint in one mode (`mode`, default test), as POST /v1/webhook-endpoints does; the answer is the only time its secret is shown. */
    post: operations["dashboardCreateWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's events in one mode (`mode`, default test), newest first, with GET /v1/events's filters and paging. */
    get: operations["dashboardEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/webhook-endpoints/{endpointId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** @description Deletes an endpoint: nothing more is sent to it, retries included. */
    delete: operations["dashboardDeleteWebhookEndpoint"];
    options?: never;
    head?: never;
    /** @description Changes an endpoint (url, enabled_events, description, enabled), as PATCH /v1/webhook-endpoints/{id} does: enabling a disabled one answers `replay`, what it missed and the resend that replays it. */
    patch: operations["dashboardUpdateWebhookEndpoint"];
    trace?: never;
  };
  "/v1/dashboard/webhook-endpoints/{endpointId}/rotate-secret": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description A new signing secret for the endpoint, shown once; the previous one keeps signing for 24 hours. */
    post: operations["dashboardRotateWebhookEndpointSecret"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/webhook-endpoints/{endpointId}/test": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Sends a `ping` event to the endpoint (enabled or not), recorded like any event. */
    post: operations["dashboardTestWebhookEndpoint"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/events/{eventId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description One event with every delivery attempt to every receiver, as GET /v1/events/{id}. */
    get: operations["dashboardGetEvent"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/events/{eventId}/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Sends the event again with its webhook-id, to one endpoint or every receiver that wants it now, as POST /v1/events/{id}/resend. */
    post: operations["dashboardResendEvent"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/events/resend": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Resends the events created in a range (default failed only; at most 500 events and 1,000 deliveries a resend), as POST /v1/events/resend: accepted at once, sent in the background. */
    post: operations["dashboardResendEvents"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/imagery-sources": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's own imagery sources in one mode (`mode`, default test), as GET /v1/imagery-sources answers them: never their keys. */
    get: operations["dashboardImagerySources"];
    put?: never;
    /** @description Registers an imagery subscription in one mode (`mode`, default test), as POST /v1/imagery-sources does; its key is kept as a secret and never shown again. */
    post: operations["dashboardCreateImagerySource"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/imagery-sources/{sourceId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** @description Deletes an imagery source and its key: jobs stop using it within a minute. */
    delete: operations["dashboardDeleteImagerySource"];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/jobs": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's jobs in one mode (`mode`, default test), newest first, with the job listing's filters. */
    get: operations["dashboardListJobs"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/jobs/{jobId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description One job of the organization (with fresh media URLs and its webhook attempts). */
    get: operations["dashboardGetJob"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/jobs/{jobId}/delete": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Deletes a job of the organization and every job made from it, as DELETE /v1/jobs/{id} does (a running one is canceled first; media, inputs and events erased; usage kept); answers the deletion receipt. */
    post: operations["dashboardDeleteJob"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/settings": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's media retention: its own days, its plan's, the stage's, which applies, and the stage's maximum. */
    get: operations["dashboardSettings"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** @description Sets the organization's media retention in days (1 to the stage's maximum), as the keys CLI does; it applies to jobs created from then on. */
    patch: operations["dashboardUpdateSettings"];
    trace?: never;
  };
  "/v1/dashboard/usage": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description Metered usage per UTC day and job type in one mode, with amounts at the live rates (the report of GET /v1/usage; `from`/`to` YYYY-MM-DD, default the last 30 days, at most 366). */
    get: operations["dashboardUsage"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/members": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's dashboard members and their roles (owners and admins). */
    get: operations["dashboardListMembers"];
    put?: never;
    /** @description Invites a dashboard member with a role (owners and admins; only an owner invites an owner). Sign-in-link stages answer the new member's one-time sign-in link; Cognito stages make the member's user in the stage's user pool, which emails the invitation (an email whose user belongs to another organization is refused: 409 INVITEE_IN_ANOTHER_ORGANIZATION). */
    post: operations["dashboardInviteMember"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/members/{memberId}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** @description Removes a member: their sessions stop working at their next request. Refused with 409 LAST_OWNER for the organization's only owner. */
    delete: operations["dashboardRemoveMember"];
    options?: never;
    head?: never;
    /** @description Changes a member's role and/or offices; refused with 409 LAST_OWNER when it would leave the organization without an owner. */
    patch: operations["dashboardUpdateMember"];
    trace?: never;
  };
  "/v1/dashboard/audit-events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The organization's audit log in one mode (`mode`, default test), newest first, with GET /v1/audit-events's filters and paging (owners and admins). */
    get: operations["dashboardAuditEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/dashboard/audit-events/export": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description The audit log of one mode as JSON Lines, as GET /v1/audit-events/export answers it (owners and admins). */
    get: operations["dashboardExportAuditEvents"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/v1/openapi.json": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description This OpenAPI 3.1 document (no API key needed). */
    get: operations["getOpenApiDocument"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

export interface webhooks {
  "job.processing": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description Work on the job started. */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description Event id, stable across retries. */
          "webhook-id": string;
          /** @description Unix seconds of this attempt. */
          "webhook-timestamp": string;
          /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret. */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            type: "job.processing";
            /** @description Event id, also sent as the webhook-id header; stable across retries (deduplicate on it). */
            id: string;
            created_at: string;
            data: {
              job_id: string;
              job_type: string;
              status: "processing" | "completed" | "failed" | "canceled";
              progress: {
                percent: number;
                stage: string;
              };
              /** @description Exactly as the request gave it. */
              callback_metadata: {
                [key: string]: unknown;
              } | null;
            };
          };
        };
      };
      responses: {
        /** @description Any 2xx within 10 s acknowledges the event; 410 stops all further deliveries of it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "job.progress": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description A stage passed; at most one per stage and never more than one every 2 s. */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description Event id, stable across retries. */
          "webhook-id": string;
          /** @description Unix seconds of this attempt. */
          "webhook-timestamp": string;
          /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret. */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            type: "job.progress";
            /** @description Event id, also sent as the webhook-id header; stable across retries (deduplicate on it). */
            id: string;
            created_at: string;
            data: {
              job_id: string;
              job_type: string;
              status: "processing" | "completed" | "failed" | "canceled";
              progress: {
                percent: number;
                stage: string;
              };
              /** @description Exactly as the request gave it. */
              callback_metadata: {
                [key: string]: unknown;
              } | null;
            };
          };
        };
      };
      responses: {
        /** @description Any 2xx within 10 s acknowledges the event; 410 stops all further deliveries of it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "job.completed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description The job completed; output is as GET /v1/jobs/{jobId} shows it, with fresh media URLs. */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description Event id, stable across retries. */
          "webhook-id": string;
          /** @description Unix seconds of this attempt. */
          "webhook-timestamp": string;
          /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret. */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            type: "job.completed";
            /** @description Event id, also sent as the webhook-id header; stable across retries (deduplicate on it). */
            id: string;
            created_at: string;
            data: {
              job_id: string;
              job_type: string;
              status: "processing" | "completed" | "failed" | "canceled";
              progress: {
                percent: number;
                stage: string;
              };
              output: components["schemas"]["FrontageOutput"] | components["schemas"]["MarkupOutput"] | components["schemas"]["MarkupEditOutput"] | components["schemas"]["MarkupVideoOutput"] | components["schemas"]["VirtualStagingOutput"] | components["schemas"]["BrochureSlideOutput"] | components["schemas"]["VideoExportOutput"] | components["schemas"]["DroneStillOutput"] | components["schemas"]["DroneFootageOutput"] | components["schemas"]["ListingKitOutput"];
              /** @description Exactly as the request gave it. */
              callback_metadata: {
                [key: string]: unknown;
              } | null;
            };
          };
        };
      };
      responses: {
        /** @description Any 2xx within 10 s acknowledges the event; 410 stops all further deliveries of it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "job.failed": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description The job failed; error carries the code and message. */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description Event id, stable across retries. */
          "webhook-id": string;
          /** @description Unix seconds of this attempt. */
          "webhook-timestamp": string;
          /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret. */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            type: "job.failed";
            /** @description Event id, also sent as the webhook-id header; stable across retries (deduplicate on it). */
            id: string;
            created_at: string;
            data: {
              job_id: string;
              job_type: string;
              status: "processing" | "completed" | "failed" | "canceled";
              progress: {
                percent: number;
                stage: string;
              };
              error: {
                /** @description Machine-readable failure code, e.g. ADDRESS_NOT_FOUND, INTERRUPTED. */
                code: string;
                message: string;
              };
              /** @description Exactly as the request gave it. */
              callback_metadata: {
                [key: string]: unknown;
              } | null;
            };
          };
        };
      };
      responses: {
        /** @description Any 2xx within 10 s acknowledges the event; 410 stops all further deliveries of it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "job.canceled": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description The job was canceled (POST /v1/jobs/{jobId}/cancel); no further events follow and it never completes. */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description Event id, stable across retries. */
          "webhook-id": string;
          /** @description Unix seconds of this attempt. */
          "webhook-timestamp": string;
          /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret. */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            type: "job.canceled";
            /** @description Event id, also sent as the webhook-id header; stable across retries (deduplicate on it). */
            id: string;
            created_at: string;
            data: {
              job_id: string;
              job_type: string;
              status: "processing" | "completed" | "failed" | "canceled";
              progress: {
                percent: number;
                stage: string;
              };
              /** @description Exactly as the request gave it. */
              callback_metadata: {
                [key: string]: unknown;
              } | null;
            };
          };
        };
      };
      responses: {
        /** @description Any 2xx within 10 s acknowledges the event; 410 stops all further deliveries of it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "job.deleted": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** @description The job was deleted (DELETE /v1/jobs/{jobId}, directly or as a dependant of the deleted job): its media, inputs and events are erased. Sent to the organization's webhook endpoints only: the request's webhook_url is erased with the job. */
    post: {
      parameters: {
        query?: never;
        header: {
          /** @description Event id, stable across retries. */
          "webhook-id": string;
          /** @description Unix seconds of this attempt. */
          "webhook-timestamp": string;
          /** @description Space-separated `v1,<base64 HMAC-SHA256>` signatures, one per active secret. */
          "webhook-signature": string;
        };
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          "application/json": {
            type: "job.deleted";
            /** @description Event id, also sent as the webhook-id header. */
            id: string;
            created_at: string;
            data: {
              job_id: string;
              job_type: string;
              status: "deleted";
              deleted_at: string;
            };
          };
        };
      };
      responses: {
        /** @description Any 2xx within 10 s acknowledges the event; 410 stops all further deliveries of it. */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

export interface components {
  schemas: {
    Error: {
      error: {
        code: "BAD_REQUEST" | "VALIDATION_ERROR" | "INVALID_JSON" | "UNAUTHORIZED" | "FORBIDDEN" | "INSUFFICIENT_SCOPE" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "JOB_NOT_READY" | "INVALID_PARENT_JOB" | "PARENT_JOB_FAILED" | "JOB_NOT_CANCELABLE" | "PARENT_MEDIA_EXPIRED" | "KEY_NOT_ACTIVE" | "WEBHOOK_ENDPOINT_LIMIT" | "IMAGERY_SOURCE_LIMIT" | "LAST_OWNER" | "MEMBER_EXISTS" | "MEMBER_LIMIT" | "OFFICE_LIMIT" | "OFFICE_HAS_RUNNING_JOBS" | "BRAND_KIT_IN_USE" | "INVITEE_IN_ANOTHER_ORGANIZATION" | "IDEMPOTENCY_CONFLICT" | "IDEMPOTENCY_IN_PROGRESS" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "HEADERS_TOO_LARGE" | "URL_NOT_ALLOWED" | "RATE_LIMITED" | "QUOTA_EXCEEDED" | "RESEND_LIMITED" | "INTERNAL_ERROR" | "IDENTITY_PROVIDER_ERROR" | "IDENTITY_PROVIDER_UNAVAILABLE";
        message: string;
        /** @description VALIDATION_ERROR only: one entry per problem. */
        details?: {
          path: string;
          message: string;
        }[];
      };
      meta: {
        request_id: string;
        timestamp: string;
      };
    };
    /** @description About this answer: its request id, when it was made and the mode of the API key. */
    Meta: {
      request_id: string;
      /** @description ISO 8601 UTC with milliseconds. */
      timestamp: string;
      /** @description Set by the API key prefix. */
      mode: "test" | "live";
    };
    /** @description About this answer: its request id and when it was made. A dashboard session is not bound to a mode, so there is no `mode` here. */
    DashboardMeta: {
      request_id: string;
      /** @description ISO 8601 UTC with milliseconds. */
      timestamp: string;
    };
    FrontageOutput: {
      /** @description Compass bearing the property front faces, 0 = north, clockwise. */
      bearing: number;
      direction: "north" | "north-east" | "east" | "south-east" | "south" | "south-west" | "west" | "north-west";
      /** @description The RESO Data Dictionary DirectionFaces value of the bearing: the same eight 45° sectors as direction. */
      reso_direction_faces: "North" | "Northeast" | "East" | "Southeast" | "South" | "Southwest" | "West" | "Northwest";
      /** @description Compass bearing the rear of the property faces: bearing + 180, modulo 360. */
      rear_bearing: number;
      /** @description Direction label of rear_bearing, in the same eight sectors as direction. */
      rear_direction: "north" | "north-east" | "east" | "south-east" | "south" | "south-west" | "west" | "north-west";
      /** @description Hours of direct sun on the front and rear façades on the winter solstice at the site's latitude: the time between sunrise and sunset (upper limb on the horizon, refraction allowed) in which the sun is less than 90° from the façade's outward normal, in local solar time. Terrain, buildings and trees are not considered. */
      winter_sun_hours: {
        /** @description Hours of direct sun on a vertical façade facing bearing, to 0.1 h. */
        front: number;
        /** @description Hours of direct sun on a vertical façade facing rear_bearing, to 0.1 h. */
        rear: number;
        /** @description Month and day the hours are for: the winter solstice, 21 June (06-21) south of the equator, 21 December (12-21) north of it. */
        date: "06-21" | "12-21";
        /** @description Latitude the sun's path is computed for: the resolved location's. */
        latitude: number;
      };
      /** @description How sure the detection is, 0-1 (an edit is 1: the caller chose it). */
      confidence: number;
      /** @description How the front was found: the addressed street's nearest point (addressed-street), the nearest street (nearest-street), the side of the cadastre lot that faces no other lot (cadastre-street-side: the road reserve), none found (default: north, confidence 0), or given by an edit (manual). */
      method: "addressed-street" | "nearest-street" | "cadastre-street-side" | "default" | "manual";
      /** @description True for frontage_edit output. */
      edited: boolean;
      location: {
        lat: number;
        lng: number;
        formatted_address: string;
        precision: "rooftop" | "parcel" | "interpolated" | "street" | "locality" | "postcode" | "caller";
        /** @description Geocoder that resolved the address, or "caller" when options.lat/lng were given. */
        provider: string;
        /** @description How sure the geocoder is that this is the property, 0-1 (the offline gazetteer knows localities, not streets: 0.3); 1 for caller coordinates. */
        confidence?: number;
      };
      street: {
        name: string;
        front_point: {
          lat: number;
          lng: number;
        } | null;
      };
      reference_image: components["schemas"]["MediaFileWithRenditions"];
      georeference: {
        center: {
          lat: number;
          lng: number;
        };
        meters_per_pixel: number;
        /** @description Compass bearing at the top of the image (0 = north up). */
        rotation: number;
        width: number;
        height: number;
        /** @description nadir: a top-down picture (affine); perspective: a photo seen through its camera. */
        kind?: "nadir" | "perspective";
        /** @description The point image_to_ground's metres are measured from. */
        origin?: {
          lat: number;
          lng: number;
        };
        /** @description 3x3 homography, row-major, from pixels (x right, y down, from the top-left corner of the image) to metres east and north of origin: [X, Y, W] = H·[x, y, 1], east = X/W, north = Y/W; W <= 0 means the pixel shows sky. Lengths and areas on a perspective photo are measured through it. */
        image_to_ground?: number[];
        /** @description The photo's lens distortion (Brown-Conrady, in pixels of this image), when its calibration was applied: undistort a pixel before image_to_ground. */
        lens?: {
          fx: number;
          fy: number;
          cx: number;
          cy: number;
          k1: number;
          k2: number;
          p1: number;
          p2: number;
          k3: number;
        };
      };
      providers: {
        geocoder: string;
        site: string;
        imagery: string;
      };
      imagery: components["schemas"]["ImageryProvenance"];
      /** @description Where suggested_boundary came from: your boundary, a cadastre lot, the site source, or none with the reason; null on jobs made before lots were looked up. */
      boundary_source?: {
        /** @description caller: the request's boundary; site: the site source's parcel. */
        kind: "caller" | "site";
        provider: string;
        /** @description True when the site source made the parcel up (offline synthetic). */
        synthetic: boolean;
      } | {
        /** @description cadastre: the lot from a state's (or your) cadastre. */
        kind: "cadastre";
        /** @description The cadastre source it came from ("nsw-cadastre"). */
        provider: string;
        /** @description The lot as the cadastre names it ("5//DP123456"). */
        lot_id: string;
        /** @description contains: the address point is inside the lot; nearest: the point fell on a road or in no lot, and this is the nearest lot within 15 m (check it); lot_id: the request's parcel.lot_id. */
        match: "contains" | "nearest" | "lot_id";
        /** @description Metres from the address point to the lot (0 inside it). */
        distance_m: number;
        /** @description What the cadastre's licence allows (CC BY 4.0: everything, with attribution). */
        licence: {
          store: boolean;
          print: boolean;
          portal: boolean;
        };
        /** @description Text to show where the boundary is shown, as the licence asks. */
        attribution: string;
        synthetic: false;
        /** @description False while the stage's operators have not yet checked the source against its live service. */
        verified?: boolean;
      } | {
        /** @description none: no boundary could be suggested; reason says why. */
        kind: "none";
        /** @description NO_CADASTRE: the stage lists no cadastre source; NOT_COVERED: none covers the property; NO_LOT_AT_POINT: no lot within 15 m of the address point; CADASTRE_UNAVAILABLE: the sources failed (try again later); LOT_NOT_FOUND: no source has parcel.lot_id. */
        reason: "NO_CADASTRE" | "NOT_COVERED" | "NO_LOT_AT_POINT" | "CADASTRE_UNAVAILABLE" | "LOT_NOT_FOUND";
        message: string;
        tried?: {
          source: string;
          reason: string;
        }[];
      } | null;
      parcel_polygon?: components["schemas"]["ParcelPolygon"];
      camera?: components["schemas"]["DroneCameraUsed"];
      /** @description Your imagery as downloaded (kept so that edits redraw on the same picture). */
      source_image?: components["schemas"]["MediaFile"];
    };
    MediaFileWithRenditions: {
      /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
      url: string;
      expires_at: string;
      content_type: string;
      width?: number;
      height?: number;
      size_bytes?: number;
      renditions?: components["schemas"]["Renditions"];
    };
    /** @description The renditions asked for, each with a fresh URL on every read. Social fits: same (the picture already has the shape, only scaled), crop (a cut that keeps the whole subject with margin), extend (the whole picture over a blurred continuation of itself), reframed (drawn again by the camera for the shape), relaid_out (laid out again for the shape). */
    Renditions: {
      portal?: {
        /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
        url: string;
        expires_at: string;
        content_type: string;
        width: number;
        height: number;
        size_bytes: number;
        /** @description original: the output itself had no text on it; text_free_twin: the same picture made again without its labels. */
        source: "original" | "text_free_twin";
      };
      web?: {
        /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
        url: string;
        expires_at: string;
        content_type: string;
        width: number;
        height: number;
        size_bytes: number;
        format: "webp" | "avif";
      }[];
      social_square?: {
        /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
        url: string;
        expires_at: string;
        content_type: string;
        width: number;
        height: number;
        size_bytes: number;
        fit: "same" | "crop" | "extend" | "reframed" | "relaid_out";
      };
      social_portrait?: {
        /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
        url: string;
        expires_at: string;
        content_type: string;
        width: number;
        height: number;
        size_bytes: number;
        fit: "same" | "crop" | "extend" | "reframed" | "relaid_out";
      };
      social_story?: {
        /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
        url: string;
        expires_at: string;
        content_type: string;
        width: number;
        height: number;
        size_bytes: number;
        fit: "same" | "crop" | "extend" | "reframed" | "relaid_out";
      };
      print?: {
        /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
        url: string;
        expires_at: string;
        content_type: string;
        width?: number;
        height?: number;
        size_bytes: number;
      };
    };
    /** @description Where the output's imagery came from and what its licence allows. */
    ImageryProvenance: {
      /** @description Where the picture's imagery came from: the name of one of the stage's imagery sources (the deployed stages' `nsw-imagery`; an organization's own subscription by the name it registered), one of the built-in sources (offline-synthetic, amazon-location-satellite, photorealistic-3d-tiles), or your own caller-orthophoto / caller-drone-photo. */
      source: string;
      /** @description True for generated scenes: the picture is not a photograph of the property. */
      synthetic: boolean;
      /** @description When the imagery was captured (ISO 8601; a date-time without an offset is the camera's local time); null when the source does not say. */
      captured_at: string | null;
      /** @description Text to show beside the picture where the licence asks for it; never drawn into the picture (listing portals forbid text on photos). */
      attribution: string | null;
      /** @description What the imagery's licence allows (the stage's statement for provider sources; yours for your own). */
      licence: {
        /** @description The picture may be kept. */
        store: boolean;
        /** @description The picture may be printed. */
        print: boolean;
        /** @description The picture may be published on a listing portal. */
        portal: boolean;
      };
      /** @description Ground metres per pixel the source really delivered (provider photographs only). Larger than the picture's meters_per_pixel when the frame was upsampled past the source's resolution (`upsampled: true`). */
      ground_sample_distance_m?: number;
      /** @description True when the picture is finer than the source's own resolution: enlarged, not more detailed. */
      upsampled?: boolean;
      /** @description False while the stage's operators have not yet checked this source against its live service. */
      verified?: boolean;
      /** @description Sources tried before the one that served, each with why it could not (a timeout, an error answer, a blank picture). */
      tried?: {
        source: string;
        reason: string;
      }[];
    };
    /** @description The cadastre lot's outline as GeoJSON ([longitude, latitude], WGS 84 / GDA2020), when boundary_source is a cadastre lot. */
    ParcelPolygon: {
      type: "Polygon";
      coordinates: number[][][];
    };
    /** @description The camera the drone photo was projected through, as used. */
    DroneCameraUsed: {
      lat: number;
      lng: number;
      height_m: number;
      yaw_deg: number;
      pitch_deg: number;
      roll_deg: number;
      horizontal_fov_deg: number;
      /** @description Where each value came from: request (imagery.camera), xmp:<DJI field>, exif:<field>, or a default. */
      sources: {
        [key: string]: string;
      };
      /** @description Whether the photo's lens calibration (DJI DewarpData) was applied: applied, not in the photo, already removed by the camera, or not applied: unreadable. */
      lens_calibration: string;
    };
    MediaFile: {
      /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
      url: string;
      expires_at: string;
      content_type: string;
      width?: number;
      height?: number;
      size_bytes?: number;
    };
    MarkupOutput: {
      /** @description The 3840x2160 top-down JPEG, property centred, front toward orientation. */
      image: components["schemas"]["MediaFileWithRenditions"];
      georeference: components["schemas"]["MarkupGeoreference"];
      /** @description The parcel boundary in normalized image coordinates, ready for boundary_polygon, clipped where it leaves the frame: your boundary, else the site source's parcel (never a synthetic parcel on your own imagery). Null when there is none, or none of it is in the picture. */
      suggested_boundary: components["schemas"]["NormalizedPoint"][] | null;
      /** @description Share of the parcel's ground area inside the picture; null when there is no parcel. */
      boundary_visible_fraction: number | null;
      /** @description Where suggested_boundary came from: your boundary, a cadastre lot, the site source, or none with the reason; null on jobs made before lots were looked up. */
      boundary_source: {
        /** @description caller: the request's boundary; site: the site source's parcel. */
        kind: "caller" | "site";
        provider: string;
        /** @description True when the site source made the parcel up (offline synthetic). */
        synthetic: boolean;
      } | {
        /** @description cadastre: the lot from a state's (or your) cadastre. */
        kind: "cadastre";
        /** @description The cadastre source it came from ("nsw-cadastre"). */
        provider: string;
        /** @description The lot as the cadastre names it ("5//DP123456"). */
        lot_id: string;
        /** @description contains: the address point is inside the lot; nearest: the point fell on a road or in no lot, and this is the nearest lot within 15 m (check it); lot_id: the request's parcel.lot_id. */
        match: "contains" | "nearest" | "lot_id";
        /** @description Metres from the address point to the lot (0 inside it). */
        distance_m: number;
        /** @description What the cadastre's licence allows (CC BY 4.0: everything, with attribution). */
        licence: {
          store: boolean;
          print: boolean;
          portal: boolean;
        };
        /** @description Text to show where the boundary is shown, as the licence asks. */
        attribution: string;
        synthetic: false;
        /** @description False while the stage's operators have not yet checked the source against its live service. */
        verified?: boolean;
      } | {
        /** @description none: no boundary could be suggested; reason says why. */
        kind: "none";
        /** @description NO_CADASTRE: the stage lists no cadastre source; NOT_COVERED: none covers the property; NO_LOT_AT_POINT: no lot within 15 m of the address point; CADASTRE_UNAVAILABLE: the sources failed (try again later); LOT_NOT_FOUND: no source has parcel.lot_id. */
        reason: "NO_CADASTRE" | "NOT_COVERED" | "NO_LOT_AT_POINT" | "CADASTRE_UNAVAILABLE" | "LOT_NOT_FOUND";
        message: string;
        tried?: {
          source: string;
          reason: string;
        }[];
      } | null;
      parcel_polygon?: components["schemas"]["ParcelPolygon"];
      orientation: "bottom" | "left" | "top" | "right";
      front_direction: number;
      zoom: "close" | "standard" | "wide";
      /** @description The default style of edits of this markup. */
      style: "outline" | "blur" | "darken";
      /** @description The frontage the site model suggests (as frontage detection finds it); null if unknown. */
      detected_front_direction: {
        bearing: number;
        direction: string;
        confidence: number;
      } | null;
      location: {
        lat: number;
        lng: number;
        formatted_address: string;
        precision: string;
        provider: string;
        /** @description How sure the geocoder is that this is the property, 0-1 (the offline gazetteer knows localities, not streets: 0.3); 1 for caller coordinates. */
        confidence?: number;
      };
      providers: {
        geocoder: string;
        site: string;
        imagery: string;
      };
      camera?: components["schemas"]["DroneCameraUsed"];
      imagery: components["schemas"]["ImageryProvenance"];
    };
    /** @description How the picture lies on the ground. For a top-down picture (kind nadir), pixel (px, py) lies (px - width/2) * meters_per_pixel to the right and (height/2 - py) * meters_per_pixel above the centre, in a frame turned so that `rotation` is up. For a drone photo (kind perspective) the scale changes across the frame: use image_to_ground. */
    MarkupGeoreference: {
      /** @description Ground position of the image centre (of its bottom centre for a photo whose centre shows sky). */
      center: {
        lat: number;
        lng: number;
      };
      /** @description Ground metres per image pixel (at the centre only, for a perspective photo). */
      meters_per_pixel: number;
      /** @description Compass bearing pointing to the top of the image (0 = north up, 90 = east up); at the centre only, for a perspective photo. */
      rotation: number;
      width: number;
      height: number;
      /** @description nadir: a top-down picture (affine); perspective: a photo seen through its camera. */
      kind?: "nadir" | "perspective";
      /** @description The point image_to_ground's metres are measured from. */
      origin?: {
        lat: number;
        lng: number;
      };
      /** @description 3x3 homography, row-major, from pixels (x right, y down, from the top-left corner of the image) to metres east and north of origin: [X, Y, W] = H·[x, y, 1], east = X/W, north = Y/W; W <= 0 means the pixel shows sky. Lengths and areas on a perspective photo are measured through it. */
      image_to_ground?: number[];
      /** @description The photo's lens distortion (Brown-Conrady, in pixels of this image), when its calibration was applied: undistort a pixel before image_to_ground. */
      lens?: {
        fx: number;
        fy: number;
        cx: number;
        cy: number;
        k1: number;
        k2: number;
        p1: number;
        p2: number;
        k3: number;
      };
    };
    NormalizedPoint: {
      /** @description 0 = left edge, 1 = right edge of the markup image. */
      x: number;
      /** @description 0 = top edge, 1 = bottom edge of the markup image. */
      y: number;
    };
    MarkupEditOutput: {
      /** @description The composited JPEG, the size of the markup image, with the renditions asked for. */
      image: components["schemas"]["MediaFileWithRenditions"];
      markup_job_id: string;
      style: "outline" | "blur" | "darken";
      compositor: {
        outline_color: string;
        outline_width: number;
        blur_radius: number;
        darken_amount: number;
      };
      boundary_polygon: components["schemas"]["NormalizedPoint"][];
      boundary: {
        /** @description Ground area inside the boundary, from the georeference. */
        area_m2: number;
        perimeter_m: number;
      };
      /** @description The markup image the edit was composited on. */
      source_image: components["schemas"]["MediaFile"];
      /** @description The annotations as drawn, in order, with every default settled. */
      annotations: {
        type: "label" | "area";
        /** @description The centre of the text. */
        position: components["schemas"]["NormalizedPoint"];
        /** @description The text as drawn (computed lengths and areas filled in). */
        text: string;
        color: string;
        size: "small" | "medium" | "large";
        label_style: "boxed" | "outlined";
      } | {
        type: "measurement";
        from: components["schemas"]["NormalizedPoint"];
        to: components["schemas"]["NormalizedPoint"];
        /** @description The text as drawn (computed lengths and areas filled in). */
        text: string;
        color: string;
        size: "small" | "medium" | "large";
        label_style: "boxed" | "outlined";
      }[];
      georeference: components["schemas"]["MarkupGeoreference"];
      /** @description The markup's imagery provenance (absent on edits of markups made before it was recorded). */
      imagery?: components["schemas"]["ImageryProvenance"];
    };
    MarkupVideoOutput: {
      /** @description H.264 MP4, with its branded version and renditions when asked for. */
      video: components["schemas"]["VideoFileWithRenditions"];
      /** @description JPEG of the final frame, the size of the video. */
      poster: components["schemas"]["MediaFile"];
      duration_seconds: number;
      fps: number;
      width: number;
      height: number;
      codec: "h264";
      markup_job_id: string;
      /** @description The edit whose boundary, style and annotations the video reveals. */
      edit_job_id: string;
      /** @description remotion-local or remotion-lambda. */
      renderer: string;
      /** @description The markup's imagery provenance (absent on videos of edits made before it was recorded). */
      imagery?: components["schemas"]["ImageryProvenance"];
      /** @description With `brand_kit_id`: which kit, at which version, the job drew. */
      brand_kit?: {
        id: string;
        /** @description The version of the kit the job drew (as it was at submission). */
        version: number;
      };
    };
    VideoRenditions: {
      social_square?: {
        /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
        url: string;
        expires_at: string;
        content_type: string;
        width: number;
        height: number;
        size_bytes: number;
        fit: "reframed" | "relaid_out";
        /** @description The same video with the branding end card. */
        branded?: {
          /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
          url: string;
          expires_at: string;
          content_type: string;
          width: number;
          height: number;
          size_bytes: number;
        };
      };
      social_story?: {
        /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
        url: string;
        expires_at: string;
        content_type: string;
        width: number;
        height: number;
        size_bytes: number;
        fit: "reframed" | "relaid_out";
        /** @description The same video with the branding end card. */
        branded?: {
          /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
          url: string;
          expires_at: string;
          content_type: string;
          width: number;
          height: number;
          size_bytes: number;
        };
      };
    };
    VideoFileWithRenditions: {
      /** @description Presigned HTTPS URL; fetch it before expires_at, then re-read the job for a new one. */
      url: string;
      expires_at: string;
      content_type: string;
      width?: number;
      height?: number;
      size_bytes?: number;
      /** @description The same video with the branding end card (requests with branding only). */
      branded?: components["schemas"]["MediaFile"];
      renditions?: components["schemas"]["VideoRenditions"];
    };
    VirtualStagingOutput: {
      /** @description The staged photo, same size and format as the input, with the renditions asked for. */
      image: components["schemas"]["MediaFileWithRenditions"];
      /** @description The input photo as downloaded. */
      before_image: components["schemas"]["MediaFile"];
      room_type: {
        requested: string;
        used: "living" | "bedroom" | "kitchen" | "dining" | "office" | "bathroom" | "outdoor";
        /** @description exact: room_type was a listed value; synonym: a known word for one; fallback: nothing matched, living was used. */
        match: "exact" | "synonym" | "fallback";
      };
      style: {
        used: string;
        match: "keyword" | "default";
      };
      /** @description offline-stager, or bedrock:<model id>. */
      provider: string;
      /** @description Furniture placed (offline stager); empty when the provider does not report it. */
      items: string[];
      /** @description Disclosure: the image is virtually staged. Many listing rules require saying so next to the photo. */
      virtually_staged: true;
      /** @description Whether a "Virtually staged" label was drawn on the image: options.watermark when the request gave it, else the organization's setting. */
      watermark: boolean;
    };
    BrochureSlideOutput: {
      slide_type: "cover" | "features" | "gallery" | "location" | "agent" | "content";
      /** @description The slide, 1920x1080 PNG, with the renditions asked for: web (WebP and AVIF, 1024 and 400 px wide), the social shapes (each the slide laid out again for that shape, fit relaid_out, PNG) and print (the A4 PDF as a print sheet: trimmed to the slide, 297 x 167 mm, with 3 mm bleed and crop marks). */
      png: components["schemas"]["MediaFileWithRenditions"];
      /** @description Print-ready A4 landscape PDF: images at 300 dpi or better, text as vector glyph outlines. */
      pdf: components["schemas"]["MediaFile"];
      layout: components["schemas"]["BrochureLayoutUsed"];
      /** @description The image URLs the slide shows, in reading order (logo and headshot excluded). */
      images_used: string[];
      /** @description Text fields that did not fit at the smallest size: they end in an ellipsis at a word boundary (an agent bio without room is left out). */
      text_truncated: string[];
      /** @description Social renditions only: per shape laid out again, the text fields that needed the ellipsis in that shape (as text_truncated for the slide); absent when none did. */
      renditions_text_truncated?: {
        social_square?: string[];
        social_portrait?: string[];
        social_story?: string[];
      };
      /** @description Location slides: which imagery provider drew the map. */
      map_provider?: string;
      /** @description With `brand_kit_id`: which kit, at which version, the job drew. */
      brand_kit?: {
        id: string;
        /** @description The version of the kit the job drew (as it was at submission). */
        version: number;
      };
    };
    BrochureLayoutUsed: {
      id: "cover-full-bleed" | "cover-image-left" | "cover-image-right" | "features-image-left" | "features-image-right" | "features-two-column" | "gallery-hero-grid" | "gallery-grid" | "gallery-strip" | "location-map-left" | "location-map-right" | "location-map-full" | "agent-portrait-left" | "agent-portrait-right" | "agent-centered" | "content-image-right" | "content-image-left" | "content-text-only";
      /** @description layout_description: a layout rule matched it; default: none was given; fallback: it was given but no rule gave a layout this slide type has. */
      source: "layout_description" | "default" | "fallback";
      reason: string;
    };
    VideoExportOutput: {
      /** @description The rendered file: its content type follows the codec. */
      video: components["schemas"]["MediaFile"];
      codec: "h264" | "h265" | "vp8" | "vp9" | "prores" | "gif";
      /** @description The quality used; null for prores and gif. */
      crf: number | null;
      width: number;
      height: number;
      fps: number;
      duration_in_frames: number;
      /** @description duration_in_frames / fps. */
      duration_seconds: number;
      /** @description Where the length came from: option (options.duration_in_frames), input_props (input_props.totalDurationInFrames) or composition (its registered length). */
      duration_source: "option" | "input_props" | "composition";
      composition_id: string;
      serve_url: string;
      /** @description The renderer that made the video (remotion-lambda, remotion-local). */
      renderer: string;
    };
    DroneStillOutput: {
      /** @description The 3840x2160 JPEG, with the renditions asked for: portal and web made from it; each social shape drawn again by the camera framed for that shape around the parcel (fit reframed), not cut from it. */
      image: components["schemas"]["MediaFileWithRenditions"];
      pose: components["schemas"]["DronePoseUsed"];
      /** @description For each social rendition asked for: the camera that drew it (the parcel kept inside the frame and at least the share of it the 16:9 still has). */
      rendition_cameras?: {
        [K in "social_square" | "social_portrait" | "social_story"]?: {
          pose: components["schemas"]["DronePoseUsed"];
          /** @description The lens the shape was drawn with. */
          vertical_fov_deg: number;
          /** @description lens: the still's own pose with another lens; pose: the drone moved too, as the shape needed; contain: the whole parcel is in frame but smaller than in the 16:9 still (the still showed only part of a very large lot). */
          framing: "lens" | "pose" | "contain";
        };
      };
      shot_type: "establishing" | "hero" | "twilight";
      /** @description The V1 preset, for drone_stills. */
      angle?: "overhead" | "north" | "north_east" | "east" | "south_east" | "south" | "south_west" | "west" | "north_west";
      property_center: {
        lat: number;
        lng: number;
      };
      /** @description Which scene source drew it: the offline synthetic model (e.g. offline-synthetic) or photorealistic-3d-tiles. */
      scene_source: string;
      /** @description The data providers' attribution (photorealistic-3d-tiles only; the same as imagery.attribution). Show it wherever the media is shown, as the provider's terms require; it is not drawn into the picture. */
      attribution?: string;
      imagery: components["schemas"]["ImageryProvenance"];
    };
    DronePoseUsed: {
      azimuth: number;
      tilt: number;
      distance: number;
      /** @description Pitch used, after the tilt-5 rule and the horizon clamp. */
      pitch: number;
      pitch_requested: number;
      /** @description True when pitch was lowered to keep tilt + pitch ≤ 85°. */
      pitch_clamped: boolean;
      /** @description True when pitch was ignored because tilt is below 5. */
      pitch_ignored: boolean;
      /** @description Compass bearing from the property to the camera. */
      camera_bearing: number;
      /** @description Where the camera was. */
      camera_position: {
        lat: number;
        lng: number;
        /** @description Metres above the ground at the property. */
        altitude_m: number;
      };
    };
    DroneFootageOutput: {
      /** @description The 1920x1080 MP4; with branding its end-card version beside it; with renditions each social shape rendered again along the same flight path, the camera framed for the shape (fit reframed), each with its end-card version when branded. */
      video: components["schemas"]["VideoFileWithRenditions"];
      poster: components["schemas"]["MediaFile"];
      style: "front_left_zoom" | "front_right_approach";
      duration_seconds: number;
      fps: number;
      key_poses: {
        azimuth: number;
        tilt: number;
        distance: number;
        /** @description Pitch used, after the tilt-5 rule and the horizon clamp. */
        pitch: number;
        pitch_requested: number;
        /** @description True when pitch was lowered to keep tilt + pitch ≤ 85°. */
        pitch_clamped: boolean;
        /** @description True when pitch was ignored because tilt is below 5. */
        pitch_ignored: boolean;
        /** @description Compass bearing from the property to the camera. */
        camera_bearing: number;
        /** @description Where the camera was. */
        camera_position: {
          lat: number;
          lng: number;
          /** @description Metres above the ground at the property. */
          altitude_m: number;
        };
        at_seconds: number;
      }[];
      property_center: {
        lat: number;
        lng: number;
      };
      scene_source: string;
      /** @description The data providers' attribution (photorealistic-3d-tiles only; the same as imagery.attribution). Show it wherever the media is shown, as the provider's terms require; it is not drawn into the picture. */
      attribution?: string;
      imagery: components["schemas"]["ImageryProvenance"];
      /** @description With `brand_kit_id`: which kit, at which version, the job drew. */
      brand_kit?: {
        id: string;
        /** @description The version of the kit the job drew (as it was at submission). */
        version: number;
      };
    };
    ListingKitOutput: {
      /** @description Every asset of the kit, in role order. */
      manifest: components["schemas"]["ListingKitManifestEntry"][];
      /** @description With `brand_kit_id`: which kit, at which version, the job drew. */
      brand_kit?: {
        id: string;
        /** @description The version of the kit the job drew (as it was at submission). */
        version: number;
      };
      /** @description The brochure deck; null when the brochure was not asked for or a slide failed. */
      brochure_deck: {
        /** @description The six slides as one screen PDF, a bookmark per slide. */
        pdf: components["schemas"]["MediaFile"];
        /** @description Pages of the screen PDF. */
        pages: number;
        /** @description The print version of the deck. */
        print: {
          /** @description The print PDF: 3 mm bleed on every side and crop marks. */
          pdf: components["schemas"]["MediaFile"];
          pages: number;
          /** @description Bleed on every side, millimetres. */
          bleed_mm: number;
        };
      } | null;
      /** @description The detected frontage; null when the kit made no frontage detection or it failed. */
      frontage: {
        /** @description Compass bearing the property front faces, 0 = north, clockwise. */
        bearing: number;
        direction: "north" | "north-east" | "east" | "south-east" | "south" | "south-west" | "west" | "north-west";
        /** @description The RESO Data Dictionary DirectionFaces value of the bearing: the same eight 45° sectors as direction. */
        reso_direction_faces: "North" | "Northeast" | "East" | "Southeast" | "South" | "Southwest" | "West" | "Northwest";
        /** @description Compass bearing the rear of the property faces: bearing + 180, modulo 360. */
        rear_bearing?: number;
        /** @description Direction label of rear_bearing, in the same eight sectors as direction. */
        rear_direction?: "north" | "north-east" | "east" | "south-east" | "south" | "south-west" | "west" | "north-west";
        /** @description How sure the detection is, 0-1 (an edit is 1: the caller chose it). */
        confidence?: number;
        /** @description Hours of direct sun on the front and rear façades on the winter solstice at the site's latitude: the time between sunrise and sunset (upper limb on the horizon, refraction allowed) in which the sun is less than 90° from the façade's outward normal, in local solar time. Terrain, buildings and trees are not considered. */
        winter_sun_hours: {
          /** @description Hours of direct sun on a vertical façade facing bearing, to 0.1 h. */
          front: number;
          /** @description Hours of direct sun on a vertical façade facing rear_bearing, to 0.1 h. */
          rear: number;
          /** @description Month and day the hours are for: the winter solstice, 21 June (06-21) south of the equator, 21 December (12-21) north of it. */
          date: "06-21" | "12-21";
          /** @description Latitude the sun's path is computed for: the resolved location's. */
          latitude: number;
        };
      } | null;
      /** @description True when some asset did not complete (see manifest errors). */
      partial: boolean;
      /** @description Uses the kit left out because an asset's imagery licence forbids them: a picture that may not be printed is not placed on the brochure slides or the print deck; one that may not go on portals gets no portal-safe edit. Never made silently: each is listed here (and a role not made is failed with LICENCE_RESTRICTED in the manifest). */
      licence_restrictions?: {
        role: "frontage" | "markup" | "markup_edit" | "markup_edit_portal_safe" | "reveal_video" | "drone_overhead" | "drone_hero" | "drone_twilight" | "drone_footage" | "slide_cover" | "slide_features" | "slide_gallery" | "slide_location" | "slide_agent" | "slide_content" | "staging_1" | "staging_2" | "staging_3" | "staging_4" | "staging_5" | "staging_6" | "staging_7" | "staging_8" | "staging_9" | "staging_10";
        use: "print" | "portal";
        code: "LICENCE_RESTRICTED";
        message: string;
      }[];
    };
    /** @description One asset of the kit: its child job, how it ended and the child's media files. */
    ListingKitManifestEntry: {
      /** @description What the asset is in the kit. */
      role: "frontage" | "markup" | "markup_edit" | "markup_edit_portal_safe" | "reveal_video" | "drone_overhead" | "drone_hero" | "drone_twilight" | "drone_footage" | "slide_cover" | "slide_features" | "slide_gallery" | "slide_location" | "slide_agent" | "slide_content" | "staging_1" | "staging_2" | "staging_3" | "staging_4" | "staging_5" | "staging_6" | "staging_7" | "staging_8" | "staging_9" | "staging_10";
      /** @description The child job (GET /v1/jobs/{job_id}); null when it was never made. */
      job_id: string | null;
      /** @description The child's job type. */
      job_type: string | null;
      status: "queued" | "processing" | "completed" | "failed" | "canceled";
      /** @description Why the asset was not made: the child's own error, DEPENDENCY_FAILED naming the asset it is made from, or LICENCE_RESTRICTED when the imagery it would be made from may not be used that way (a portal-safe edit of imagery whose licence forbids portals). */
      error?: {
        /** @description Machine-readable failure code, e.g. ADDRESS_NOT_FOUND, INTERRUPTED. */
        code: string;
        message: string;
      };
      /** @description The asset's imagery provenance, for assets made from imagery. */
      imagery?: components["schemas"]["ImageryProvenance"];
      /** @description The JPEG or PNG image (markup, edits, drone stills, staged rooms). With the renditions asked for. */
      image?: components["schemas"]["MediaFileWithRenditions"];
      /** @description Staged rooms: the input photo as downloaded. */
      before_image?: components["schemas"]["MediaFile"];
      /** @description Edits: the markup image the edit was composited on. */
      source_image?: components["schemas"]["MediaFile"];
      /** @description Frontage: the reference aerial. With the renditions asked for. */
      reference_image?: components["schemas"]["MediaFileWithRenditions"];
      /** @description The H.264 MP4 (reveal video, drone footage), with its branded version and renditions when asked for. */
      video?: components["schemas"]["VideoFileWithRenditions"];
      /** @description Videos: a JPEG poster frame. */
      poster?: components["schemas"]["MediaFile"];
      /** @description Brochure slides: the 1920x1080 PNG. With the renditions asked for. */
      png?: components["schemas"]["MediaFileWithRenditions"];
      /** @description Brochure slides: the A4 landscape PDF. */
      pdf?: components["schemas"]["MediaFile"];
    };
    JobPage: {
      jobs: components["schemas"]["Job"][];
      pagination: {
        limit: number;
        offset: number;
        /** @description Jobs in this page. */
        count: number;
        has_more: boolean;
        /** @description Offset of the next page, null on the last page. */
        next_offset: number | null;
      };
    };
    Job: {
      job_id: string;
      job_type: "frontage_detection" | "frontage_edit" | "markup_v2" | "markup_v2_edit" | "markup_v2_video" | "virtual_staging" | "brochure_slide" | "video_export" | "drone_stills" | "drone_stills_capture" | "drone_footage" | "listing_kit";
      status: "queued" | "processing" | "completed" | "failed" | "canceled";
      mode: "test" | "live";
      created_at: string;
      updated_at: string;
      started_at: string | null;
      completed_at: string | null;
      progress: {
        percent: number;
        /** @description What the job is doing, e.g. queued, started, a step's own stage, completed. A queued job waiting because its organization already has its limit of jobs processing shows waiting_for_your_other_jobs (it starts, oldest first, when one of them ends; it is never refused or failed for waiting). On the local stack a step waiting for capacity shows queued_for_capacity, a render waiting for a renderer queued_for_renderer. */
        stage: string;
      };
      /** @description The request as accepted (validated, defaults applied). */
      input: {
        [key: string]: unknown;
      };
      /** @description Set when completed; its shape depends on job_type (see the x-job-types extension). */
      output: (components["schemas"]["FrontageOutput"] | components["schemas"]["MarkupOutput"] | components["schemas"]["MarkupEditOutput"] | components["schemas"]["MarkupVideoOutput"] | components["schemas"]["VirtualStagingOutput"] | components["schemas"]["BrochureSlideOutput"] | components["schemas"]["VideoExportOutput"] | components["schemas"]["DroneStillOutput"] | components["schemas"]["DroneFootageOutput"] | components["schemas"]["ListingKitOutput"]) | null;
      error: {
        /** @description Machine-readable failure code, e.g. ADDRESS_NOT_FOUND, INTERRUPTED. */
        code: string;
        message: string;
      } | null;
      parent_job_id: string | null;
      /** @description The listing kit this job was made for (null for jobs created directly). */
      kit_job_id: string | null;
      /** @description The office the job belongs to (null: the organization's own). */
      office_id: string | null;
      webhook_url: string | null;
      /** @description Present when the request gave a webhook_url: every delivery attempt of every event. */
      webhook: {
        url: string;
        attempts: components["schemas"]["WebhookAttempt"][];
      } | null;
      callback_metadata: {
        [key: string]: unknown;
      } | null;
      /** @description When the job's media and inputs are erased (its delete_after, else the organization's retention, counted from created_at; a job still running then is erased when it ends). Null once erased. */
      media_expires_at: string | null;
      /** @description The media and inputs were erased by retention: output is null (its media files are deleted), input is {}, callback_metadata and webhook_url are null, and error keeps its code only. Status and timestamps stay. */
      media_expired: boolean;
    };
    WebhookAttempt: {
      event_id: string;
      type: "job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted";
      /** @description 1-based; 8 attempts at most (immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, with jitter). */
      attempt: number;
      attempted_at: string;
      /** @description HTTP status the receiver answered, null when none came back. */
      status_code: number | null;
      error: string | null;
      delivered: boolean;
      /** @description retrying: another attempt is scheduled; gone: the receiver answered 410 and no more are sent; exhausted: the last attempt failed and the event went to the dead-letter queue. */
      outcome: "delivered" | "retrying" | "gone" | "exhausted";
    };
    DeletionReceipt: {
      /** @description The job the request named. */
      job_id: string;
      deleted_at: string;
      /** @description Every job deleted: the one named first, then what was made from it. */
      jobs: {
        job_id: string;
        job_type: "frontage_detection" | "frontage_edit" | "markup_v2" | "markup_v2_edit" | "markup_v2_video" | "virtual_staging" | "brochure_slide" | "video_export" | "drone_stills" | "drone_stills_capture" | "drone_footage" | "listing_kit";
        /** @description requested: the job named; kit_child: made for a listing kit being deleted; built_on: made from a deleted job (an edit of a markup, a video of an edit). */
        relation: "requested" | "kit_child" | "built_on";
        /** @description The deleted job it was made for or from. */
        via_job_id: string | null;
        status_at_deletion: "queued" | "processing" | "completed" | "failed" | "canceled";
        /** @description It was queued or processing: canceled (execution stopped) first. */
        canceled: boolean;
        media_objects_deleted: number;
        events_deleted: number;
      }[];
      /** @description What each deleted job lost: its media files, the Idempotency-Key records of the request that created it (replaying that key makes a new job), input (addresses, names, phone numbers, email addresses, headshot and logo URLs), output, error, callback_metadata, webhook URL and attempts, and its events. */
      erased: string[];
      /** @description What stays: the usage record (job id, type, units, day; nothing personal), so invoices and usage totals do not change. */
      kept: string[];
    };
    Usage: {
      object: "usage";
      organization_id: string;
      mode: "test" | "live";
      from: string;
      to: string;
      currency: "AUD";
      /** @description true for live keys; test usage is tracked but never billed. */
      billed: boolean;
      /** @description One row per day and job type with usage, by date then job type; days without usage are absent. */
      days: {
        date: string;
        job_type: "frontage_detection" | "frontage_edit" | "markup_v2" | "markup_v2_edit" | "markup_v2_video" | "virtual_staging" | "brochure_slide" | "video_export" | "drone_stills" | "drone_stills_capture" | "drone_footage" | "listing_kit";
        /** @description Completed jobs (failed and canceled jobs are not counted). */
        jobs: number;
        /** @description Billable units: one per job, or one per started second of video (markup_v2_video, video_export, drone_footage). */
        units: number;
        /** @description Renditions made (each media file’s portal, web set, social shapes and print count one each), each billed at its kind’s live rate. */
        renditions: number;
        /** @description units × the live rate of the job type, plus each rendition × its kind’s live rate, in `currency`; 0 for test keys. */
        amount: number;
      }[];
      totals: {
        /** @description Completed jobs (failed and canceled jobs are not counted). */
        jobs: number;
        /** @description Billable units: one per job, or one per started second of video (markup_v2_video, video_export, drone_footage). */
        units: number;
        /** @description Renditions made (each media file’s portal, web set, social shapes and print count one each), each billed at its kind’s live rate. */
        renditions: number;
        /** @description units × the live rate of the job type, plus each rendition × its kind’s live rate, in `currency`; 0 for test keys. */
        amount: number;
        /** @description The totals of each job type that has usage in the range. */
        by_job_type: {
          [K in "frontage_detection" | "frontage_edit" | "markup_v2" | "markup_v2_edit" | "markup_v2_video" | "virtual_staging" | "brochure_slide" | "video_export" | "drone_stills" | "drone_stills_capture" | "drone_footage" | "listing_kit"]?: components["schemas"]["UsageFigures"];
        };
        /** @description How many renditions of each kind were made in the range, and their amount. */
        by_rendition: {
          [K in "portal" | "web" | "social_square" | "social_portrait" | "social_story" | "print"]?: {
            count: number;
            amount: number;
          };
        };
        /** @description The totals of each office that has usage in the range, by office id; the organization's own jobs (no office) under `none`. */
        by_office: {
          [key: string]: components["schemas"]["UsageFigures"];
        };
      };
    };
    UsageFigures: {
      /** @description Completed jobs (failed and canceled jobs are not counted). */
      jobs: number;
      /** @description Billable units: one per job, or one per started second of video (markup_v2_video, video_export, drone_footage). */
      units: number;
      /** @description Renditions made (each media file’s portal, web set, social shapes and print count one each), each billed at its kind’s live rate. */
      renditions: number;
      /** @description units × the live rate of the job type, plus each rendition × its kind’s live rate, in `currency`; 0 for test keys. */
      amount: number;
    };
    WebhookEndpointWithSecret: {
      id: string;
      object: "webhook_endpoint";
      url: string;
      enabled_events: string[];
      description: string | null;
      enabled: boolean;
      created_at: string;
      updated_at: string;
      /** @description When the current secret was made. */
      secret_created_at: string | null;
      /** @description While a rotated-out secret still signs (24 h after the rotation): when it stops. */
      previous_secret_expires_at: string | null;
      /** @description Since when every attempt to the endpoint has failed (null once one is delivered). */
      failing_since: string | null;
      /** @description Set when the service disabled the endpoint: `failing`, every attempt failed for 3 days (the stage setting webhooks.endpointDisableAfterDays). Enabling it again (PATCH enabled: true) clears it. */
      disabled_reason: "failing" | null;
      /** @description While the endpoint is disabled (by its owner or for failing): when it was. null while enabled, and for an endpoint disabled before this was recorded. */
      disabled_at: string | null;
      /** @description The office whose events alone it gets; null: every event of the organization and mode. */
      office_id: string | null;
      /** @description The signing secret (whsec_…). Shown only in this answer: store it now; it is never shown again. */
      secret: string;
    };
    WebhookEndpointList: {
      endpoints: components["schemas"]["WebhookEndpoint"][];
    };
    WebhookEndpoint: {
      id: string;
      object: "webhook_endpoint";
      url: string;
      enabled_events: string[];
      description: string | null;
      enabled: boolean;
      created_at: string;
      updated_at: string;
      /** @description When the current secret was made. */
      secret_created_at: string | null;
      /** @description While a rotated-out secret still signs (24 h after the rotation): when it stops. */
      previous_secret_expires_at: string | null;
      /** @description Since when every attempt to the endpoint has failed (null once one is delivered). */
      failing_since: string | null;
      /** @description Set when the service disabled the endpoint: `failing`, every attempt failed for 3 days (the stage setting webhooks.endpointDisableAfterDays). Enabling it again (PATCH enabled: true) clears it. */
      disabled_reason: "failing" | null;
      /** @description While the endpoint is disabled (by its owner or for failing): when it was. null while enabled, and for an endpoint disabled before this was recorded. */
      disabled_at: string | null;
      /** @description The office whose events alone it gets; null: every event of the organization and mode. */
      office_id: string | null;
    };
    UpdatedWebhookEndpoint: {
      id: string;
      object: "webhook_endpoint";
      url: string;
      enabled_events: string[];
      description: string | null;
      enabled: boolean;
      created_at: string;
      updated_at: string;
      /** @description When the current secret was made. */
      secret_created_at: string | null;
      /** @description While a rotated-out secret still signs (24 h after the rotation): when it stops. */
      previous_secret_expires_at: string | null;
      /** @description Since when every attempt to the endpoint has failed (null once one is delivered). */
      failing_since: string | null;
      /** @description Set when the service disabled the endpoint: `failing`, every attempt failed for 3 days (the stage setting webhooks.endpointDisableAfterDays). Enabling it again (PATCH enabled: true) clears it. */
      disabled_reason: "failing" | null;
      /** @description While the endpoint is disabled (by its owner or for failing): when it was. null while enabled, and for an endpoint disabled before this was recorded. */
      disabled_at: string | null;
      /** @description The office whose events alone it gets; null: every event of the organization and mode. */
      office_id: string | null;
      /** @description Set when this change enabled a disabled endpoint: what it failed or missed since, and the resend that replays it. null otherwise. */
      replay: components["schemas"]["WebhookEndpointReplayOffer"] | null;
    };
    WebhookEndpointReplayOffer: {
      /** @description When the endpoint was disabled (null if it was disabled before this was recorded). */
      disabled_at: string | null;
      /** @description `failing`: the service disabled it; null: its owner did. */
      disabled_reason: "failing" | null;
      /** @description Events in the window whose latest attempt to this endpoint failed (the failing streak's). */
      failed: number;
      /** @description Events in the window of a type the endpoint wants that were never sent to it (they came while it was disabled). */
      missed: number;
      /** @description More than 500 events are in the window: the counts are of the newest 500, and the resend (500 a request) needs an earlier range after it. */
      has_more: boolean;
      /** @description The request that replays the window to this endpoint, as it is to be sent. */
      resend: {
        method: "POST";
        path: "/v1/events/resend";
        body: {
          /** @description The start of the window: when its failing streak began (disabled for failing), else when it was disabled. */
          created_from: string;
          /** @description This change: when it was enabled again. */
          created_to: string;
          /** @description false: missed events have no failed attempt to the endpoint, so failed_only would skip them; in this window nothing was delivered to it but pings and hand-made resends, which receivers de-duplicate by webhook-id. */
          failed_only: false;
          endpoint_id: string;
        };
      };
    };
    EventPage: {
      events: components["schemas"]["Event"][];
      pagination: {
        limit: number;
        count: number;
        has_more: boolean;
        /** @description Pass as starting_after for the next page. */
        next_cursor: string | null;
      };
    };
    Event: {
      id: string;
      object: "event";
      type: "job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "ping";
      created_at: string;
      job_id: string | null;
      job_type: ("frontage_detection" | "frontage_edit" | "markup_v2" | "markup_v2_edit" | "markup_v2_video" | "virtual_staging" | "brochure_slide" | "video_export" | "drone_stills" | "drone_stills_capture" | "drone_footage" | "listing_kit") | null;
      /** @description The event's office (its job's, or a pinged endpoint's); null: the organization's own. */
      office_id: string | null;
      /** @description A job event's job status and progress when it happened (the payload adds the output). */
      data: {
        [key: string]: unknown;
      };
      /** @description false: a receiver's latest attempt failed; true: every receiver attempted has it; null: no attempt yet (or no receiver). */
      delivery_success: boolean | null;
    };
    EventResend: {
      id: string;
      object: "event_resend";
      /** @description queued: accepted, nothing sent yet; sending: its deliveries are being queued, in batches; completed: every delivery is queued (each is then one attempt, recorded on its event). */
      status: "queued" | "sending" | "completed";
      created_at: string;
      completed_at: string | null;
      /** @description The range, as the request gave it. */
      created_from: string;
      created_to: string;
      failed_only: boolean;
      endpoint_id: string | null;
      /** @description The events it resends, newest first. */
      event_ids: string[];
      events: number;
      /** @description What it sends: one attempt per event and receiver (at most 1,000 a resend), known when it is accepted. */
      deliveries: number;
      /** @description Of those, queued so far. */
      queued_deliveries: number;
      /** @description The range held more than one resend takes (500 events, 1,000 deliveries): resend the rest with a created_to before the oldest of event_ids. */
      has_more: boolean;
    };
    EventWithDeliveries: {
      id: string;
      object: "event";
      type: "job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "ping";
      created_at: string;
      job_id: string | null;
      job_type: ("frontage_detection" | "frontage_edit" | "markup_v2" | "markup_v2_edit" | "markup_v2_video" | "virtual_staging" | "brochure_slide" | "video_export" | "drone_stills" | "drone_stills_capture" | "drone_footage" | "listing_kit") | null;
      /** @description The event's office (its job's, or a pinged endpoint's); null: the organization's own. */
      office_id: string | null;
      /** @description A job event's job status and progress when it happened (the payload adds the output). */
      data: {
        [key: string]: unknown;
      };
      /** @description false: a receiver's latest attempt failed; true: every receiver attempted has it; null: no attempt yet (or no receiver). */
      delivery_success: boolean | null;
      deliveries: {
        /** @description null: the job request's own webhook_url. */
        endpoint_id: string | null;
        url: string;
        delivered: boolean;
        attempts: components["schemas"]["DeliveryAttempt"][];
      }[];
    };
    DeliveryAttempt: {
      url: string;
      attempt: number;
      /** @description Sent by a resend, not by the retry schedule. */
      replay: boolean;
      attempted_at: string;
      status_code: number | null;
      duration_ms: number;
      /** @description The first 1 KB of the receiver's answer (UTF-8), null when none came back. */
      response_body: string | null;
      error: string | null;
      delivered: boolean;
      outcome: "delivered" | "retrying" | "gone" | "exhausted" | "failed";
    };
    NewImagerySource: {
      /** @description Web Mercator tiles from a {z}/{x}/{y} URL template (Nearmap Tile API, WMTS REST). */
      kind: "xyz-tiles";
      /** @description The tile URL template, e.g. `https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg`. */
      url: string;
      /** @description Names the source in outputs (`imagery.source`) and failure messages; unique among the organization's sources in the mode. */
      name: string;
      /** @description Where the source has imagery, in WGS 84 degrees: it is tried only for properties inside this box. Default: Australia (112.5..154 E, -44..-9 N). */
      coverage?: {
        west: number;
        south: number;
        east: number;
        north: number;
      };
      /** @description What the organization's licence for the source allows, as the licence states it. A request asking for a use the licence does not allow skips the source. */
      licence: {
        /** @description Pictures may be kept (every output keeps its picture). */
        store: boolean;
        /** @description Pictures may be printed (a brochure or a kit’s print deck). */
        print: boolean;
        /** @description Pictures may be published on listing portals. */
        portal: boolean;
      };
      /** @description Shown with every picture from the source, as its licence asks (e.g. "Imagery © Nearmap"). */
      attribution: string;
      /** @description The subscription key. Kept as a secret: never shown again (answers carry `key_hint`), sent only to this source, for this organization’s jobs in this mode. */
      api_key?: string;
      /** @description The query parameter the key travels in (Nearmap: `apikey`). Required with api_key. */
      api_key_param?: string;
      /** @description The deepest zoom the source has. */
      max_zoom: number;
      /** @description Edge of one tile in pixels. Default 256. */
      tile_size?: 256 | 512;
    } | {
      /** @description WMS 1.3.0 GetMap (MetroMap and other OGC servers). */
      kind: "wms";
      /** @description The WMS endpoint. */
      url: string;
      /** @description Names the source in outputs (`imagery.source`) and failure messages; unique among the organization's sources in the mode. */
      name: string;
      /** @description Where the source has imagery, in WGS 84 degrees: it is tried only for properties inside this box. Default: Australia (112.5..154 E, -44..-9 N). */
      coverage?: {
        west: number;
        south: number;
        east: number;
        north: number;
      };
      /** @description What the organization's licence for the source allows, as the licence states it. A request asking for a use the licence does not allow skips the source. */
      licence: {
        /** @description Pictures may be kept (every output keeps its picture). */
        store: boolean;
        /** @description Pictures may be printed (a brochure or a kit’s print deck). */
        print: boolean;
        /** @description Pictures may be published on listing portals. */
        portal: boolean;
      };
      /** @description Shown with every picture from the source, as its licence asks (e.g. "Imagery © Nearmap"). */
      attribution: string;
      /** @description The subscription key. Kept as a secret: never shown again (answers carry `key_hint`), sent only to this source, for this organization’s jobs in this mode. */
      api_key?: string;
      /** @description The query parameter the key travels in (Nearmap: `apikey`). Required with api_key. */
      api_key_param?: string;
      layers: string;
      styles?: string;
      /** @description Default EPSG:3857; EPSG:4326 is asked for latitude first, as WMS 1.3.0 orders it. */
      crs?: "EPSG:3857" | "EPSG:4326";
      format?: "image/jpeg" | "image/png";
      /** @description The server's MaxWidth/MaxHeight; larger frames are split. Default 4096. */
      max_size?: number;
      /** @description The source's finest ground resolution in metres per pixel; finer frames are upsampled and say so. */
      native_resolution_m?: number;
    } | {
      /** @description An ArcGIS REST MapServer `export` or ImageServer `exportImage`. */
      kind: "arcgis-export";
      /** @description The service URL (…/MapServer or …/ImageServer). */
      url: string;
      /** @description Names the source in outputs (`imagery.source`) and failure messages; unique among the organization's sources in the mode. */
      name: string;
      /** @description Where the source has imagery, in WGS 84 degrees: it is tried only for properties inside this box. Default: Australia (112.5..154 E, -44..-9 N). */
      coverage?: {
        west: number;
        south: number;
        east: number;
        north: number;
      };
      /** @description What the organization's licence for the source allows, as the licence states it. A request asking for a use the licence does not allow skips the source. */
      licence: {
        /** @description Pictures may be kept (every output keeps its picture). */
        store: boolean;
        /** @description Pictures may be printed (a brochure or a kit’s print deck). */
        print: boolean;
        /** @description Pictures may be published on listing portals. */
        portal: boolean;
      };
      /** @description Shown with every picture from the source, as its licence asks (e.g. "Imagery © Nearmap"). */
      attribution: string;
      /** @description The subscription key. Kept as a secret: never shown again (answers carry `key_hint`), sent only to this source, for this organization’s jobs in this mode. */
      api_key?: string;
      /** @description The query parameter the key travels in (Nearmap: `apikey`). Required with api_key. */
      api_key_param?: string;
      /** @description MapServer `layers` (e.g. "show:0"). */
      layers?: string;
      format?: "jpg" | "png" | "png24" | "png32";
      /** @description The spatial reference asked for. Default 3857. */
      sr?: 3857 | 4326;
      /** @description The source's finest ground resolution in metres per pixel; finer frames are upsampled and say so. */
      native_resolution_m?: number;
    };
    ImagerySource: {
      id: string;
      object: "imagery_source";
      name: string;
      kind: "xyz-tiles" | "wms" | "arcgis-export";
      url: string;
      coverage: {
        west: number;
        south: number;
        east: number;
        north: number;
      };
      licence: {
        store: boolean;
        print: boolean;
        portal: boolean;
      };
      attribution: string;
      max_zoom?: number;
      tile_size?: number;
      layers?: string;
      styles?: string;
      crs?: string;
      format?: string;
      max_size?: number;
      sr?: number;
      native_resolution_m?: number;
      /** @description The query parameter the key travels in. */
      api_key_param: string | null;
      /** @description The key itself is never shown again: its last four characters (`…a1b2`) for a key of 16 characters or more, `…` for a shorter one, null without a key. */
      key_hint: string | null;
      created_at: string;
      updated_at: string;
    };
    ImagerySourceList: {
      sources: components["schemas"]["ImagerySource"][];
    };
    ImagerySourceChange: {
      /** @description Names the source in outputs (`imagery.source`) and failure messages; unique among the organization's sources in the mode. */
      name?: string;
      /** @description The URL (a template with {z}, {x}, {y} for xyz-tiles). */
      url?: string;
      /** @description Where the source has imagery, in WGS 84 degrees: it is tried only for properties inside this box. Default: Australia (112.5..154 E, -44..-9 N). */
      coverage?: {
        west: number;
        south: number;
        east: number;
        north: number;
      };
      /** @description What the organization's licence for the source allows, as the licence states it. A request asking for a use the licence does not allow skips the source. */
      licence?: {
        /** @description Pictures may be kept (every output keeps its picture). */
        store: boolean;
        /** @description Pictures may be printed (a brochure or a kit’s print deck). */
        print: boolean;
        /** @description Pictures may be published on listing portals. */
        portal: boolean;
      };
      /** @description Shown with every picture from the source, as its licence asks (e.g. "Imagery © Nearmap"). */
      attribution?: string;
      /** @description A new key (replacing the one kept), or null to remove the key and its api_key_param. */
      api_key?: string | null;
      /** @description The query parameter the key travels in (Nearmap: `apikey`). Required with api_key. */
      api_key_param?: string;
      /** @description The deepest zoom the source has. */
      max_zoom?: number;
      /** @description Edge of one tile in pixels. Default 256. */
      tile_size?: 256 | 512;
      layers?: string;
      styles?: string;
      /** @description Default EPSG:3857; EPSG:4326 is asked for latitude first, as WMS 1.3.0 orders it. */
      crs?: "EPSG:3857" | "EPSG:4326";
      format?: "image/jpeg" | "image/png" | "jpg" | "png" | "png24" | "png32";
      /** @description The server's MaxWidth/MaxHeight; larger frames are split. Default 4096. */
      max_size?: number;
      /** @description The spatial reference asked for. Default 3857. */
      sr?: 3857 | 4326;
      /** @description The source's finest ground resolution in metres per pixel; finer frames are upsampled and say so. */
      native_resolution_m?: number;
    };
    BrandKitRequest: {
      /** @description The kit's own name, e.g. the office it is for. */
      name: string;
      /** @description The agency logo: a JPEG, PNG or WebP image (at most 20 MB and 40 megapixels) over https, downloaded once when the kit is saved and kept; the URL is never fetched again. */
      logo_url?: string;
      /** @description Brand colours, checked as the slides check them: text on the primary colour is black or white, whichever passes WCAG AA; the secondary is darkened or lightened where it would stand out less than 3:1. The answer shows the result (colors.contrast). */
      colors?: {
        /** @description Main brand colour (panels, bars). Default #1F3A5F. Text on it is black or white, whichever passes WCAG AA. */
        primary?: string;
        /** @description Accent colour (rules, bullets, price). Default #C9A227; darkened or lightened if needed to stand out (3:1). */
        secondary?: string;
      };
      /** @description The fonts of headings and body text: one of the families slides are set in. */
      fonts?: {
        /** @description One of the font families slides are set in. */
        heading?: "DejaVu Sans";
        /** @description One of the font families slides are set in. */
        body?: "DejaVu Sans";
      };
      agency?: {
        /** @description The agency's name. */
        name?: string;
        /** @description The agency's phone number as it should read. */
        phone?: string;
        /** @description The agency's e-mail address. */
        email?: string;
        /** @description The agency's licence (registration) number, drawn beside the agency's name on the slides and the end card. */
        licence_number?: string;
      };
      agent?: {
        /** @description The agent's name. */
        name?: string;
        /** @description The agent's phone number as it should read. */
        phone?: string;
        /** @description The agent's e-mail address. */
        email?: string;
        /** @description The agent's licence (registration) number, drawn beside the agent's details on the slides and the end card. */
        licence_number?: string;
        /** @description The agent's photo: a JPEG, PNG or WebP image (at most 20 MB and 40 megapixels) over https, downloaded once when the kit is saved and kept; the URL is never fetched again. */
        photo_url?: string;
      };
      /** @description Small print drawn at the foot of every slide (and its social shapes) and of a video’s end card the kit brands; a disclaimer longer than three lines there is cut at a word with an ellipsis (the job lists it in text_truncated). */
      disclaimer?: string;
      /** @description The office the kit is for (one of the organization's offices in this mode; fixed once made): only that office's keys and jobs, and the organization's, see and use it. Omitted: the whole organization's kit, or, with a key bound to an office, that office's. Another office, or one that does not exist, is a 404. */
      office_id?: string;
    };
    BrandKit: {
      id: string;
      object: "brand_kit";
      /** @description Starts at 1; every change adds one. A job names the version it drew (output.brand_kit.version). */
      version: number;
      /** @description The office the kit belongs to; null: the whole organization's (every office's). */
      office_id: string | null;
      name: string;
      /** @description The kit's kept copy of its logo. */
      logo: {
        /** @description A presigned URL of the kept copy, fresh on every read. */
        url: string;
        expires_at: string;
        content_type: string;
        width: number;
        height: number;
        size_bytes: number;
        /** @description Where it was downloaded from, once. */
        source_url: string;
      } | null;
      colors: {
        primary: string | null;
        secondary: string | null;
        /** @description What the slides will draw with these colours (the slides’ defaults where a colour is not set): the text colour on the primary and its WCAG contrast ratio (at least 4.5), and the secondary as drawn on the primary and on the paper background (at least 3:1; `adjusted` when it had to be darkened or lightened). */
        contrast: {
          text_on_primary: string;
          text_on_primary_ratio: number;
          secondary_on_primary: string;
          secondary_on_primary_ratio: number;
          secondary_on_primary_adjusted: boolean;
          secondary_on_paper: string;
          secondary_on_paper_ratio: number;
          secondary_on_paper_adjusted: boolean;
        };
      };
      fonts: {
        heading: string | null;
        body: string | null;
      };
      agency: {
        name: string | null;
        phone: string | null;
        email: string | null;
        licence_number: string | null;
      };
      agent: {
        name: string | null;
        phone: string | null;
        email: string | null;
        licence_number: string | null;
        /** @description The kit's kept copy of the agent's photo. */
        photo: {
          /** @description A presigned URL of the kept copy, fresh on every read. */
          url: string;
          expires_at: string;
          content_type: string;
          width: number;
          height: number;
          size_bytes: number;
          /** @description Where it was downloaded from, once. */
          source_url: string;
        } | null;
      };
      disclaimer: string | null;
      created_at: string;
      updated_at: string;
    };
    BrandKitPage: {
      brand_kits: components["schemas"]["BrandKit"][];
      pagination: {
        limit: number;
        count: number;
        has_more: boolean;
        /** @description Pass as starting_after for the next page. */
        next_cursor: string | null;
      };
    };
    /** @description Each field given replaces the kit's own (an object whole: `agent` replaces every agent detail, its photo included); null removes it. A logo_url or photo_url the kit's copy already came from is not downloaded again. A kit's office_id cannot be changed. */
    BrandKitPatch: {
      /** @description The kit's own name, e.g. the office it is for. */
      name?: string;
      logo_url?: string | null;
      colors?: {
        /** @description Main brand colour (panels, bars). Default #1F3A5F. Text on it is black or white, whichever passes WCAG AA. */
        primary?: string;
        /** @description Accent colour (rules, bullets, price). Default #C9A227; darkened or lightened if needed to stand out (3:1). */
        secondary?: string;
      } | null;
      fonts?: {
        /** @description One of the font families slides are set in. */
        heading?: "DejaVu Sans";
        /** @description One of the font families slides are set in. */
        body?: "DejaVu Sans";
      } | null;
      agency?: {
        /** @description The agency's name. */
        name?: string;
        /** @description The agency's phone number as it should read. */
        phone?: string;
        /** @description The agency's e-mail address. */
        email?: string;
        /** @description The agency's licence (registration) number, drawn beside the agency's name on the slides and the end card. */
        licence_number?: string;
      } | null;
      agent?: {
        /** @description The agent's name. */
        name?: string;
        /** @description The agent's phone number as it should read. */
        phone?: string;
        /** @description The agent's e-mail address. */
        email?: string;
        /** @description The agent's licence (registration) number, drawn beside the agent's details on the slides and the end card. */
        licence_number?: string;
        /** @description The agent's photo: a JPEG, PNG or WebP image (at most 20 MB and 40 megapixels) over https, downloaded once when the kit is saved and kept; the URL is never fetched again. */
        photo_url?: string;
      } | null;
      disclaimer?: string | null;
    };
    Office: {
      id: string;
      object: "office";
      name: string;
      external_ref: string | null;
      media_retention_days: number | null;
      /** @description The brand kit the office's jobs draw when they name none; null for none. */
      default_brand_kit_id: string | null;
      created_at: string;
      updated_at: string;
    };
    OfficeList: {
      offices: components["schemas"]["Office"][];
    };
    AuditEventPage: {
      audit_events: components["schemas"]["AuditEvent"][];
      pagination: {
        limit: number;
        count: number;
        has_more: boolean;
        /** @description Pass as starting_after for the next page. */
        next_cursor: string | null;
      };
    };
    AuditEvent: {
      id: string;
      object: "audit_event";
      action: "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.secret_rotated" | "webhook_endpoint.deleted" | "imagery_source.created" | "imagery_source.updated" | "imagery_source.deleted" | "brand_kit.created" | "brand_kit.updated" | "brand_kit.deleted" | "job.deleted" | "event.resent" | "events.resend_started" | "organization.webhook_secret_rotated" | "organization.settings_updated" | "member.invited" | "member.updated" | "member.removed" | "office.created" | "office.updated" | "office.deleted";
      actor: {
        type: "api_key" | "member" | "cli";
        /** @description A key id (key_…, never the key), a dashboard member (their member id, mem_…), or the OS user at the keys CLI. */
        id: string;
      };
      target: {
        type: "api_key" | "webhook_endpoint" | "imagery_source" | "brand_kit" | "job" | "event" | "event_resend" | "organization" | "member" | "office";
        id: string;
      };
      mode: "test" | "live";
      created_at: string;
      /** @description null for the keys CLI. */
      source_ip: string | null;
      /** @description null for the keys CLI. */
      request_id: string | null;
      /** @description The office the change is about (an office, an office's job or webhook endpoint), else the office the acting key is bound to; null for the organization's own. */
      office_id: string | null;
      /** @description What changed: the fields before and after (only those that differ for an update). */
      changes: {
        /** @description Field values as the API shows them; secrets are `[redacted]`. */
        before?: {
          [key: string]: unknown;
        };
        /** @description Field values as the API shows them; secrets are `[redacted]`. */
        after?: {
          [key: string]: unknown;
        };
      } | null;
    };
    /** @description With `imagery` the reference image is drawn on your own picture (an orthophoto, north up, or your drone photo with the arrow projected through its camera); with `boundary` your parcel (or with `parcel` the cadastre lot of that id; without either, the lot at the address point) is used to find and draw the front: its street side is the side that faces no other lot. */
    FrontageDetectRequest: {
      /** @description Full Australian street address: number (or unit/lot), street name and type, suburb, state and a postcode of that suburb. Example: "Unit 3, 12 Smith Street, Surry Hills NSW 2010". */
      address: string;
      options?: {
        /** @description Latitude in degrees; must lie within Australia's extent (-44 to -9). */
        lat?: number;
        /** @description Longitude in degrees; must lie within Australia's extent (112 to 154). */
        lng?: number;
      };
      imagery?: components["schemas"]["CallerImagery"];
      boundary?: components["schemas"]["ParcelBoundary"];
      parcel?: components["schemas"]["ParcelReference"];
      /** @description Renditions to make besides the default output: `portal` (A landscape sRGB JPEG within the listing portals’ limits, from a source with no text on it; metadata stripped but orientation and copyright.); `web` (WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.); `social_square` (1080x1080.); `social_portrait` (1080x1350.); `social_story` (1080x1920.) Default: none, as before. */
      renditions?: ("portal" | "web" | "social_square" | "social_portrait" | "social_story")[];
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    /** @description Your own imagery of the listing, drawn on instead of the stage's imagery: the output is your picture, with the parcel boundary placed on it. Failures inside the job: IMAGERY_NOT_GEOREFERENCED (no georeference in the file and none given), CAMERA_POSE_MISSING (no pose in the XMP and no camera), CAMERA_POSE_INVALID (a pose value in the XMP or EXIF outside the range imagery.camera takes, named), BOUNDARY_NOT_IN_IMAGE (your parcel lies outside the picture), UNSUPPORTED_IMAGE (not a picture the service reads, including a GeoTIFF in a coordinate system it does not support, named), IMAGE_DOWNLOAD_FAILED. */
    CallerImagery: components["schemas"]["OrthophotoImagery"] | components["schemas"]["DronePhotoImagery"];
    /** @description A top-down photo of the property: a GeoTIFF (tie point and pixel scale, or a model transformation, in EPSG:4326, EPSG:3857, or the GDA2020 or GDA94 MGA zones 49-56), or a JPEG, PNG or WebP with bounds or corners. A georeference given here wins over the file's. */
    OrthophotoImagery: {
      type: "orthophoto";
      /** @description URL of the picture. The stage's customer-image rules apply (https; no private, link-local or cloud-metadata addresses): a URL it would not fetch is a 422 URL_NOT_ALLOWED before anything is made. */
      image_url: string;
      /** @description When the imagery was captured (ISO 8601 date or date-time). Wins over the file's own date (EXIF DateTimeOriginal, TIFF DateTime). */
      captured_at?: string;
      /** @description Attribution your imagery licence asks you to show (e.g. "Imagery © Nearmap"). Returned in the output's imagery.attribution; never drawn into the picture. */
      attribution?: string;
      /** @description What your licence for this imagery allows, when it is less than everything. A listing kit leaves pictures out of its print deck (print: false) and makes no portal-safe edit from them (portal: false), reporting LICENCE_RESTRICTED instead. */
      licence?: {
        /** @description The imagery may be printed; default true. */
        print?: boolean;
        /** @description The imagery may be published on listing portals; default true. */
        portal?: boolean;
      };
      /** @description Ground position of the outer corners of a north-up picture: the top-left corner of its top-left pixel (north_west) and the bottom-right corner of its bottom-right pixel (south_east). */
      bounds?: {
        north_west: components["schemas"]["LatLng"];
        south_east: components["schemas"]["LatLng"];
      };
      /** @description Ground position of the picture's four outer corners, clockwise from the top-left pixel's top-left corner: for a turned (not north-up) orthophoto. */
      corners?: components["schemas"]["LatLng"][];
    };
    /** @description A position in WGS 84 (GDA2020) degrees, within Australia's extent. */
    LatLng: {
      /** @description Latitude in degrees; must lie within Australia's extent (-44 to -9). */
      lat: number;
      /** @description Longitude in degrees; must lie within Australia's extent (112 to 154). */
      lng: number;
    };
    /** @description A drone photo of the property. Its camera comes from its XMP (DJI's drone-dji: GPS latitude and longitude, relative altitude, gimbal yaw, pitch and roll, calibrated focal length) and EXIF (focal length and its 35 mm equivalent, or the sensor size of common drone cameras); `camera` gives or corrects it. The parcel is projected through that camera onto flat ground at the take-off height. */
    DronePhotoImagery: {
      type: "drone_photo";
      /** @description URL of the picture. The stage's customer-image rules apply (https; no private, link-local or cloud-metadata addresses): a URL it would not fetch is a 422 URL_NOT_ALLOWED before anything is made. */
      image_url: string;
      /** @description When the imagery was captured (ISO 8601 date or date-time). Wins over the file's own date (EXIF DateTimeOriginal, TIFF DateTime). */
      captured_at?: string;
      /** @description Attribution your imagery licence asks you to show (e.g. "Imagery © Nearmap"). Returned in the output's imagery.attribution; never drawn into the picture. */
      attribution?: string;
      /** @description What your licence for this imagery allows, when it is less than everything. A listing kit leaves pictures out of its print deck (print: false) and makes no portal-safe edit from them (portal: false), reporting LICENCE_RESTRICTED instead. */
      licence?: {
        /** @description The imagery may be printed; default true. */
        print?: boolean;
        /** @description The imagery may be published on listing portals; default true. */
        portal?: boolean;
      };
      camera?: components["schemas"]["DroneCamera"];
    };
    /** @description The camera that took the photo, for photos without DJI XMP or to correct it: a field given here wins over the photo's. */
    DroneCamera: {
      /** @description Latitude of the camera (give with lng). */
      lat?: number;
      /** @description Longitude of the camera (give with lat). */
      lng?: number;
      /** @description Height of the camera above the property's ground, metres (DJI: RelativeAltitude). */
      height_m?: number;
      /** @description Compass heading of the camera, degrees clockwise from north (DJI: GimbalYawDegree). */
      yaw_deg?: number;
      /** @description Angle of the camera below the horizon, -90 (straight down) to 0 (DJI: GimbalPitchDegree). */
      pitch_deg?: number;
      /** @description Roll of the camera, degrees, positive right side down (DJI: GimbalRollDegree); default 0. */
      roll_deg?: number;
      /** @description Horizontal field of view of the photo, degrees. Given here, it describes an ideal lens: the photo's own lens calibration is then not applied. */
      horizontal_fov_deg?: number;
    };
    /** @description Your parcel from your cadastre subscription: a GeoJSON Polygon or MultiPolygon (or a Feature holding one) in WGS 84 / GDA2020, positions [longitude, latitude]. Used instead of the site source's parcel, with or without imagery. Holes are ignored; of a MultiPolygon the largest part is drawn. */
    ParcelBoundary: {
      type: "Polygon";
      coordinates: number[][][];
      bbox?: number[];
    } | {
      type: "MultiPolygon";
      coordinates: number[][][][];
      bbox?: number[];
    } | {
      type: "Feature";
      geometry: {
        type: "Polygon";
        coordinates: number[][][];
        bbox?: number[];
      } | {
        type: "MultiPolygon";
        coordinates: number[][][][];
        bbox?: number[];
      };
      properties?: {
        [key: string]: unknown;
      } | null;
      id?: string | number;
      bbox?: number[];
    };
    /** @description The property's lot, named instead of found from the address point: its polygon comes from the stage's cadastre sources (the output's boundary_source says which) and its centre locates the property unless options.lat/lng are given. Give boundary or parcel, not both. */
    ParcelReference: {
      /** @description The lot as the state's cadastre names it: NSW "5//DP123456", Queensland "5RP123456", Victoria "1\TP12345". */
      lot_id: string;
    };
    JobAccepted: {
      job_id: string;
      status: "queued";
    };
    FrontageEditRequest: {
      /** @description Adjusted compass bearing of the property front, degrees (0 = north, clockwise). */
      direction: number;
      /** @description Adjusted latitude of the property centre (give with center_lng). */
      center_lat?: number;
      /** @description Adjusted longitude of the property centre (give with center_lat). */
      center_lng?: number;
      /** @description Renditions to make besides the default output: `portal` (A landscape sRGB JPEG within the listing portals’ limits, from a source with no text on it; metadata stripped but orientation and copyright.); `web` (WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.); `social_square` (1080x1080.); `social_portrait` (1080x1350.); `social_story` (1080x1920.) Default: none, as before. */
      renditions?: ("portal" | "web" | "social_square" | "social_portrait" | "social_story")[];
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    /** @description With `imagery` the markup is your own picture: an orthophoto turned and cropped to orientation and zoom (3840x2160), or a drone photo at its own size (up to 8192 px on the long side) with the parcel projected through its camera. With `boundary` your parcel is drawn instead of a cadastre lot (its centroid locates the property unless options.lat/lng are given); with `parcel` the cadastre's lot of that id. Without either, the lot at the address point from the stage's cadastre sources is the suggested boundary (boundary_source says which, or why there is none). */
    MarkupGenerateRequest: {
      /** @description Full Australian street address: number (or unit/lot), street name and type, suburb, state and a postcode of that suburb. Example: "Unit 3, 12 Smith Street, Surry Hills NSW 2010". */
      address: string;
      options?: {
        /** @description Side of the frame the property front faces: bottom (default), left, top or right. The image is rotated so front_direction points there. */
        orientation?: "bottom" | "left" | "top" | "right";
        /** @description How the boundary is applied by later edits that do not choose their own style: outline (default), blur or darken outside it. */
        style?: "outline" | "blur" | "darken";
        /** @description Ground covered: close (the lot fills ~60% of the frame height), standard (the lot with neighbours and the street, ~40%), wide (the block, ~20%). */
        zoom?: "close" | "standard" | "wide";
        /** @description Compass bearing the property front faces, degrees (0 = north, clockwise); default 0. Use the bearing of a frontage detection, or the output detected_front_direction. */
        front_direction?: number;
        /** @description Latitude in degrees; must lie within Australia's extent (-44 to -9). */
        lat?: number;
        /** @description Longitude in degrees; must lie within Australia's extent (112 to 154). */
        lng?: number;
      };
      imagery?: components["schemas"]["CallerImagery"];
      boundary?: components["schemas"]["ParcelBoundary"];
      parcel?: components["schemas"]["ParcelReference"];
      /** @description Renditions to make besides the default output: `portal` (A landscape sRGB JPEG within the listing portals’ limits, from a source with no text on it; metadata stripped but orientation and copyright.); `web` (WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.); `social_square` (1080x1080.); `social_portrait` (1080x1350.); `social_story` (1080x1920.) Default: none, as before. */
      renditions?: ("portal" | "web" | "social_square" | "social_portrait" | "social_story")[];
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    MarkupEditRequest: {
      /** @description The boundary as 3-500 vertices {x, y} in normalized image coordinates (0-1 from the top-left), in order around the outline; it must not cross itself. A last vertex equal to the first (a closed ring, as GeoJSON writes it) is dropped, hence up to 501 items. */
      boundary_polygon: components["schemas"]["NormalizedPoint"][];
      /** @description Up to 50 annotations, drawn (and revealed) in order. */
      text_annotations?: (components["schemas"]["LabelAnnotation"] | components["schemas"]["MeasurementAnnotation"] | components["schemas"]["AreaAnnotation"])[];
      options?: {
        /** @description outline, blur or darken; default: the markup's options.style. */
        style?: "outline" | "blur" | "darken";
        compositor?: components["schemas"]["MarkupCompositorOptions"];
      };
      /** @description Renditions to make besides the default output: `portal` (A landscape sRGB JPEG within the listing portals’ limits, from a source with no text on it; metadata stripped but orientation and copyright.); `web` (WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.); `social_square` (1080x1080.); `social_portrait` (1080x1350.); `social_story` (1080x1920.) Default: none, as before. */
      renditions?: ("portal" | "web" | "social_square" | "social_portrait" | "social_story")[];
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    /** @description A text label centred on a point. */
    LabelAnnotation: {
      type: "label";
      /** @description One line of text, 1-200 characters (no control characters). */
      text: string;
      /** @description Centre of the label. */
      position: components["schemas"]["NormalizedPoint"];
      /** @description Text (and line) colour; default #FFFFFF. */
      color?: string;
      /** @description Text size: small, medium (default) or large; scales with the image. */
      size?: "small" | "medium" | "large";
      /** @description boxed (default): text on a dark rounded box; outlined: text with a dark outline and no box. Both stay legible on any background. */
      label_style?: "boxed" | "outlined";
    };
    /** @description A line between two points with end ticks and its length written along it. */
    MeasurementAnnotation: {
      type: "measurement";
      from: components["schemas"]["NormalizedPoint"];
      to: components["schemas"]["NormalizedPoint"];
      /** @description Length text; default: the ground distance between the points from the markup georeference, e.g. "24.6 m". */
      text?: string;
      /** @description Text (and line) colour; default #FFFFFF. */
      color?: string;
      /** @description Text size: small, medium (default) or large; scales with the image. */
      size?: "small" | "medium" | "large";
      /** @description boxed (default): text on a dark rounded box; outlined: text with a dark outline and no box. Both stay legible on any background. */
      label_style?: "boxed" | "outlined";
    };
    /** @description An area label, by default the boundary area at its centre. */
    AreaAnnotation: {
      type: "area";
      /** @description Area text; default: the ground area inside boundary_polygon, e.g. "652 m²". */
      text?: string;
      /** @description Centre of the label; default: the point deepest inside boundary_polygon. */
      position?: components["schemas"]["NormalizedPoint"];
      /** @description Text (and line) colour; default #FFFFFF. */
      color?: string;
      /** @description Text size: small, medium (default) or large; scales with the image. */
      size?: "small" | "medium" | "large";
      /** @description boxed (default): text on a dark rounded box; outlined: text with a dark outline and no box. Both stay legible on any background. */
      label_style?: "boxed" | "outlined";
    };
    MarkupCompositorOptions: {
      /** @description Boundary stroke colour; default #FFFFFF. */
      outline_color?: string;
      /** @description Boundary stroke width in pixels of the 3840x2160 image, 1-20; default 6. */
      outline_width?: number;
      /** @description blur style: Gaussian blur radius in pixels of the 3840x2160 image (standard deviation = radius / 2), 5-50; default 20. */
      blur_radius?: number;
      /** @description darken style: share of brightness removed outside the boundary, 0.1-0.9; default 0.5. */
      darken_amount?: number;
    };
    MarkupVideoRequest: {
      options?: {
        /** @description Video length in seconds, 5-10; default 7. */
        duration?: number;
      };
      /** @description Renditions to make besides the default output: `social_square` (1080x1080.); `social_story` (1080x1920.) Each is rendered again in its shape. Default: none, as before. */
      renditions?: ("social_square" | "social_story")[];
      branding?: components["schemas"]["EndCardBranding"];
      /** @description A brand kit of this organization and mode (the organization's or the job's office's; omitted: the office's default kit, if any): the video gets an end card (beside its unbranded version) from the kit's logo, agency, agent, colours, licence numbers and disclaimer; a field given in `branding` wins over the kit's. Read once, at submission: the job records the kit's version. */
      brand_kit_id?: string;
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    EndCardBranding: {
      /** @description The agency logo (PNG, JPEG or WebP over https), drawn on the end card. */
      agency_logo_url?: string;
      /** @description Agency name. */
      agency_name?: string;
      /** @description Agent's full name. */
      agent_name?: string;
      /** @description Agent's phone number as it should read. */
      agent_phone?: string;
      /** @description Agency's licence number, drawn under the agent's line. */
      agency_licence_number?: string;
      /** @description Agent's licence number, drawn under the agent's line. */
      agent_licence_number?: string;
      /** @description Small print at the foot of the end card, in at most three lines (a longer one is cut at a word with an ellipsis). */
      disclaimer?: string;
      /** @description The card’s background; default #1F3A5F. */
      primary_color?: string;
      /** @description Accent rule; default #C9A227. */
      secondary_color?: string;
    };
    VirtualStagingRequest: {
      /** @description HTTPS URL of the empty-room photo: JPEG, PNG or WebP, at most 20 MB and 40 megapixels. It must be publicly reachable (no private or loopback addresses). */
      image_url: string;
      /** @description Free text such as "lounge room" or "master bedroom", mapped to one of living, bedroom, kitchen, dining, office, bathroom, outdoor; text that names none falls back to living (the output says which was used). */
      room_type: string;
      options?: {
        /** @description Furniture style in words, up to 500 characters, e.g. "scandinavian, light oak". The offline stager draws one of modern, scandinavian, industrial, coastal (default modern); Bedrock also receives the text. */
        style_prompt?: string;
        /** @description Draw a "Virtually staged" label in the bottom-left corner (true) or not (false) for this job. When absent, the organization's staging watermark setting decides (off unless the organization turned it on). */
        watermark?: boolean;
      };
      /** @description Renditions to make besides the default output: `portal` (A landscape sRGB JPEG within the listing portals’ limits, from a source with no text on it; metadata stripped but orientation and copyright.); `web` (WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.); `social_square` (1080x1080.); `social_portrait` (1080x1350.); `social_story` (1080x1920.) Default: none, as before. */
      renditions?: ("portal" | "web" | "social_square" | "social_portrait" | "social_story")[];
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    BrochureSlideRequest: {
      property: {
        /** @description Full Australian street address: number (or unit/lot), street name and type, suburb, state and a postcode of that suburb. Example: "Unit 3, 12 Smith Street, Surry Hills NSW 2010". */
        address: string;
        /** @description Price as it should read, e.g. "Auction 14 June" or "$1,250,000". */
        price_display?: string;
        /** @description Property description; the features and content slides draw on it when the slide has no description of its own. */
        description?: string;
        /** @description Property photos; a slide uses its selected_images, else these in order. */
        images?: string[];
      };
      slide: {
        /** @description cover, features, gallery, location, agent or content. */
        type: "cover" | "features" | "gallery" | "location" | "agent" | "content";
        /** @description Heading; overrides the slide type's default. */
        title?: string;
        /** @description Body text. On a features slide, one feature per line (or separated by ";" or "•"). */
        description?: string;
        /** @description Layout wish in plain words, e.g. "large hero image left, text right", "two-column features", "photo grid", "text only". See output.layout for what ran. */
        layout_description?: string;
        /** @description Which of property.images this slide shows, in this order; each must be one of property.images. */
        selected_images?: string[];
      };
      branding?: {
        /** @description Agent's full name. */
        agent_name?: string;
        /** @description Agent's phone number as it should read. */
        agent_phone?: string;
        agent_email?: string;
        /** @description JPEG, PNG or WebP image, at most 20 MB and 40 megapixels, publicly reachable over https. */
        agent_headshot_url?: string;
        /** @description Agency name. */
        agency_name?: string;
        /** @description JPEG, PNG or WebP image, at most 20 MB and 40 megapixels, publicly reachable over https. */
        agency_logo_url?: string;
        /** @description Agent's licence number, drawn beside the agent's details (agent and content slides). */
        agent_licence_number?: string;
        /** @description Agency's licence number, drawn beside the agency's name (cover, agent and content slides). */
        agency_licence_number?: string;
        /** @description Small print at the foot of every slide (and its social shapes): fitted at 18 to 14 px in at most three lines, else cut at a word with an ellipsis and listed in text_truncated. */
        disclaimer?: string;
        /** @description Main brand colour (panels, bars). Default #1F3A5F. Text on it is black or white, whichever passes WCAG AA. */
        primary_color?: string;
        /** @description Accent colour (rules, bullets, price). Default #C9A227; darkened or lightened if needed to stand out (3:1). */
        secondary_color?: string;
      };
      /** @description A brand kit of this organization and mode (POST /v1/brand-kits), the organization's or the job's office's own: its logo, colours, agency and agent details, licence numbers and disclaimer fill `branding`; a field given inline in `branding` wins over the kit's. The kit is read once, when the job is submitted: the job records the kit's version, and a later change to the kit never changes it. An unknown kit (another organization's, the other mode's, another office's) is a 404. Omitted, a job of an office with a default brand kit draws that kit. */
      brand_kit_id?: string;
      /** @description Renditions to make besides the default output: `web` (WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.); `social_square` (1080x1080.); `social_portrait` (1080x1350.); `social_story` (1080x1920.); `print` (Slides only: a print-ready A4 PDF.) For a slide: web is the slide PNG (1024 and 400 px wide); each social shape is the slide laid out again for that shape, with the same text fitting and contrast rules, as a PNG; print is the A4 PDF as a print sheet trimmed to the slide (297 x 167 mm) with 3 mm bleed and crop marks. All of them are in output.png.renditions. Default: none, as before. */
      renditions?: ("web" | "social_square" | "social_portrait" | "social_story" | "print")[];
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    VideoExportRequest: {
      /** @description URL of the Remotion bundle's index.html (or the folder serving it), over HTTPS. Its host must be on the stage's bundle-host allowlist (VIDEO_BUNDLE_URL_ALLOWLIST); otherwise 422 URL_NOT_ALLOWED. */
      serve_url: string;
      /** @description Id of a composition the bundle registers (Remotion allows a-z, A-Z, 0-9, CJK characters and -); a missing one fails the job COMPOSITION_NOT_FOUND, listing the ids that exist. */
      composition_id: string;
      /** @description Props for the composition: a JSON object, shape set by the bundle, at most 64 KiB. When options.duration_in_frames is omitted, totalDurationInFrames (an integer, 1-18000) sets the length. */
      input_props: {
        [key: string]: unknown;
      };
      options?: {
        /** @description Output codec: h264, h265, vp8, vp9, prores, gif; default h264. Files: h264/h265 .mp4, vp8/vp9 .webm, prores .mov, gif .gif. */
        codec?: "h264" | "h265" | "vp8" | "vp9" | "prores" | "gif";
        /** @description Output width in pixels, 2-3840 (even for h264 and h265); default the composition's own. */
        width?: number;
        /** @description Output height in pixels, 2-3840 (even for h264 and h265); default the composition's own. */
        height?: number;
        /** @description Frame rate, 1-60; default the composition's own. */
        fps?: number;
        /** @description Length in frames, 1-18000. When omitted, input_props.totalDurationInFrames is used; when that is absent too, the composition's registered length. */
        duration_in_frames?: number;
        /** @description Quality for h264, h265, vp8, vp9: lower is better and bigger; default 23. h264 takes 1-51 (use h265 with 0 for lossless), vp8 4-51. Not accepted with prores or gif, which have no quality scale. */
        crf?: number;
      };
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    DroneStillsRequest: {
      /** @description Full Australian street address: number (or unit/lot), street name and type, suburb, state and a postcode of that suburb. Example: "Unit 3, 12 Smith Street, Surry Hills NSW 2010". */
      address: string;
      options?: {
        /** @description Camera angle preset; default north. overhead looks straight down from 220 m; the eight compass presets look at the property from that side at 55° from vertical. With front_direction, north is the front of the property and the others turn with it. */
        angle?: "overhead" | "north" | "north_east" | "east" | "south_east" | "south" | "south_west" | "west" | "north_west";
        /** @description Camera distance from the property for the compass presets: close = 100 m, medium = 200 m, far = 300 m, extra_far = 400 m; default far. */
        distance?: "close" | "medium" | "far" | "extra_far";
        /** @description Compass bearing the property front faces, 0-359 degrees clockwise from north. Makes every angle relative to the front: azimuth 0 (or preset north) is directly in front. Absent: azimuth 0 is due north. */
        front_direction?: number;
        /** @description Latitude in degrees; must lie within Australia's extent (-44 to -9). */
        lat?: number;
        /** @description Longitude in degrees; must lie within Australia's extent (112 to 154). */
        lng?: number;
      };
      /** @description Renditions to make besides the default output: `portal` (A landscape sRGB JPEG within the listing portals’ limits, from a source with no text on it; metadata stripped but orientation and copyright.); `web` (WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.); `social_square` (1080x1080.); `social_portrait` (1080x1350.); `social_story` (1080x1920.) Default: none, as before. */
      renditions?: ("portal" | "web" | "social_square" | "social_portrait" | "social_story")[];
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    DroneCaptureRequest: {
      /** @description Full Australian street address: number (or unit/lot), street name and type, suburb, state and a postcode of that suburb. Example: "Unit 3, 12 Smith Street, Surry Hills NSW 2010". */
      address: string;
      camera: components["schemas"]["DroneCameraPose"];
      options?: {
        /** @description Compass bearing the property front faces, 0-359 degrees clockwise from north. Makes every angle relative to the front: azimuth 0 (or preset north) is directly in front. Absent: azimuth 0 is due north. */
        front_direction?: number;
        /** @description Grade: establishing (neutral daylight), hero (warmer, richer colour, vignette) or twilight (dusk sky, lit windows). Default: establishing below tilt 15°, hero otherwise. */
        shot_type?: "establishing" | "hero" | "twilight";
        /** @description Latitude in degrees; must lie within Australia's extent (-44 to -9). */
        lat?: number;
        /** @description Longitude in degrees; must lie within Australia's extent (112 to 154). */
        lng?: number;
      };
      /** @description Renditions to make besides the default output: `portal` (A landscape sRGB JPEG within the listing portals’ limits, from a source with no text on it; metadata stripped but orientation and copyright.); `web` (WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.); `social_square` (1080x1080.); `social_portrait` (1080x1350.); `social_story` (1080x1920.) Default: none, as before. */
      renditions?: ("portal" | "web" | "social_square" | "social_portrait" | "social_story")[];
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    DroneCameraPose: {
      /** @description Degrees clockwise around the property, 0-360. With options.front_direction 0 is directly in front; otherwise 0 is due north. */
      azimuth: number;
      /** @description Degrees from nadir, 0-75: 0 looks straight down. */
      tilt: number;
      /** @description Metres from the camera to the property centre, 50-1200. */
      distance: number;
      /** @description Degrees the camera angles up to bring the horizon in, 0-30; default 0. Ignored when tilt is below 5; lowered so tilt + pitch stays at most 85° (the output says when it was). */
      pitch?: number;
    };
    DroneFootageRequest: {
      /** @description Full Australian street address: number (or unit/lot), street name and type, suburb, state and a postcode of that suburb. Example: "Unit 3, 12 Smith Street, Surry Hills NSW 2010". */
      address: string;
      options: {
        /** @description Camera path: front_left_zoom starts wide at the front-left and pushes in on the property; front_right_approach flies in from the front-right, descending toward it. Both end with the property centred. */
        style: "front_left_zoom" | "front_right_approach";
        /** @description Seconds, 3-15; default per style: front_left_zoom 8 s, front_right_approach 10 s. */
        duration?: number;
        /** @description Compass bearing the property front faces, 0-359 degrees clockwise from north. Makes every angle relative to the front: azimuth 0 (or preset north) is directly in front. Absent: azimuth 0 is due north. */
        front_direction?: number;
        /** @description Latitude in degrees; must lie within Australia's extent (-44 to -9). */
        lat?: number;
        /** @description Longitude in degrees; must lie within Australia's extent (112 to 154). */
        lng?: number;
      };
      /** @description Renditions to make besides the default output: `social_square` (1080x1080.); `social_story` (1080x1920.) Each is rendered again in its shape. Default: none, as before. */
      renditions?: ("social_square" | "social_story")[];
      branding?: components["schemas"]["EndCardBranding"];
      /** @description A brand kit of this organization and mode (the organization's or the job's office's; omitted: the office's default kit, if any): the footage gets an end card (beside its unbranded version) from the kit's logo, agency, agent, colours, licence numbers and disclaimer; a field given in `branding` wins over the kit's. Read once, at submission: the job records the kit's version. */
      brand_kit_id?: string;
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    ListingKitRequest: {
      /** @description Full Australian street address: number (or unit/lot), street name and type, suburb, state and a postcode of that suburb. Example: "Unit 3, 12 Smith Street, Surry Hills NSW 2010". */
      address: string;
      /** @description Where the property is and which way it faces, when the caller knows. */
      options?: {
        /** @description Latitude of the property (give with lng): every child uses it instead of geocoding. Must lie within Australia's extent (-44 to -9). */
        lat?: number;
        /** @description Longitude of the property (give with lat): every child uses it instead of geocoding. Must lie within Australia's extent (112 to 154). */
        lng?: number;
        /** @description Compass bearing the property front faces, 0-359 degrees clockwise from north. Given: the markup and drone assets use it and no frontage detection is needed for them. Absent: the detected frontage bearing is used everywhere. */
        front_direction?: number;
      };
      /** @description The listing as the brochure slides show it (as the brochure request takes it). */
      property?: {
        /** @description Price as the brochure slides show it, e.g. "Auction 14 June" or "$1,250,000". */
        price_display?: string;
        /** @description Property description; the features and content slides draw on it. */
        description?: string;
        /** @description Property photos (at most 30), shown on the brochure slides before the drone stills and staged rooms the kit makes. */
        images?: string[];
      };
      /** @description Agent and agency details and brand colours for the brochure slides (as the brochure request takes them). */
      branding?: {
        /** @description Agent's full name. */
        agent_name?: string;
        /** @description Agent's phone number as it should read. */
        agent_phone?: string;
        agent_email?: string;
        /** @description JPEG, PNG or WebP image, at most 20 MB and 40 megapixels, publicly reachable over https. */
        agent_headshot_url?: string;
        /** @description Agency name. */
        agency_name?: string;
        /** @description JPEG, PNG or WebP image, at most 20 MB and 40 megapixels, publicly reachable over https. */
        agency_logo_url?: string;
        /** @description Agent's licence number, drawn beside the agent's details (agent and content slides). */
        agent_licence_number?: string;
        /** @description Agency's licence number, drawn beside the agency's name (cover, agent and content slides). */
        agency_licence_number?: string;
        /** @description Small print at the foot of every slide (and its social shapes): fitted at 18 to 14 px in at most three lines, else cut at a word with an ellipsis and listed in text_truncated. */
        disclaimer?: string;
        /** @description Main brand colour (panels, bars). Default #1F3A5F. Text on it is black or white, whichever passes WCAG AA. */
        primary_color?: string;
        /** @description Accent colour (rules, bullets, price). Default #C9A227; darkened or lightened if needed to stand out (3:1). */
        secondary_color?: string;
      };
      /** @description A brand kit of this organization and mode (POST /v1/brand-kits), the organization's or the job's office's own: its logo, colours, agency and agent details, licence numbers and disclaimer fill `branding`; a field given inline in `branding` wins over the kit's. The kit is read once, when the job is submitted: the job records the kit's version, and a later change to the kit never changes it. An unknown kit (another organization's, the other mode's, another office's) is a 404. Omitted, a job of an office with a default brand kit draws that kit. */
      brand_kit_id?: string;
      /** @description Up to 10 empty rooms to stage, one virtual staging job each. */
      rooms?: components["schemas"]["ListingKitRoom"][];
      /** @description Which asset groups to make; default: all that the input allows (staging only with rooms). frontage: the frontage detection; markup: the boundary markup, its labelled edit and its reveal video; portal_safe: an edit with the boundary and no text (portals refuse text on photos); drone_stills: overhead, hero and twilight stills; drone_footage: a front-right approach; brochure: six slides (cover, features, gallery, location, agent, content) and the deck; staging: one staged photo per room. What a group is made from comes along: the frontage when no options.front_direction is given and markup or drone assets are made, the markup when portal_safe is asked for. The brochure shows the drone stills and staged rooms when they are made too. */
      include?: ("frontage" | "markup" | "portal_safe" | "drone_stills" | "drone_footage" | "brochure" | "staging")[];
      /** @description Your own imagery of the listing (an orthophoto or a drone photo), passed to the kit's frontage detection and markup: the markup, its edits and its reveal are drawn on your picture. The drone stills and footage stay generated scenes (synthetic: true). */
      imagery?: components["schemas"]["CallerImagery"];
      /** @description Your parcel (GeoJSON), passed to the kit's frontage detection and markup. */
      boundary?: components["schemas"]["ParcelBoundary"];
      /** @description The lot as the state's cadastre names it ("5//DP123456"), passed to the kit's frontage detection and markup instead of the lot at the address point. Give boundary or parcel, not both. */
      parcel?: components["schemas"]["ParcelReference"];
      /** @description Renditions to make besides the default output: `portal` (A landscape sRGB JPEG within the listing portals’ limits, from a source with no text on it; metadata stripped but orientation and copyright.); `web` (WebP and AVIF at 2048, 1024 and 400 px wide (never wider than the source), for a srcset.); `social_square` (1080x1080.); `social_portrait` (1080x1350.); `social_story` (1080x1920.); `print` (Slides only: a print-ready A4 PDF.) Each child job makes those of them its kind makes (print: the slides; portal: the portal-safe edit and the staged rooms, the assets made for portals). With renditions, the videos also get an end card from branding, beside their unbranded versions. Default: none, as before. */
      renditions?: ("portal" | "web" | "social_square" | "social_portrait" | "social_story" | "print")[];
      /** @description The office the job belongs to, for a key of the whole organization (a key bound to an office always makes its own office's jobs; naming another office is a 404). Default: the organization's own, or for a job built on another, that job's office. */
      office_id?: string;
      /** @description Receives progress and completion webhooks for the job. */
      webhook_url?: string;
      /** @description The event types sent to webhook_url (default: all, `["*"]`). The organization's webhook endpoints get what their own enabled_events name. */
      webhook_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
      /** @description Opaque JSON object (at most 4 KiB) returned unchanged in webhook payloads. */
      callback_metadata?: {
        [key: string]: unknown;
      };
      /** @description How long after the job's creation its media and inputs are erased (ISO 8601 duration: `PT1H`, `P30D`), from an hour to 730 days on deployed stages. Default: the organization's retention (its own, else its plan's, else the stage's). The job then shows `media_expired: true`, with its media URLs removed from the output. */
      delete_after?: string;
    };
    /** @description One empty room to stage. */
    ListingKitRoom: {
      /** @description HTTPS URL of the empty-room photo to stage: JPEG, PNG or WebP, at most 20 MB and 40 megapixels, publicly reachable. */
      image_url: string;
      /** @description Free text such as "lounge room" or "master bedroom", as the virtual staging request takes it. */
      room_type: string;
      /** @description Furniture style in words (at most 500 characters), e.g. "scandinavian, light oak". */
      style_prompt?: string;
    };
    DashboardMember: {
      object: "member";
      /** @description A dashboard member id (`mem_` and 16 letters or digits). */
      id: string;
      email: string;
      /** @description owner and admin: everything (only an owner makes, changes or removes an owner); member: the jobs of its offices; viewer: read-only; billing: usage only. */
      role: "owner" | "admin" | "member" | "viewer" | "billing";
      office_ids: string[];
      created_at: string;
      updated_at: string;
    };
    DashboardKey: {
      /** @description An API key id, as `key_id` in the key list (`key_` and 16 letters or digits). */
      key_id: string;
      name: string;
      mode: "test" | "live";
      status: "active" | "revoked";
      /** @description Prefix and last four characters; the key itself is never shown again. */
      hint: string;
      created_at: string;
      last_used_at: string | null;
      revoked_at: string | null;
      requests_per_minute: number;
      requests_per_day: number | null;
      /** @description What the key may do; a key made before scopes has `admin` (every scope). */
      scopes: ("jobs:read" | "jobs:write" | "jobs:delete" | "webhooks:manage" | "usage:read" | "brand:manage" | "admin")[];
      /** @description The one office the key acts for (it sees and makes only that office’s); null: the whole organization. */
      office_id?: string | null;
    };
    DashboardRetentionSettings: {
      /** @description The organization's own retention in days (null: none set, the plan's or stage's applies). */
      media_retention_days: number | null;
      /** @description The organization's plan (`keys set-plan`), if any. */
      plan: string | null;
      /** @description The plan's default retention, if it has one. */
      plan_days: number | null;
      /** @description The stage's default retention. */
      stage_days: number;
      /** @description What new jobs without delete_after get: the organization's own, else the plan's, else the stage's. */
      effective_days: number;
      /** @description The longest retention the stage accepts. */
      max_days: number;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}

export type $defs = Record<string, never>;

export interface operations {
  listJobs: {
    parameters: {
      query?: {
        /** @description Maximum results, 1-100. */
        limit?: string;
        /** @description Results to skip, newest first. */
        offset?: string;
        status?: "queued" | "processing" | "completed" | "failed" | "canceled";
        job_type?: "frontage_detection" | "frontage_edit" | "markup_v2" | "markup_v2_edit" | "markup_v2_video" | "virtual_staging" | "brochure_slide" | "video_export" | "drone_stills" | "drone_stills_capture" | "drone_footage" | "listing_kit";
        /** @description Only the jobs made for this listing kit (the kit job's job_id). */
        kit_job_id?: string;
        /** @description Only this office's jobs (an office's key lists only its own office's in any case). */
        office_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of jobs. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobPage"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The job's `job_id`. */
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Job"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       *
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteJob: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The job's `job_id`. */
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What was erased. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["DeletionReceipt"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       *
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  cancelJob: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The job's `job_id`. */
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job, now canceled. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Job"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `JOB_NOT_CANCELABLE`: The job has already completed or failed, so it cannot be canceled (the message names its status). Canceling a job that is already canceled answers 200 with the job.
       *
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getUsage: {
    parameters: {
      query?: {
        /** @description First day (UTC), included. Default: 29 days before `to`. Must not be after `to`; the range spans at most 366 days. */
        from?: string;
        /** @description Last day (UTC), included. Default: today. */
        to?: string;
        /** @description Only this office's usage (an office's key sees only its own office's in any case). */
        office_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Usage over the range. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Usage"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listWebhookEndpoints: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["WebhookEndpointList"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Receives the events (https on deployed stages; checked as webhook_url is: private, link-local and metadata addresses are refused). */
          url: string;
          /** @description The event types the endpoint gets: any of job.processing, job.progress, job.completed, job.failed, job.canceled, job.deleted, or `["*"]` for all. */
          enabled_events: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
          description?: string | null;
          /** @description Default true; a disabled endpoint gets nothing. */
          enabled?: boolean;
          /** @description The office whose events alone the endpoint gets (fixed once made). Default: every event of the organization; an office's key always makes its own office's endpoints. */
          office_id?: string;
        };
      };
    };
    responses: {
      /** @description The endpoint and its secret. */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["WebhookEndpointWithSecret"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `WEBHOOK_ENDPOINT_LIMIT`: The organization already has the most webhook endpoints a mode may have (20); delete one before creating another.
       *
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook endpoint's `id`. */
        endpointId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["WebhookEndpoint"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook endpoint's `id`. */
        endpointId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              id: string;
              object: "webhook_endpoint";
              deleted: true;
            };
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The webhook endpoint's `id`. */
        endpointId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Receives the events (https on deployed stages; checked as webhook_url is: private, link-local and metadata addresses are refused). */
          url?: string;
          /** @description The event types the endpoint gets: any of job.processing, job.progress, job.completed, job.failed, job.canceled, job.deleted, or `["*"]` for all. */
          enabled_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
          description?: string | null;
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description The endpoint as changed. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["UpdatedWebhookEndpoint"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  rotateWebhookEndpointSecret: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The webhook endpoint's `id`. */
        endpointId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint and its new secret. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["WebhookEndpointWithSecret"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  testWebhookEndpoint: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The webhook endpoint's `id`. */
        endpointId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ping is queued. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              event_id: string;
              type: "ping";
              endpoint_id: string;
            };
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listEvents: {
    parameters: {
      query?: {
        /** @description Maximum results, 1-100. */
        limit?: string;
        /** @description The previous page's `pagination.next_cursor`: the events after it, newest first. */
        starting_after?: string;
        type?: "job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "ping";
        /** @description Only this job's events. */
        job_id?: string;
        /** @description Only this office's events (an office's key sees only its own office's in any case). */
        office_id?: string;
        /** @description Only events created at or after this time (ISO 8601 date-time). */
        created_from?: string;
        /** @description Only events created at or before this time; not before created_from (ISO 8601 date-time). */
        created_to?: string;
        /** @description `false`: only events a receiver has not acknowledged (its latest attempt failed). */
        delivery_success?: "false";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["EventPage"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  resendEvents: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The first event time (ISO 8601 date-time). */
          created_from: string;
          /** @description The last event time; not before created_from (ISO 8601 date-time). */
          created_to: string;
          /** @description Default true: only to receivers whose latest attempt failed. */
          failed_only?: boolean;
          /** @description Only to this endpoint. */
          endpoint_id?: string;
        };
      };
    };
    responses: {
      /** @description The resend, accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["EventResend"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RESEND_LIMITED`: Resends are bounded: at most 2 range resends of an organization and mode are sent at once, and one event is resent to one receiver at most once a minute. Retry after Retry-After seconds.
       *
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEventResend: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The range resend's `id` (POST /v1/events/resend answered it). */
        resendId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The resend. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["EventResend"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The event's `id` (the `webhook-id` header of its deliveries). */
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["EventWithDeliveries"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  resendEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The event's `id` (the `webhook-id` header of its deliveries). */
        eventId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Only to this endpoint; default: every receiver that wants the event now. */
          endpoint_id?: string;
        };
      };
    };
    responses: {
      /** @description The resend is queued. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              event_id: string;
              /** @description Endpoint ids, and `webhook_url` for the job request’s own. */
              resent_to: string[];
            };
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RESEND_LIMITED`: Resends are bounded: at most 2 range resends of an organization and mode are sent at once, and one event is resent to one receiver at most once a minute. Retry after Retry-After seconds.
       *
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listImagerySources: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sources. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["ImagerySourceList"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createImagerySource: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["NewImagerySource"];
      };
    };
    responses: {
      /** @description The source (its key only as key_hint). */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["ImagerySource"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IMAGERY_SOURCE_LIMIT`: The organization already has the most imagery sources a mode may have (5); delete one before registering another.
       *
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getImagerySource: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The imagery source's `id`. */
        sourceId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The source. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["ImagerySource"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteImagerySource: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The imagery source's `id`. */
        sourceId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              id: string;
              object: "imagery_source";
              deleted: true;
            };
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateImagerySource: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The imagery source's `id`. */
        sourceId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ImagerySourceChange"];
      };
    };
    responses: {
      /** @description The source as changed. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["ImagerySource"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listBrandKits: {
    parameters: {
      query?: {
        /** @description Maximum results, 1-100. */
        limit?: string;
        /** @description The previous page's `pagination.next_cursor`: the kits after it, newest first. */
        starting_after?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of kits. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["BrandKitPage"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createBrandKit: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BrandKitRequest"];
      };
    };
    responses: {
      /** @description The kit, version 1. */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["BrandKit"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getBrandKit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The brand kit's `id`. */
        brandKitId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The kit. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["BrandKit"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteBrandKit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The brand kit's `id`. */
        brandKitId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              id: string;
              object: "brand_kit";
              deleted: true;
            };
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `BRAND_KIT_IN_USE`: The brand kit is an office's default brand kit (the message and details name the offices): clear or change the office's default_brand_kit_id, then delete the kit again. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateBrandKit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The brand kit's `id`. */
        brandKitId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BrandKitPatch"];
      };
    };
    responses: {
      /** @description The kit as changed. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["BrandKit"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listOffices: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The offices. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["OfficeList"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  createOffice: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The office's name, unique in the organization and mode (e.g. `Harbour & Co Bondi`). */
          name: string;
          /** @description Your own reference for the office (a branch code, a CRM id); null for none. */
          external_ref?: string | null;
          /** @description Days the office's jobs' media and inputs are kept, in place of the organization's retention (up to the stage's longest, 730 days on deployed stages); null: the organization's. A request's delete_after still wins. */
          media_retention_days?: number | null;
          /** @description The brand kit the office's jobs draw when they name no `brand_kit_id` (brochure slides, listing kits, reveal videos, drone footage): one of the organization's kits (no office) or this office's own; null for none. Inline `branding` fields still win. A kit that is an office's default cannot be deleted (409 BRAND_KIT_IN_USE). */
          default_brand_kit_id?: string | null;
        };
      };
    };
    responses: {
      /** @description The office. */
      201: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Office"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `OFFICE_LIMIT`: The organization already has the most offices a mode may have (500); delete one before creating another.
       *
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getOffice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The office's `id`. */
        officeId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The office. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Office"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  deleteOffice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The office's `id`. */
        officeId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              id: string;
              object: "office";
              deleted: true;
            };
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `OFFICE_HAS_RUNNING_JOBS`: The office still has jobs queued or processing (the message says how many): cancel them or wait until they end, then delete it again. Its finished jobs stay with the organization. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  updateOffice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The office's `id`. */
        officeId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The office's name, unique in the organization and mode (e.g. `Harbour & Co Bondi`). */
          name?: string;
          /** @description Your own reference for the office (a branch code, a CRM id); null for none. */
          external_ref?: string | null;
          /** @description Days the office's jobs' media and inputs are kept, in place of the organization's retention (up to the stage's longest, 730 days on deployed stages); null: the organization's. A request's delete_after still wins. */
          media_retention_days?: number | null;
          /** @description The brand kit the office's jobs draw when they name no `brand_kit_id` (brochure slides, listing kits, reveal videos, drone footage): one of the organization's kits (no office) or this office's own; null for none. Inline `branding` fields still win. A kit that is an office's default cannot be deleted (409 BRAND_KIT_IN_USE). */
          default_brand_kit_id?: string | null;
        };
      };
    };
    responses: {
      /** @description The office as changed. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Office"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  listAuditEvents: {
    parameters: {
      query?: {
        /** @description Maximum results, 1-100. */
        limit?: string;
        /** @description The previous page's `pagination.next_cursor`: the records after it, newest first. */
        starting_after?: string;
        action?: "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.secret_rotated" | "webhook_endpoint.deleted" | "imagery_source.created" | "imagery_source.updated" | "imagery_source.deleted" | "brand_kit.created" | "brand_kit.updated" | "brand_kit.deleted" | "job.deleted" | "event.resent" | "events.resend_started" | "organization.webhook_secret_rotated" | "organization.settings_updated" | "member.invited" | "member.updated" | "member.removed" | "office.created" | "office.updated" | "office.deleted";
        /** @description Only this actor's records: a key id (key_…) or a dashboard member's id. */
        actor?: string;
        /** @description Only this target's records. */
        target_id?: string;
        /** @description Only this office's records (an office's key sees only its own office's in any case). */
        office_id?: string;
        /** @description Only records made at or after this time (ISO 8601 date-time). */
        created_from?: string;
        /** @description Only records made at or before this time; not before created_from (ISO 8601 date-time). */
        created_to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of audit events. */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["AuditEventPage"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  exportAuditEvents: {
    parameters: {
      query?: {
        /** @description The previous answer’s X-Next-Cursor: the records after it, newest first. */
        starting_after?: string;
        action?: "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.secret_rotated" | "webhook_endpoint.deleted" | "imagery_source.created" | "imagery_source.updated" | "imagery_source.deleted" | "brand_kit.created" | "brand_kit.updated" | "brand_kit.deleted" | "job.deleted" | "event.resent" | "events.resend_started" | "organization.webhook_secret_rotated" | "organization.settings_updated" | "member.invited" | "member.updated" | "member.removed" | "office.created" | "office.updated" | "office.deleted";
        /** @description Only this actor's records: a key id (key_…) or a dashboard member's id. */
        actor?: string;
        /** @description Only this target's records. */
        target_id?: string;
        /** @description Only this office's records (an office's key sees only its own office's in any case). */
        office_id?: string;
        /** @description Only records made at or after this time (ISO 8601 date-time). */
        created_from?: string;
        /** @description Only records made at or before this time; not before created_from (ISO 8601 date-time). */
        created_to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One audit event per line (each line a JSON object, each ending in a newline). */
      200: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present when the answer stopped at its size limit: pass it as starting_after, with the same filters, for the rest. */
          "X-Next-Cursor"?: string;
          [name: string]: unknown;
        };
        content: {
          "application/jsonl": components["schemas"]["AuditEvent"];
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  detectFrontage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["FrontageDetectRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  editFrontage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The job's `job_id`. */
        jobId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["FrontageEditRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `JOB_NOT_READY`: The referenced job has not completed yet; poll it until it is completed and retry.
       *
       * `INVALID_PARENT_JOB`: The referenced job is of a type this operation cannot build on.
       *
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       *
       * `PARENT_JOB_FAILED`: The referenced job failed, so nothing can be built on it; retrying will not help. Create a new job (the message names the parent job's error).
       *
       * `PARENT_MEDIA_EXPIRED`: The referenced job's media were erased when its retention ended (`media_expired: true`), so nothing can be built on it. Create the job again (with a longer delete_after if need be).
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  generateMarkup: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["MarkupGenerateRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  editMarkup: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The job's `job_id`. */
        jobId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["MarkupEditRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `JOB_NOT_READY`: The referenced job has not completed yet; poll it until it is completed and retry.
       *
       * `INVALID_PARENT_JOB`: The referenced job is of a type this operation cannot build on.
       *
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       *
       * `PARENT_JOB_FAILED`: The referenced job failed, so nothing can be built on it; retrying will not help. Create a new job (the message names the parent job's error).
       *
       * `PARENT_MEDIA_EXPIRED`: The referenced job's media were erased when its retention ended (`media_expired: true`), so nothing can be built on it. Create the job again (with a longer delete_after if need be).
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  renderMarkupVideo: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path: {
        /** @description The job's `job_id`. */
        jobId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["MarkupVideoRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `JOB_NOT_READY`: The referenced job has not completed yet; poll it until it is completed and retry.
       *
       * `INVALID_PARENT_JOB`: The referenced job is of a type this operation cannot build on.
       *
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       *
       * `PARENT_JOB_FAILED`: The referenced job failed, so nothing can be built on it; retrying will not help. Create a new job (the message names the parent job's error).
       *
       * `PARENT_MEDIA_EXPIRED`: The referenced job's media were erased when its retention ended (`media_expired: true`), so nothing can be built on it. Create the job again (with a longer delete_after if need be).
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  generateVirtualStaging: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["VirtualStagingRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  generateBrochureSlide: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BrochureSlideRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  renderVideoExport: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["VideoExportRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  generateDroneStill: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DroneStillsRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  captureDroneStill: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DroneCaptureRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  generateDroneFootage: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["DroneFootageRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  generateListingKit: {
    parameters: {
      query?: never;
      header?: {
        /** @description Makes a retried POST safe: the key is 1-255 printable ASCII characters without spaces (a UUID is a good choice). For 24 hours, repeating the request with the same key and the same method, path and body answers the first answer again (same status and body, with `Idempotent-Replayed: true`) instead of creating another job. The same key with another request is a 409 `IDEMPOTENCY_CONFLICT`; while the first request is still being processed it is a 409 `IDEMPOTENCY_IN_PROGRESS` (retry after Retry-After). Keys are scoped to the organization and mode of the API key. Error answers are not kept: retrying after one runs the request again. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["ListingKitRequest"];
      };
    };
    responses: {
      /** @description Job accepted. */
      202: {
        headers: {
          /** @description Requests allowed per minute for this key. */
          "X-RateLimit-Limit"?: number;
          /** @description Requests left in the current minute. */
          "X-RateLimit-Remaining"?: number;
          /** @description Unix time (seconds) at which the current window ends. */
          "X-RateLimit-Reset"?: number;
          /** @description Present (`true`) when this answer is the replay of an earlier request with the same Idempotency-Key. */
          "Idempotent-Replayed"?: "true";
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobAccepted"];
            meta: components["schemas"]["Meta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys).
       *
       * `INSUFFICIENT_SCOPE`: The key is valid but its scopes do not include the one this route needs (the message names it; each operation's `x-required-scope` says which). Use a key with that scope, or `admin`; keys made before scopes have every scope.
       */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `IDEMPOTENCY_CONFLICT`: The Idempotency-Key was already used in the last 24 hours with a different request (another route, path or body). Use a new key for a new request.
       *
       * `IDEMPOTENCY_IN_PROGRESS`: A request with the same Idempotency-Key is still being processed; retry after Retry-After seconds to get its answer.
       */
      409: {
        headers: {
          /** @description With `IDEMPOTENCY_IN_PROGRESS`: seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `RATE_LIMITED`: Too many requests for this key in the current minute; wait for Retry-After seconds.
       *
       * `QUOTA_EXCEEDED`: The key's daily request quota is used up; it resets at 00:00 UTC (see Retry-After).
       */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardSignIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The dsi_… token of a one-time sign-in link. */
          token: string;
        };
      };
    };
    responses: {
      /** @description The session. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description Send as `Authorization: Bearer …` to the dashboard routes. */
              session_token: string;
              organization_id: string;
              expires_at: string;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardSignOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed out. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              signed_out: true;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /** @description `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardAccount: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The account. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              organization_id: string;
              /** @description Key modes this stage accepts. */
              modes: ("test" | "live")[];
              sign_in: "sign-in-link" | "cognito";
              /** @description Who is signed in. */
              member: components["schemas"]["DashboardMember"];
              /** @description What the member's role may do; the page hides the rest (the server refuses it whatever the page shows). */
              permissions: ("session" | "keys:read" | "keys:manage" | "webhooks:read" | "webhooks:secret" | "webhooks:manage" | "imagery:read" | "imagery:manage" | "jobs:read" | "jobs:delete" | "offices:read" | "offices:manage" | "brand:read" | "brand:manage" | "settings:read" | "settings:manage" | "usage:read" | "members:read" | "audit:read" | "members:manage")[];
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /** @description `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardListKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The keys. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              keys: components["schemas"]["DashboardKey"][];
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /** @description `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardCreateKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          mode: "test" | "live";
          name: string;
          /** @description What the key may do (`admin` implies every other scope). Without it the key has every scope, as keys made before scopes have. */
          scopes?: ("jobs:read" | "jobs:write" | "jobs:delete" | "webhooks:manage" | "usage:read" | "brand:manage" | "admin")[];
          /** @description The one office the key acts for: one of the organization's offices in the key's mode (404 otherwise). Without it the key acts for the whole organization. */
          office_id?: string;
        };
      };
    };
    responses: {
      /** @description The key, shown once. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description An API key id, as `key_id` in the key list (`key_` and 16 letters or digits). */
              key_id: string;
              name: string;
              mode: "test" | "live";
              status: "active" | "revoked";
              /** @description Prefix and last four characters; the key itself is never shown again. */
              hint: string;
              created_at: string;
              last_used_at: string | null;
              revoked_at: string | null;
              requests_per_minute: number;
              requests_per_day: number | null;
              /** @description What the key may do; a key made before scopes has `admin` (every scope). */
              scopes: ("jobs:read" | "jobs:write" | "jobs:delete" | "webhooks:manage" | "usage:read" | "brand:manage" | "admin")[];
              /** @description The one office the key acts for (it sees and makes only that office’s); null: the whole organization. */
              office_id?: string | null;
              /** @description The new key. Shown once: store it now. */
              key: string;
              /** @description Rotation only: the id of the key this one replaces. */
              replaces?: string;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardOffices: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The offices. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["OfficeList"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardCreateOffice: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The office's name, unique in the organization and mode (e.g. `Harbour & Co Bondi`). */
          name: string;
          /** @description Your own reference for the office (a branch code, a CRM id); null for none. */
          external_ref?: string | null;
          /** @description Days the office's jobs' media and inputs are kept, in place of the organization's retention (up to the stage's longest, 730 days on deployed stages); null: the organization's. A request's delete_after still wins. */
          media_retention_days?: number | null;
          /** @description The brand kit the office's jobs draw when they name no `brand_kit_id` (brochure slides, listing kits, reveal videos, drone footage): one of the organization's kits (no office) or this office's own; null for none. Inline `branding` fields still win. A kit that is an office's default cannot be deleted (409 BRAND_KIT_IN_USE). */
          default_brand_kit_id?: string | null;
        };
      };
    };
    responses: {
      /** @description The office. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Office"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `OFFICE_LIMIT`: The organization already has the most offices a mode may have (500); delete one before creating another. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardDeleteOffice: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The office's `id`. */
        officeId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              id: string;
              object: "office";
              deleted: true;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `OFFICE_HAS_RUNNING_JOBS`: The office still has jobs queued or processing (the message says how many): cancel them or wait until they end, then delete it again. Its finished jobs stay with the organization. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardUpdateOffice: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The office's `id`. */
        officeId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The office's name, unique in the organization and mode (e.g. `Harbour & Co Bondi`). */
          name?: string;
          /** @description Your own reference for the office (a branch code, a CRM id); null for none. */
          external_ref?: string | null;
          /** @description Days the office's jobs' media and inputs are kept, in place of the organization's retention (up to the stage's longest, 730 days on deployed stages); null: the organization's. A request's delete_after still wins. */
          media_retention_days?: number | null;
          /** @description The brand kit the office's jobs draw when they name no `brand_kit_id` (brochure slides, listing kits, reveal videos, drone footage): one of the organization's kits (no office) or this office's own; null for none. Inline `branding` fields still win. A kit that is an office's default cannot be deleted (409 BRAND_KIT_IN_USE). */
          default_brand_kit_id?: string | null;
        };
      };
    };
    responses: {
      /** @description The office as changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Office"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardBrandKits: {
    parameters: {
      query?: {
        /** @description Maximum results, 1-100. */
        limit?: string;
        /** @description The previous page's `pagination.next_cursor`: the kits after it, newest first. */
        starting_after?: string;
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of kits. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["BrandKitPage"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardCreateBrandKit: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BrandKitRequest"];
      };
    };
    responses: {
      /** @description The kit, version 1. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["BrandKit"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardDeleteBrandKit: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The brand kit's `id`. */
        brandKitId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              id: string;
              object: "brand_kit";
              deleted: true;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `BRAND_KIT_IN_USE`: The brand kit is an office's default brand kit (the message and details name the offices): clear or change the office's default_brand_kit_id, then delete the kit again. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardUpdateBrandKit: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The brand kit's `id`. */
        brandKitId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["BrandKitPatch"];
      };
    };
    responses: {
      /** @description The kit as changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["BrandKit"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardRotateKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An API key id, as `key_id` in the key list (`key_` and 16 letters or digits). */
        keyId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The replacement, shown once. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              /** @description An API key id, as `key_id` in the key list (`key_` and 16 letters or digits). */
              key_id: string;
              name: string;
              mode: "test" | "live";
              status: "active" | "revoked";
              /** @description Prefix and last four characters; the key itself is never shown again. */
              hint: string;
              created_at: string;
              last_used_at: string | null;
              revoked_at: string | null;
              requests_per_minute: number;
              requests_per_day: number | null;
              /** @description What the key may do; a key made before scopes has `admin` (every scope). */
              scopes: ("jobs:read" | "jobs:write" | "jobs:delete" | "webhooks:manage" | "usage:read" | "brand:manage" | "admin")[];
              /** @description The one office the key acts for (it sees and makes only that office’s); null: the whole organization. */
              office_id?: string | null;
              /** @description The new key. Shown once: store it now. */
              key: string;
              /** @description Rotation only: the id of the key this one replaces. */
              replaces?: string;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `KEY_NOT_ACTIVE`: The API key is already revoked (dashboard): it cannot be rotated or revoked again. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardRevokeKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description An API key id, as `key_id` in the key list (`key_` and 16 letters or digits). */
        keyId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked key. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["DashboardKey"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `KEY_NOT_ACTIVE`: The API key is already revoked (dashboard): it cannot be rotated or revoked again. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The secrets. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              current: {
                secret: string;
                created_at: string;
              };
              previous: {
                secret: string;
                created_at: string;
                expires_at: string;
              }[];
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /** @description `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardRotateWebhookSecret: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The secrets. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              current: {
                secret: string;
                created_at: string;
              };
              previous: {
                secret: string;
                created_at: string;
                expires_at: string;
              }[];
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /** @description `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardWebhookEndpoints: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoints. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["WebhookEndpointList"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardCreateWebhookEndpoint: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Receives the events (https on deployed stages; checked as webhook_url is: private, link-local and metadata addresses are refused). */
          url: string;
          /** @description The event types the endpoint gets: any of job.processing, job.progress, job.completed, job.failed, job.canceled, job.deleted, or `["*"]` for all. */
          enabled_events: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
          description?: string | null;
          /** @description Default true; a disabled endpoint gets nothing. */
          enabled?: boolean;
          /** @description The office whose events alone the endpoint gets (fixed once made). Default: every event of the organization; an office's key always makes its own office's endpoints. */
          office_id?: string;
        };
      };
    };
    responses: {
      /** @description The endpoint and its secret. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["WebhookEndpointWithSecret"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `WEBHOOK_ENDPOINT_LIMIT`: The organization already has the most webhook endpoints a mode may have (20); delete one before creating another. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardEvents: {
    parameters: {
      query?: {
        /** @description Maximum results, 1-100. */
        limit?: string;
        /** @description The previous page's `pagination.next_cursor`: the events after it, newest first. */
        starting_after?: string;
        type?: "job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "ping";
        /** @description Only this job's events. */
        job_id?: string;
        /** @description Only this office's events (an office's key sees only its own office's in any case). */
        office_id?: string;
        /** @description Only events created at or after this time (ISO 8601 date-time). */
        created_from?: string;
        /** @description Only events created at or before this time; not before created_from (ISO 8601 date-time). */
        created_to?: string;
        /** @description `false`: only events a receiver has not acknowledged (its latest attempt failed). */
        delivery_success?: "false";
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["EventPage"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardDeleteWebhookEndpoint: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The webhook endpoint's `id`. */
        endpointId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              id: string;
              object: "webhook_endpoint";
              deleted: true;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardUpdateWebhookEndpoint: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The webhook endpoint's `id`. */
        endpointId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Receives the events (https on deployed stages; checked as webhook_url is: private, link-local and metadata addresses are refused). */
          url?: string;
          /** @description The event types the endpoint gets: any of job.processing, job.progress, job.completed, job.failed, job.canceled, job.deleted, or `["*"]` for all. */
          enabled_events?: ("job.processing" | "job.progress" | "job.completed" | "job.failed" | "job.canceled" | "job.deleted" | "*")[];
          description?: string | null;
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description The endpoint as changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["UpdatedWebhookEndpoint"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardRotateWebhookEndpointSecret: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The webhook endpoint's `id`. */
        endpointId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The endpoint and its new secret. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["WebhookEndpointWithSecret"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardTestWebhookEndpoint: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The webhook endpoint's `id`. */
        endpointId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The ping is queued. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              event_id: string;
              type: "ping";
              endpoint_id: string;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardGetEvent: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The event's `id` (the `webhook-id` header of its deliveries). */
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The event. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["EventWithDeliveries"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardResendEvent: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The event's `id` (the `webhook-id` header of its deliveries). */
        eventId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Only to this endpoint; default: every receiver that wants the event now. */
          endpoint_id?: string;
        };
      };
    };
    responses: {
      /** @description The resend is queued. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              event_id: string;
              /** @description Endpoint ids, and `webhook_url` for the job request’s own. */
              resent_to: string[];
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `RESEND_LIMITED`: Resends are bounded: at most 2 range resends of an organization and mode are sent at once, and one event is resent to one receiver at most once a minute. Retry after Retry-After seconds. */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardResendEvents: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description The first event time (ISO 8601 date-time). */
          created_from: string;
          /** @description The last event time; not before created_from (ISO 8601 date-time). */
          created_to: string;
          /** @description Default true: only to receivers whose latest attempt failed. */
          failed_only?: boolean;
          /** @description Only to this endpoint. */
          endpoint_id?: string;
        };
      };
    };
    responses: {
      /** @description The resend, accepted. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["EventResend"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `RESEND_LIMITED`: Resends are bounded: at most 2 range resends of an organization and mode are sent at once, and one event is resent to one receiver at most once a minute. Retry after Retry-After seconds. */
      429: {
        headers: {
          /** @description Seconds to wait. */
          "Retry-After"?: number;
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardImagerySources: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sources. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["ImagerySourceList"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardCreateImagerySource: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": components["schemas"]["NewImagerySource"];
      };
    };
    responses: {
      /** @description The source (its key only as key_hint). */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["ImagerySource"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `IMAGERY_SOURCE_LIMIT`: The organization already has the most imagery sources a mode may have (5); delete one before registering another. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `URL_NOT_ALLOWED`: A URL in the request points somewhere the service will not fetch or call. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardDeleteImagerySource: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The imagery source's `id`. */
        sourceId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              id: string;
              object: "imagery_source";
              deleted: true;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardListJobs: {
    parameters: {
      query?: {
        /** @description Maximum results, 1-100. */
        limit?: string;
        /** @description Results to skip, newest first. */
        offset?: string;
        status?: "queued" | "processing" | "completed" | "failed" | "canceled";
        job_type?: "frontage_detection" | "frontage_edit" | "markup_v2" | "markup_v2_edit" | "markup_v2_video" | "virtual_staging" | "brochure_slide" | "video_export" | "drone_stills" | "drone_stills_capture" | "drone_footage" | "listing_kit";
        /** @description Only the jobs made for this listing kit (the kit job's job_id). */
        kit_job_id?: string;
        /** @description Only this office's jobs (an office's key lists only its own office's in any case). */
        office_id?: string;
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of jobs. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["JobPage"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardGetJob: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The job's `job_id`. */
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Job"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardDeleteJob: {
    parameters: {
      query?: {
        mode?: "test" | "live";
      };
      header?: never;
      path: {
        /** @description The job's `job_id`. */
        jobId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description What was erased. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["DeletionReceipt"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The retention settings. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["DashboardRetentionSettings"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /** @description `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardUpdateSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          /** @description Days a new job's media and inputs are kept, from 1 to the stage's max_days (a job's delete_after still wins). */
          media_retention_days: number;
        };
      };
    };
    responses: {
      /** @description The retention settings as changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["DashboardRetentionSettings"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardUsage: {
    parameters: {
      query?: {
        /** @description First day (UTC), included. Default: 29 days before `to`. Must not be after `to`; the range spans at most 366 days. */
        from?: string;
        /** @description Last day (UTC), included. Default: today. */
        to?: string;
        /** @description Only this office's usage (an office's key sees only its own office's in any case). */
        office_id?: string;
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The usage report. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["Usage"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardListMembers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The members. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              members: components["schemas"]["DashboardMember"][];
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /** @description `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardInviteMember: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          email: string;
          role: "owner" | "admin" | "member" | "viewer" | "billing";
          /** @description The offices a `member` acts for (opaque office ids); other roles act for the whole organization and take none. */
          office_ids?: string[];
        };
      };
    };
    responses: {
      /** @description The member, and how they were invited. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              object: "member";
              /** @description A dashboard member id (`mem_` and 16 letters or digits). */
              id: string;
              email: string;
              /** @description owner and admin: everything (only an owner makes, changes or removes an owner); member: the jobs of its offices; viewer: read-only; billing: usage only. */
              role: "owner" | "admin" | "member" | "viewer" | "billing";
              office_ids: string[];
              created_at: string;
              updated_at: string;
              /** @description How the new member is invited. `sign_in_link`: sign-in-link stages (the local stack), hand over `sign_in_link`. Cognito stages: `email`, the stage's user pool made their user (username and email the invited email, this organization in `custom:org_id`) and emailed them a temporary password (again, when their user exists but never signed in); `existing_account`, they already have a user of this organization and sign in with it. */
              invitation: "sign_in_link" | "email" | "existing_account";
              /** @description Sign-in-link stages (the local stack): the new member's one-time sign-in link (15 minutes; `keys signin-link --email` prints another). null on Cognito stages, whose user pool sends the invitation (`invitation`). */
              sign_in_link: string | null;
              sign_in_link_expires_at: string | null;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /**
       * `MEMBER_EXISTS`: A dashboard member with this email already belongs to the organization; change their role instead.
       *
       * `MEMBER_LIMIT`: The organization already has the most dashboard members it may have (200); remove one before inviting another.
       *
       * `INVITEE_IN_ANOTHER_ORGANIZATION`: The invited email already has a dashboard user on this stage (Cognito) that belongs to another organization, or to none; a user belongs to one organization and is never moved silently. Invite another email, or ask the stage's administrators.
       */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `IDENTITY_PROVIDER_ERROR`: The stage's sign-in service (Cognito) refused to send a dashboard invitation; nothing was changed. Quote meta.request_id to support. */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `IDENTITY_PROVIDER_UNAVAILABLE`: The stage's sign-in service (Cognito) could not be reached or is throttling; nothing was changed. Retry after Retry-After seconds. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardRemoveMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A dashboard member id (`mem_` and 16 letters or digits). */
        memberId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              object: "member";
              /** @description A dashboard member id (`mem_` and 16 letters or digits). */
              id: string;
              removed: true;
            };
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `LAST_OWNER`: The change would leave the organization without an owner (the dashboard member removed or given another role is its only owner); make another member an owner first. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardUpdateMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description A dashboard member id (`mem_` and 16 letters or digits). */
        memberId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          role?: "owner" | "admin" | "member" | "viewer" | "billing";
          /** @description The offices a `member` acts for (opaque office ids); other roles act for the whole organization and take none. */
          office_ids?: string[];
        };
      };
    };
    responses: {
      /** @description The member as changed. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["DashboardMember"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `INVALID_JSON`: The request body is not valid JSON, or not a JSON object.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `NOT_FOUND`: No such route, or no such job, webhook endpoint, event, imagery source or brand kit (a request’s brand_kit_id included) for this organization and mode (events are kept 30 days). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `LAST_OWNER`: The change would leave the organization without an owner (the dashboard member removed or given another role is its only owner); make another member an owner first. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNSUPPORTED_MEDIA_TYPE`: A request body was sent with a Content-Type other than application/json, or with a Content-Encoding (gzip, br, …): bodies are taken uncompressed only. */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardAuditEvents: {
    parameters: {
      query?: {
        /** @description Maximum results, 1-100. */
        limit?: string;
        /** @description The previous page's `pagination.next_cursor`: the records after it, newest first. */
        starting_after?: string;
        action?: "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.secret_rotated" | "webhook_endpoint.deleted" | "imagery_source.created" | "imagery_source.updated" | "imagery_source.deleted" | "brand_kit.created" | "brand_kit.updated" | "brand_kit.deleted" | "job.deleted" | "event.resent" | "events.resend_started" | "organization.webhook_secret_rotated" | "organization.settings_updated" | "member.invited" | "member.updated" | "member.removed" | "office.created" | "office.updated" | "office.deleted";
        /** @description Only this actor's records: a key id (key_…) or a dashboard member's id. */
        actor?: string;
        /** @description Only this target's records. */
        target_id?: string;
        /** @description Only this office's records (an office's key sees only its own office's in any case). */
        office_id?: string;
        /** @description Only records made at or after this time (ISO 8601 date-time). */
        created_from?: string;
        /** @description Only records made at or before this time; not before created_from (ISO 8601 date-time). */
        created_to?: string;
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of audit events. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: components["schemas"]["AuditEventPage"];
            meta: components["schemas"]["DashboardMeta"];
          };
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  dashboardExportAuditEvents: {
    parameters: {
      query?: {
        /** @description The previous answer’s X-Next-Cursor: the records after it, newest first. */
        starting_after?: string;
        action?: "api_key.created" | "api_key.rotated" | "api_key.revoked" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.secret_rotated" | "webhook_endpoint.deleted" | "imagery_source.created" | "imagery_source.updated" | "imagery_source.deleted" | "brand_kit.created" | "brand_kit.updated" | "brand_kit.deleted" | "job.deleted" | "event.resent" | "events.resend_started" | "organization.webhook_secret_rotated" | "organization.settings_updated" | "member.invited" | "member.updated" | "member.removed" | "office.created" | "office.updated" | "office.deleted";
        /** @description Only this actor's records: a key id (key_…) or a dashboard member's id. */
        actor?: string;
        /** @description Only this target's records. */
        target_id?: string;
        /** @description Only this office's records (an office's key sees only its own office's in any case). */
        office_id?: string;
        /** @description Only records made at or after this time (ISO 8601 date-time). */
        created_from?: string;
        /** @description Only records made at or before this time; not before created_from (ISO 8601 date-time). */
        created_to?: string;
        mode?: "test" | "live";
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One audit event per line (each line a JSON object, each ending in a newline). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/jsonl": components["schemas"]["AuditEvent"];
        };
      };
      /**
       * `VALIDATION_ERROR`: The request was well-formed JSON but a field is missing, of the wrong type, out of range or unknown. `error.details` lists each problem with its path.
       *
       * `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP.
       */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `UNAUTHORIZED`: The X-API-Key header is missing, malformed, unknown or revoked. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `FORBIDDEN`: The key is valid but may not be used here (for example a test key on a stage that accepts only live keys). */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
  getOpenApiDocument: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            [key: string]: unknown;
          };
        };
      };
      /** @description `BAD_REQUEST`: The request could not be routed: a path segment is not valid percent-encoding, the request target is not a path, or the request is not valid HTTP. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `PAYLOAD_TOO_LARGE`: The request body is larger than 1 MiB (10 MiB at the gateway). */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `HEADERS_TOO_LARGE`: The request headers are larger than the server accepts. */
      431: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
      /** @description `INTERNAL_ERROR`: An unexpected error on our side. Retry later and quote meta.request_id if it persists. */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Error"];
        };
      };
    };
  };
}
