// The cloud Stager: Amazon Nova Canvas (or Titan Image Generator v2, same request shape) INPAINTING
// on Amazon Bedrock. The mask covers the floor and the band above it where furniture stands, minus the
// windows and doors found in the photo, so walls, windows and the floor's geometry stay; the prompt
// names the room type and style. UNVERIFIED against the real service (no AWS access here): written
// from the documented request/response shapes and tested against constructed responses.
// Nova Canvas masks: black = area to repaint, white = keep. Inputs: sides 320-4096 px, at most
// 4.19 MP; the image is scaled to fit (sides a multiple of 16) and the result scaled back.
import sharp from 'sharp';
import { TransientError } from '../../core/errors.ts';
import { encodeAs, readFormat } from './offline-stager.ts';
import { analyseRoom } from './room-analysis.ts';
import type { RoomType } from './room-types.ts';
import { CONTENT_TYPES, type StageRequest, type StageResult, type Stager, stagingError } from './stager.ts';
import { resolveStyle } from './staging-styles.ts';

/** The part of BedrockRuntimeClient this adapter uses, so tests pass a fake. */
interface InvokeModelPort {
  send(command: { input: { modelId?: string; body?: Uint8Array | string } }): Promise<{ body?: Uint8Array }>;
}

interface BedrockStagerConfig {
  /** e.g. amazon.nova-canvas-v1:0 (us-east-1, eu-west-1, ap-northeast-1) */
  readonly modelId: string;
  readonly region: string;
  /** Builds the InvokeModel command; the Lambda entry passes `(input) => new InvokeModelCommand(input)`. */
  readonly command: (input: { modelId: string; contentType: string; accept: string; body: string }) => {
    input: { modelId?: string; body?: Uint8Array | string };
  };
}

const MAX_PIXELS = 4_194_304;
const ROOM_WORDS: Record<RoomType, string> = {
  living: 'living room with a sofa, armchairs, a coffee table, a rug, a floor lamp and plants',
  bedroom: 'bedroom with a made queen bed, bedside tables with lamps, a rug and a plant',
  kitchen: 'kitchen with bar stools at an island, a bowl of fruit and a plant',
  dining: 'dining room with a dining table, dining chairs, a rug and a centrepiece',
  office: 'home office with a desk, an office chair, a bookshelf and a plant',
  bathroom: 'bathroom with folded towels, a bath mat, a stool and a small plant',
  outdoor: 'outdoor area with outdoor lounge furniture, planters and an outdoor rug',
};

function stagingPrompt(roomType: RoomType, stylePrompt: string | undefined): string {
  const style = resolveStyle(stylePrompt).used;
  const extra = stylePrompt ? `, ${stylePrompt.slice(0, 300)}` : '';
  // Nova Canvas takes at most 1024 characters of text.
  return `A professionally staged ${style} ${ROOM_WORDS[roomType]}${extra}. Photorealistic interior photo, natural light, furniture standing on the floor.`.slice(
    0,
    1024,
  );
}

const NEGATIVE_PROMPT =
  'changed walls, changed windows, changed doors, changed floor, people, text, watermark, distorted perspective, blurry';

interface NovaResponse {
  images?: string[];
  error?: string | null;
}

export class BedrockStager implements Stager {
  readonly name: string;

  constructor(
    private readonly client: InvokeModelPort,
    private readonly config: BedrockStagerConfig,
  ) {
    this.name = `bedrock:${config.modelId}`;
  }

  async stage(request: StageRequest): Promise<StageResult> {
    const { format, width, height } = await readFormat(request.image);
    const scale = Math.min(1, Math.sqrt(MAX_PIXELS / (width * height)), 4096 / Math.max(width, height));
    const sw = Math.max(320, Math.floor((width * scale) / 16) * 16);
    const sh = Math.max(320, Math.floor((height * scale) / 16) * 16);
    const input = await sharp(request.image).rotate().resize(sw, sh, { fit: 'fill' }).png().toBuffer();
    const mask = await editMask(request.image, sw, sh);
    const body = JSON.stringify({
      taskType: 'INPAINTING',
      inPaintingParams: {
        image: input.toString('base64'),
        maskImage: mask.toString('base64'),
        text: stagingPrompt(request.roomType, request.stylePrompt),
        negativeText: NEGATIVE_PROMPT,
      },
      imageGenerationConfig: {
        numberOfImages: 1,
        quality: 'premium',
        cfgScale: 6.5,
        seed: request.seed % 858993459,
      },
    });
    let response: { body?: Uint8Array };
    try {
      response = await this.client.send(
        this.config.command({
          modelId: this.config.modelId,
          contentType: 'application/json',
          accept: 'application/json',
          body,
        }),
      );
    } catch (error) {
      throw mapBedrockError(error, this.config);
    }
    let parsed: NovaResponse;
    try {
      parsed = JSON.parse(new TextDecoder().decode(response.body ?? new Uint8Array())) as NovaResponse;
    } catch {
      throw stagingError(
        'STAGING_PROVIDER_ERROR',
        `${this.config.modelId} returned a body that is not JSON; retry the job.`,
      );
    }
    const first = parsed.images?.[0];
    if (!first) {
      if (parsed.error && /content filter|blocked/i.test(parsed.error)) throw contentFiltered();
      throw stagingError(
        'STAGING_PROVIDER_ERROR',
        `${this.config.modelId} returned no image${parsed.error ? `: ${parsed.error}` : ''}; retry the job.`,
      );
    }
    const staged = sharp(Buffer.from(first, 'base64')).resize(width, height, { fit: 'fill' });
    const output = await encodeAs(staged, format);
    return {
      image: output,
      contentType: CONTENT_TYPES[format],
      format,
      width,
      height,
      provider: this.name,
      style: resolveStyle(request.stylePrompt).used,
      items: [],
    };
  }
}

/** Black where furniture may appear (the floor and up to ~1.9 m above it), white elsewhere and on openings. */
async function editMask(image: Buffer, width: number, height: number): Promise<Buffer> {
  const room = await analyseRoom(image);
  const sx = width / room.width;
  const sy = height / room.height;
  // Furniture reaches about 1.9 m: that height at the back wall, in pixels, above the floor line.
  const reach = ((room.backFloorY - room.camera.vy) / room.camera.eyeHeight) * 1.9;
  const cols: string[] = [];
  const step = Math.max(1, Math.floor(room.width / 200));
  for (let x = 0; x < room.width; x += step) {
    cols.push(
      `${(x * sx).toFixed(1)},${(Math.max(room.height * 0.12, room.floorTop[x]! - reach) * sy).toFixed(1)}`,
    );
  }
  const area = `<polygon points="0,${height} ${cols.join(' ')} ${width},${(Math.max(room.height * 0.12, room.floorTop[room.width - 1]! - reach) * sy).toFixed(1)} ${width},${height}" fill="#000"/>`;
  const keep = room.openings
    .map(
      (o) =>
        `<rect x="${o.rect.x0 * sx}" y="${o.rect.y0 * sy}" width="${(o.rect.x1 - o.rect.x0) * sx}" height="${(o.rect.y1 - o.rect.y0) * sy}" fill="#fff"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#fff"/>${area}${keep}</svg>`;
  return sharp(Buffer.from(svg)).threshold(128).png().toBuffer();
}

function contentFiltered() {
  return stagingError(
    'STAGING_CONTENT_FILTERED',
    "Amazon Bedrock's content filters blocked this image or style prompt; use a different photo or reword options.style_prompt.",
  );
}

/** Bedrock SDK errors as job errors a person can act on; throttling and outages are retried. */
function mapBedrockError(error: unknown, config: BedrockStagerConfig): Error {
  const name = (error as { name?: string })?.name ?? 'Error';
  const message = (error as { message?: string })?.message ?? String(error);
  if (/content filter|blocked by our/i.test(message)) return contentFiltered();
  if (
    name === 'ThrottlingException' ||
    name === 'ServiceUnavailableException' ||
    name === 'ModelNotReadyException' ||
    name === 'InternalServerException'
  ) {
    return new TransientError(`Bedrock ${name}: ${message}`);
  }
  if (name === 'AccessDeniedException' || name === 'ResourceNotFoundException') {
    return stagingError(
      'STAGING_PROVIDER_ERROR',
      `The staging model ${config.modelId} is not available in ${config.region} for this account (${name}); an operator must enable model access in the Bedrock console or change the stage's staging model.`,
    );
  }
  if (name === 'ValidationException') {
    return stagingError('STAGING_PROVIDER_ERROR', `${config.modelId} refused the request: ${message}`);
  }
  return stagingError('STAGING_PROVIDER_ERROR', `Bedrock failed (${name}): ${message}; retry the job.`);
}
