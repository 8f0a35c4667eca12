// The listing kit (README, "Listing kits"): one request makes a listing's whole media set as ordinary
// child jobs of the other kinds, in the order their inputs need, and gathers them into one manifest with
// a brochure deck. Its step starts the other kinds' state machines.
import { type JobKind, jobRoute } from '../job-kind.ts';
import { ADVANCE_KIT } from './functions.ts';
import { listingKitOutput, listingKitRequest } from './schema.ts';
import { submitListingKit } from './submit.ts';

export const listingKitKind: JobKind = {
  name: 'listing-kit',
  jobs: [
    {
      type: 'listing_kit',
      description:
        "Makes a listing's whole media set from one request: frontage, boundary markup with its edit and reveal video, a portal-safe edit, drone stills and footage, six brochure slides with a deck, and staged rooms — as child jobs of those kinds (kit_job_id), gathered into one manifest.",
      route: jobRoute({
        method: 'POST',
        path: '/v1/listing-kits/generate',
        functionId: 'ListingKitFunction',
        operationId: 'generateListingKit',
        summary: "Makes a listing's whole media set as child jobs; creates a listing_kit job.",
        tag: 'Listing kits',
        body: listingKitRequest,
        example: {
          address: '27 Wattle Street, Ultimo NSW 2007',
          property: {
            price_display: 'Auction Sat 14 June',
            description: 'Light-filled family home on a quiet street.',
            images: ['https://example.com/front.jpg', 'https://example.com/kitchen.jpg'],
          },
          branding: {
            agent_name: 'Olivia Harrington',
            agency_name: 'Harbour & Co',
            primary_color: '#0E3B4A',
          },
          rooms: [{ image_url: 'https://example.com/empty-lounge.jpg', room_type: 'living_room' }],
          webhook_url: 'https://crm.example.com/hooks/property-media',
        },
        // NOT_FOUND: a brand_kit_id that is not one of the key's kits.
        errors: ['URL_NOT_ALLOWED', 'NOT_FOUND'],
        submit: submitListingKit,
      }),
      // Its manifest shows the children's renditions; the children are billed for them.
      billing: { unit: 'job', renditions: false },
      output: listingKitOutput,
      workflow: {
        id: 'ListingKitWorkflow',
        outputPath: '$.kit.output',
        steps: [
          {
            name: 'AdvanceKit',
            fn: ADVANCE_KIT,
            progress: { percent: 1, stage: 'making_assets' },
            payload: { input: '$.input' },
            resultPath: '$.kit',
            poll: {
              waitName: 'WaitForChildren',
              checkName: 'CheckChildren',
              choiceName: 'KitDone',
              check: ADVANCE_KIT,
              payload: { input: '$.input' },
              resultField: 'kit',
              secondsPath: '$.kit.poll_seconds',
              donePath: '$.kit.done',
            },
          },
        ],
      },
    },
  ],
};
