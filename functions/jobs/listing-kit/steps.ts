// The listing kit's one step, run as a start-and-poll loop by its state machine (AdvanceKit, then
// WaitForChildren → CheckChildren until KitDone): each run reads the children made so far, creates the
// ones whose inputs are now ready (plan.ts decides which, from the kit request and the finished
// children's outputs), records the kit's progress, and once every role has ended assembles the output:
// the manifest, the brochure deck (screen and print PDFs of the six slides) and the frontage summary.
//
// Why a polling loop and not nested executions or task tokens: the children are ordinary jobs, started
// through their kinds' own use cases (validation, parents, usage, webhooks, cancel and the sweeper all
// apply unchanged); a child's state machine does not know it has a kit. The loop costs one state
// transition pair per poll, and a retried run finds the children it made before (their ids are derived
// from the kit's id and the role).
import { brandKitOutput } from '../../core/brand-kits/resolve.ts';
import { JobError } from '../../core/errors.ts';
import type { Job } from '../../core/jobs/job.ts';
import { collectMediaKeys } from '../../core/jobs/job-view.ts';
import { mediaKey } from '../../core/media/media-store.ts';
import { logger } from '../../core/observability.ts';
import {
  jobRef,
  recordStepProgress,
  type StepEvent,
  type StepJob,
} from '../../core/workflows/step-runtime.ts';
import { PRINT_MARKS_MM, printDeck, screenDeck } from '../../media/brochure/deck-pdf.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { ADVANCE_KIT } from './functions.ts';
import {
  blockedRoles,
  type ChildState,
  type KitRole,
  kitDone,
  kitProgress,
  kitRoles,
  licenceRestrictions,
  readyChildren,
} from './plan.ts';
import { type ListingKitInput, SLIDE_ROLES, type StoredListingKitOutput } from './schema.ts';

/**
 * How long the loop waits between runs while children work. Each wait is time a finished child's
 * dependants are not yet started and a finished kit is not yet answered: at 5 s, with stills and slides
 * a few seconds each, the kit took as long as its children one after another (docs/benchmarks.md, kit);
 * a run reads the children and signs their media from the container's reused URLs, so checking every 2 s
 * costs little.
 */
const POLL_SECONDS = 2;

/** What the loop carries from one run to the next (state-machine data). */
interface KitState {
  /** The children made so far, by role. */
  readonly children: Readonly<Record<string, { readonly job_id: string; readonly job_type: string }>>;
  /** Roles whose creation was refused (a room image the stage will not fetch), with the refusal. */
  readonly refused: Readonly<
    Record<string, { readonly job_type: string; readonly code: string; readonly message: string }>
  >;
  readonly finished: number;
  readonly done: boolean;
  readonly poll_seconds: number;
  readonly output?: StoredListingKitOutput;
}

interface KitStepEvent extends StepEvent {
  readonly input: ListingKitInput;
  /** The previous run's state (absent on the first run). */
  readonly kit?: KitState;
}

type KitPorts = Pick<StepPorts, 'childJobs' | 'media' | 'jobs' | 'events' | 'clock'>;

/**
 * A child's state from its record. The kit records a child only after its record is written, and reads it
 * consistently: a record not found was deleted since, and waiting for it would hold the kit (and the
 * children that depend on it) until the kit's time runs out.
 */
export function stateOf(job: Job | undefined, jobId: string, jobType: string): ChildState {
  if (!job)
    return {
      jobId,
      jobType,
      status: 'failed',
      error: {
        code: 'CHILD_JOB_MISSING',
        message: `The ${jobType} job ${jobId} made for this kit no longer exists.`,
      },
    };
  return {
    jobId,
    jobType,
    status: job.status,
    ...(job.output ? { output: job.output } : {}),
    ...(job.error ? { error: { code: job.error.code, message: job.error.message } } : {}),
  };
}

async function childStates(
  ports: KitPorts,
  job: StepJob,
  state: KitState,
): Promise<Map<KitRole, ChildState>> {
  const tenant = jobRef(job).tenant;
  const states = new Map<KitRole, ChildState>();
  await Promise.all(
    Object.entries(state.children).map(async ([role, child]) => {
      states.set(
        role as KitRole,
        stateOf(await ports.childJobs.get(tenant, child.job_id), child.job_id, child.job_type),
      );
    }),
  );
  for (const [role, refusal] of Object.entries(state.refused))
    states.set(role as KitRole, {
      jobId: '',
      jobType: refusal.job_type,
      status: 'failed',
      error: { code: refusal.code, message: refusal.message },
    });
  return states;
}

/** Presigned URLs of the finished children's media, for the children that download them (the slides). */
async function mediaUrls(
  ports: Pick<KitPorts, 'media' | 'clock'>,
  states: ReadonlyMap<KitRole, ChildState>,
): Promise<Map<string, string>> {
  const keys = new Set<string>();
  for (const child of states.values()) if (child.status === 'completed') collectMediaKeys(child.output, keys);
  const now = ports.clock.now();
  return new Map(
    await Promise.all([...keys].map(async (key) => [key, (await ports.media.sign(key, now)).url] as const)),
  );
}

async function createReady(
  ports: Pick<KitPorts, 'childJobs' | 'media' | 'clock'>,
  event: KitStepEvent,
  states: Map<KitRole, ChildState>,
  state: KitState,
  /** The kit's own expiry: its children's media expire with it. */
  mediaExpiresAt: string | undefined,
  /** The kit's office: its children are its office's jobs. */
  officeId?: string,
): Promise<KitState> {
  const roles = kitRoles(event.input);
  const urls = await mediaUrls(ports, states);
  const ready = readyChildren(event.input, states, (key) => {
    const url = urls.get(key);
    if (!url) throw new Error(`no URL for ${key}`);
    return url;
  });
  if (ready.length === 0) return state;
  const children = { ...state.children };
  const refused = { ...state.refused };
  const kit = {
    tenant: jobRef(event.job).tenant,
    jobId: event.job.job_id,
    mediaExpiresAt,
    ...(event.input.brand_kit ? { brandKit: event.input.brand_kit } : {}),
    ...(officeId ? { officeId } : {}),
  };
  await Promise.all(
    ready.map(async (request) => {
      const made = await ports.childJobs.create(kit, { ...request, order: roles.indexOf(request.role) });
      if (made.ok) {
        children[request.role] = { job_id: made.jobId, job_type: request.jobType };
        states.set(request.role, { jobId: made.jobId, jobType: request.jobType, status: 'queued' });
      } else {
        logger.warn('kit child refused', { role: request.role, code: made.error.code });
        refused[request.role] = { job_type: request.jobType, ...made.error };
        states.set(request.role, {
          jobId: '',
          jobType: request.jobType,
          status: 'failed',
          error: made.error,
        });
      }
    }),
  );
  return { ...state, children, refused };
}

/** The child's media files a manifest entry carries (the fields the manifest entry schema declares). */
const MANIFEST_MEDIA = [
  'image',
  'before_image',
  'source_image',
  'reference_image',
  'video',
  'poster',
  'png',
  'pdf',
] as const;

function manifestMedia(output: unknown): Record<string, unknown> {
  if (typeof output !== 'object' || output === null) return {};
  const fields = output as Record<string, unknown>;
  return Object.fromEntries(
    MANIFEST_MEDIA.filter((field) => {
      const keys = new Set<string>();
      collectMediaKeys(fields[field], keys);
      return keys.size > 0;
    }).map((field) => [field, fields[field]]),
  );
}

async function deck(
  ports: Pick<KitPorts, 'media'>,
  event: KitStepEvent,
  states: ReadonlyMap<KitRole, ChildState>,
): Promise<StoredListingKitOutput['brochure_deck']> {
  const slides = SLIDE_ROLES.map((role) => states.get(role));
  if (!slides.every((slide) => slide?.status === 'completed')) return null;
  const files = await Promise.all(
    slides.map(async (slide) => {
      const output = slide!.output as { pdf: { s3_key: string }; png: { s3_key: string } };
      const [pdf, png] = await Promise.all([
        ports.media.get(output.pdf.s3_key),
        ports.media.get(output.png.s3_key),
      ]);
      return { pdf, png };
    }),
  );
  const meta = {
    title: `${event.input.address} — listing brochure`,
    author: event.input.branding?.agency_name,
  };
  const [screen, print] = await Promise.all([screenDeck(files, meta), printDeck(files, meta)]);
  const ref = jobRef(event.job);
  const [screenFile, printFile] = await Promise.all([
    ports.media.put(mediaKey(ref.tenant, ref.jobId, 'brochure-deck.pdf'), screen.bytes, 'application/pdf'),
    ports.media.put(
      mediaKey(ref.tenant, ref.jobId, 'brochure-deck-print.pdf'),
      print.bytes,
      'application/pdf',
    ),
  ]);
  return {
    pdf: screenFile,
    pages: screen.pages,
    print: { pdf: printFile, pages: print.pages, bleed_mm: PRINT_MARKS_MM.bleed },
  };
}

async function assemble(
  ports: Pick<KitPorts, 'media'>,
  event: KitStepEvent,
  states: ReadonlyMap<KitRole, ChildState>,
): Promise<StoredListingKitOutput> {
  const blocked = new Map(blockedRoles(event.input, states).map((b) => [b.role, b]));
  const manifest = kitRoles(event.input).map((role) => {
    const child = states.get(role);
    const missing = blocked.get(role);
    if (!child?.jobId) {
      const error = child?.error ?? {
        code: missing?.code ?? 'DEPENDENCY_FAILED',
        message: missing
          ? `Not made: ${missing.reason}`
          : 'Not made: the kit ended before its inputs were ready.',
      };
      return { role, job_id: null, job_type: child?.jobType ?? null, status: 'failed' as const, error };
    }
    return {
      role,
      job_id: child.jobId,
      job_type: child.jobType,
      status: child.status,
      ...(child.error ? { error: child.error } : {}),
      ...(child.status === 'completed' ? manifestMedia(child.output) : {}),
      ...(child.status === 'completed' && imageryOf(child.output)
        ? { imagery: imageryOf(child.output) }
        : {}),
    };
  });
  const completed = manifest.filter((entry) => entry.status === 'completed').length;
  if (completed === 0) {
    const first = manifest.find((entry) => entry.error)?.error;
    throw new JobError(
      'KIT_FAILED',
      `No asset of the kit could be made${first ? ` (first failure: ${first.code}: ${first.message})` : ''}.`,
    );
  }
  const frontage = states.get('frontage');
  const restrictions = licenceRestrictions(event.input, states);
  return {
    manifest,
    brochure_deck: await deck(ports, event, states),
    frontage: frontage?.status === 'completed' ? frontageSummary(frontage.output) : null,
    partial: completed < manifest.length,
    ...(restrictions.length > 0 ? { licence_restrictions: restrictions } : {}),
    ...brandKitOutput(event.input.brand_kit),
  } as StoredListingKitOutput;
}

/** The imagery provenance a child's output carries, if any. */
function imageryOf(output: unknown): unknown {
  return (output as { imagery?: unknown } | undefined)?.imagery;
}

function frontageSummary(output: unknown) {
  const o = output as Record<string, unknown>;
  const pick = [
    'bearing',
    'direction',
    'confidence',
    'reso_direction_faces',
    'rear_bearing',
    'rear_direction',
    'winter_sun_hours',
  ];
  return Object.fromEntries(pick.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
}

/** One run of the loop: reads the children, creates the ready ones, reports progress, ends when all have. */
async function advanceKit(event: KitStepEvent, ports: KitPorts): Promise<KitState> {
  const previous: KitState = event.kit ?? {
    children: {},
    refused: {},
    finished: 0,
    done: false,
    poll_seconds: POLL_SECONDS,
  };
  const states = await childStates(ports, event.job, previous);
  // A kit canceled while this run was on its way makes no more children (its cancel has already
  // canceled the ones it listed, and the state machine is stopped).
  const kit = await ports.jobs.get(jobRef(event.job).tenant, event.job.job_id);
  if (kit?.status === 'canceled') throw new JobError('CANCELED', 'The kit was canceled.');
  const state = await createReady(ports, event, states, previous, kit?.mediaExpiresAt, kit?.officeId);
  const roles = kitRoles(event.input);
  const finished = roles.filter((role) => {
    const status = states.get(role)?.status;
    return status === 'completed' || status === 'failed' || status === 'canceled';
  });
  if (finished.length > previous.finished) {
    // The kit's percent follows its children. A run that sees children finish records one progress,
    // its stage naming the last finished role in kit order (an event at most every 2 s).
    const progress = { percent: kitProgress(event.input, states), stage: `made_${finished.at(-1)}` };
    await recordStepProgress({ job: event.job, progress }, ports);
  }
  const next: KitState = { ...state, finished: finished.length };
  if (!kitDone(event.input, states)) return next;
  return { ...next, done: true, output: await assemble(ports, event, states) };
}

export const advance = defineStep(advanceKit, ADVANCE_KIT);
