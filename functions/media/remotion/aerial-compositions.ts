// The aerial-scene compositions as the rest of the code sees them: ids, frame formats and input props.
// No React here, so job steps can import it without pulling in three.js.
import type { CameraPose } from '../camera/camera-model.ts';
import type { FootageStyle, ShotType } from '../camera/presets.ts';
import type { SkyCap } from '../camera/reframe.ts';
import type { EndCardProps } from './end-card.ts';

/** Drone stills: one frame at 4K. */
export const AERIAL_STILL = { id: 'AerialStill', width: 3840, height: 2160, fps: 30 } as const;
/** Drone footage: 1080p at 30 fps. */
export const AERIAL_FOOTAGE = { id: 'AerialFootage', width: 1920, height: 1080, fps: 30 } as const;

/** A composition's fixed frame format. */
export interface AerialFormat {
  readonly id: string;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
}

/** The social renditions a drone output may come in besides its own 16:9 frame. */
export const SOCIAL_RENDITIONS = ['social_square', 'social_portrait', 'social_story'] as const;
export type SocialRendition = (typeof SOCIAL_RENDITIONS)[number];
/** Footage comes square and 9:16 only: a 4:5 clip is not a format the social players ask for. */
export type SocialFootageRendition = Exclude<SocialRendition, 'social_portrait'>;

/**
 * The drone still re-framed for each social shape: the same scene and grade drawn through a camera framed
 * for that aspect (functions/media/camera/reframe.ts), not a crop of the 4K still. Fixed sizes, so the
 * still renderer can look each up once (fixed-metadata.ts).
 */
export const AERIAL_STILL_RENDITIONS: Readonly<Record<SocialRendition, AerialFormat>> = {
  social_square: { id: 'AerialStillSquare', width: 1080, height: 1080, fps: 30 },
  social_portrait: { id: 'AerialStillPortrait', width: 1080, height: 1350, fps: 30 },
  social_story: { id: 'AerialStillStory', width: 1080, height: 1920, fps: 30 },
};

/** Drone footage rendered again in a social shape: the same flight path, the lens framed for the aspect. */
export const AERIAL_FOOTAGE_RENDITIONS: Readonly<Record<SocialFootageRendition, AerialFormat>> = {
  social_square: { id: 'AerialFootageSquare', width: 1080, height: 1080, fps: 30 },
  social_story: { id: 'AerialFootageStory', width: 1080, height: 1920, fps: 30 },
};

// A type alias, not an interface: Remotion needs props assignable to Record<string, unknown>.
export type AerialSceneProps = {
  /** Length of the clip (1 for a still); calculateMetadata takes the composition's duration from it. */
  readonly durationInFrames: number;
  /** URL of the scene's JSON (an AerialSceneModel, local metres around the property centre). */
  readonly sceneUrl: string;
  /** North-up top-down image of the ground, a square of groundSizeM metres centred on the property. */
  readonly groundImage: string;
  readonly groundSizeM: number;
  /** A built-up patch of the same ground, tiled (mirrored) beyond the detailed square out to the haze. */
  readonly farGroundImage: string;
  readonly farTileM: number;
  readonly shotType: ShotType;
  /** Compass bearing the property front faces; azimuths are relative to it. Null: azimuth 0 is north. */
  readonly frontDirection: number | null;
  /** A fixed pose (stills) or a footage style's path over the clip. */
  readonly camera:
    | { readonly kind: 'pose'; readonly pose: CameraPose }
    | { readonly kind: 'path'; readonly style: FootageStyle };
  /**
   * The lens: vertical field of view in degrees. Absent: the drone kinds' 46° (a 24 mm-equivalent on a
   * 16:9 frame). The imagery ground-truth test renders through two lenses.
   */
  readonly verticalFovDeg?: number;
  /** A footage rendition's lens limit, applied at every frame (camera/reframe.ts's cappedFov). */
  readonly skyCap?: SkyCap | null;
  /**
   * The cloud scene source: photorealistic 3D tiles drawn instead of the synthetic ground, houses and
   * trees (functions/media/aerial/tiles). Absent or null: the offline scene.
   */
  readonly tiles?: AerialTiles | null;
  /**
   * A branded video's closing card (end-card.ts): its frames are the last of durationInFrames, after the
   * flight, which takes the frames before them.
   */
  readonly endCard?: EndCardProps;
};

/** glTF/GLB tiles placed in the scene's east-north-up metres; URLs carry no API key. */
export type AerialTiles = {
  readonly contents: ReadonlyArray<{ readonly url: string; readonly matrix: readonly number[] }>;
  /** Requests to this origin get the key from the render's environment (TILES_KEY_ENV), never from props. */
  readonly origin: string;
  /** Where three's Draco decoder files are served (Google's tiles are Draco-compressed); null: the copy in the site's public/draco/. */
  readonly dracoDecoderPath: string | null;
};

/** The Remotion environment variable the renderer passes the tiles endpoint's API key in. */
export const TILES_KEY_ENV = 'REMOTION_TILES_API_KEY';
