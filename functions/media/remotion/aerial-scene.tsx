// AerialScene: the drone view of a property, rendered with React Three Fiber through @remotion/three.
// One composition serves stills (a fixed pose) and footage (a camera path over the clip). Cheap by
// design because software WebGL pays for every pixel on the CPU: the ground is a texture whose shadows
// the nadir renderer baked and whose tint, tone mapping and sRGB encoding are baked once per render
// (aerial-bake.ts), so its shader only samples; one merged mesh for every house and one instanced mesh
// for every tree crown, both with the sun and sky light baked into vertex colours (unlit materials);
// nearest surfaces drawn first so hidden ground is not shaded; no shadow maps; linear fog for haze.

import { useThree } from '@react-three/fiber';
import { ThreeCanvas } from '@remotion/three';
import { useEffect, useMemo, useState } from 'react';
import {
  AbsoluteFill,
  cancelRender,
  continueRender,
  delayRender,
  useCurrentFrame,
  useVideoConfig,
} from 'remotion';
import * as THREE from 'three';
import type { AerialSceneModel } from '../aerial/scene-model.ts';
import { DEG, type ResolvedCamera, resolveCamera } from '../camera/camera-model.ts';
import { type GroundRect, groundCrop, visibleGroundRect } from '../camera/ground-footprint.ts';
import { FOOTAGE_PATHS, poseAlong } from '../camera/presets.ts';
import { cappedFov } from '../camera/reframe.ts';
import { ImageHeaderScanner } from '../images/image-header.ts';
import {
  bakeFlatLight,
  GROUND_BAKE_FRAGMENT,
  GROUND_BAKE_VERTEX,
  type Rgb,
  type SceneLights,
} from './aerial-bake.ts';
import type { AerialSceneProps } from './aerial-compositions.ts';
import { GRADES, type Grade, gradeGlsl } from './aerial-grades.ts';
import { loadTiles } from './aerial-tiles.ts';
import { END_CARD_FADE_FRAMES } from './end-card.ts';
import { EndCardView } from './end-card-view.tsx';

type Assets =
  | {
      readonly kind: 'offline';
      readonly scene: AerialSceneModel;
      readonly ground: THREE.Texture;
      /** The ground `ground` covers: the whole square, or a still's view of it (groundImage's crop). */
      readonly groundRect: GroundRect;
      readonly far: THREE.Texture;
    }
  | { readonly kind: 'tiles'; readonly tiles: THREE.Group };

/**
 * Texture sampling per output: a still samples the ground trilinear (two mip levels), footage one mip
 * level, which costs less per pixel in software and is hard to tell apart at 1080p in motion. Neither uses
 * anisotropic filtering: in llvmpipe, 2x anisotropy made a 4K still that reaches the horizon many times
 * slower (docs/benchmarks.md) for distant ground that is hard to tell apart.
 */
const SAMPLING = {
  still: { anisotropy: 1, minFilter: THREE.LinearMipmapLinearFilter },
  footage: { anisotropy: 1, minFilter: THREE.LinearMipmapNearestFilter },
} as const;

/**
 * A still's ground is cropped to what its camera sees, and this much around it (metres): the crop's edge
 * stays out of view, and the texels just outside feed the mip levels at its border.
 */
const STILL_GROUND_MARGIN_M = 16;

function useAssets(props: AerialSceneProps, stillView: GroundRect | null): Assets | null {
  const [assets, setAssets] = useState<Assets | null>(null);
  // A still renders one frame from one pose: the view it was first given is its view.
  const [view] = useState(stillView);
  const [handle] = useState(() => delayRender('Loading the aerial scene and its ground images'));
  useEffect(() => {
    if (props.tiles) {
      loadTiles(props.tiles)
        .then((tiles) => {
          setAssets({ kind: 'tiles', tiles });
          continueRender(handle);
        })
        .catch((error: unknown) => cancelRender(error));
      return;
    }
    Promise.all([
      fetch(props.sceneUrl).then((r) => {
        if (!r.ok) throw new Error(`scene ${props.sceneUrl}: HTTP ${r.status}`);
        return r.json() as Promise<AerialSceneModel>;
      }),
      groundImage(props.groundImage, props.groundSizeM, view),
      groundImage(props.farGroundImage),
    ])
      .then(([scene, ground, far]) => {
        setAssets({
          kind: 'offline',
          scene,
          ground: ground.texture,
          groundRect: ground.rect,
          far: far.texture,
        });
        continueRender(handle);
      })
      .catch((error: unknown) => cancelRender(error));
  }, [props.sceneUrl, props.groundImage, props.farGroundImage, props.groundSizeM, props.tiles, handle, view]);
  return assets;
}

/** A grade colour (hex, display sRGB) as the linear RGB three works in. */
function linearRgb(hex: string): Rgb {
  const c = new THREE.Color(hex);
  return [c.r, c.g, c.b];
}

// The project's TypeScript lib has no DOM typings; this is the browser's own image API.
type BitmapOptions = { readonly colorSpaceConversion: 'none'; readonly imageOrientation: 'flipY' };
const browser = globalThis as unknown as {
  createImageBitmap(
    blob: unknown,
    ...cropAndOptions:
      | [options: BitmapOptions]
      | [sx: number, sy: number, sw: number, sh: number, options: BitmapOptions]
  ): Promise<{ readonly width: number; readonly height: number; close(): void }>;
};

/**
 * Fetches and decodes a ground image as a texture of its bytes as they are (display sRGB, not decoded),
 * rows bottom-up as the ground plane's v runs south to north; bakedGround grades it on the GPU. Given the
 * ground's side and a view, only the pixels covering the view are decoded into the texture, and `rect`
 * says which ground they cover (else the whole square; the far ground's rect is not used).
 */
async function groundImage(
  url: string,
  sizeM = 0,
  view: GroundRect | null = null,
): Promise<{ texture: THREE.Texture; rect: GroundRect }> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`ground image ${url}: HTTP ${response.status}`);
  const blob = await response.blob();
  const half = sizeM / 2;
  let rect: GroundRect = { minX: -half, maxX: half, minY: -half, maxY: half };
  let crop: { sx: number; sy: number; sw: number; sh: number } | undefined;
  if (view) {
    // The crop is in the picture's pixels: its size is read from the header, without decoding it.
    const header = new ImageHeaderScanner();
    header.push(new Uint8Array(await blob.arrayBuffer()));
    const size = header.size;
    if (!size || size.width === 0) throw new Error(`ground image ${url}: not a picture with a readable size`);
    const cropped = groundCrop(view, sizeM, size.width, size.height);
    if (cropped.sw > 0 && cropped.sh > 0) {
      crop = cropped;
      rect = cropped.rect;
    }
  }
  // WebGL does not flip an ImageBitmap on upload: it is decoded flipped instead (after the crop).
  const decode = { colorSpaceConversion: 'none', imageOrientation: 'flipY' } as const;
  const bitmap = await (crop
    ? browser.createImageBitmap(blob, crop.sx, crop.sy, crop.sw, crop.sh, decode)
    : browser.createImageBitmap(blob, decode));
  const texture = new THREE.Texture(bitmap as unknown as HTMLImageElement);
  texture.flipY = false;
  texture.colorSpace = THREE.NoColorSpace;
  texture.generateMipmaps = false;
  texture.minFilter = THREE.NearestFilter;
  texture.magFilter = THREE.NearestFilter;
  texture.needsUpdate = true;
  return { texture, rect };
}

/**
 * The ground image graded once, on the GPU: GROUND_BAKE_FRAGMENT draws every texel tinted, tone-mapped
 * and encoded into a mip-mapped texture of the same size, so the ground's shader only samples (see
 * aerial-bake.ts). The source texture is released once drawn.
 */
function bakedGround(
  renderer: THREE.WebGLRenderer,
  source: THREE.Texture,
  tint: Rgb,
  sampling: (typeof SAMPLING)[keyof typeof SAMPLING],
  wrap: THREE.Wrapping = THREE.ClampToEdgeWrapping,
): THREE.Texture {
  const { width, height } = source.image as { width: number; height: number };
  // A render target's sampling is fixed when it is set up: wrapping too is given here, not changed later.
  const target = new THREE.WebGLRenderTarget(width, height, {
    wrapS: wrap,
    wrapT: wrap,
    depthBuffer: false,
    generateMipmaps: true,
    minFilter: sampling.minFilter,
    magFilter: THREE.LinearFilter,
    anisotropy: sampling.anisotropy,
    colorSpace: THREE.NoColorSpace,
  });
  const material = new THREE.RawShaderMaterial({
    glslVersion: THREE.GLSL3,
    vertexShader: GROUND_BAKE_VERTEX,
    fragmentShader: GROUND_BAKE_FRAGMENT,
    uniforms: { map: { value: source }, tint: { value: new THREE.Vector3(...tint) } },
    depthTest: false,
    depthWrite: false,
  });
  const quad = new THREE.Mesh(new THREE.PlaneGeometry(2, 2), material);
  quad.frustumCulled = false;
  const scene = new THREE.Scene();
  scene.add(quad);
  const previous = renderer.getRenderTarget();
  renderer.setRenderTarget(target);
  renderer.render(scene, new THREE.OrthographicCamera(-1, 1, 1, -1, 0, 1));
  renderer.setRenderTarget(previous);
  material.dispose();
  quad.geometry.dispose();
  source.dispose();
  (source.image as { close(): void }).close();
  return target.texture;
}

export function AerialScene(props: AerialSceneProps) {
  const frame = useCurrentFrame();
  const { width, height, durationInFrames } = useVideoConfig();
  const grade = GRADES[props.shotType];
  // A branded video ends on its card; the flight takes the frames before it. The card fades in over the
  // flight's last frame (held), then stands alone, so the scene is drawn only while it shows through.
  const flightFrames = durationInFrames - (props.endCard?.frames ?? 0);
  const cardFrame = frame - flightFrames;
  const flightFrame = Math.min(frame, flightFrames - 1);
  const pose =
    props.camera.kind === 'pose'
      ? props.camera.pose
      : poseAlong(FOOTAGE_PATHS[props.camera.style], flightFrames > 1 ? flightFrame / (flightFrames - 1) : 1);
  const resolved = resolveCamera(pose, props.frontDirection ?? undefined);
  // A re-framed rendition brings its own lens (camera/reframe.ts); the sky test below reads it too.
  const lens = cappedFov(props.verticalFovDeg || resolved.verticalFovDeg, resolved.pose, props.skyCap);
  const camera = lens !== resolved.verticalFovDeg ? { ...resolved, verticalFovDeg: lens } : resolved;
  // A still's camera stands still: its ground is only what it sees (ground-footprint.ts).
  const view =
    props.camera.kind === 'pose'
      ? visibleGroundRect({ ...camera, aspect: width / height }, props.groundSizeM, STILL_GROUND_MARGIN_M)
      : null;
  const assets = useAssets(props, view);
  if (props.endCard && cardFrame >= END_CARD_FADE_FRAMES)
    return <EndCardView card={props.endCard} frame={cardFrame} />;
  return (
    <AbsoluteFill style={{ backgroundColor: grade.skyHorizon }}>
      <AbsoluteFill>
        {assets ? (
          <ThreeCanvas
            width={width}
            height={height}
            gl={{ antialias: false, powerPreference: 'high-performance' }}
            onCreated={failOnShaderErrors}
            linear={false}
            flat={false}
          >
            <Rig camera={camera} />
            <World assets={assets} grade={grade} props={props} camera={camera} />
          </ThreeCanvas>
        ) : null}
      </AbsoluteFill>
      {props.endCard && cardFrame >= 0 ? <EndCardView card={props.endCard} frame={cardFrame} /> : null}
    </AbsoluteFill>
  );
}

/** A shader that does not compile would otherwise render a blank frame that looks like success. */
function failOnShaderErrors(state: { gl: THREE.WebGLRenderer }) {
  state.gl.debug.onShaderError = (gl, _program, vertex, fragment) => {
    // The project's TypeScript lib has no DOM WebGL typings; the call is WebGL's own.
    const info = gl as unknown as { getShaderInfoLog(shader: unknown): string | null };
    const log = [info.getShaderInfoLog(vertex), info.getShaderInfoLog(fragment)].filter(Boolean).join('\n');
    cancelRender(new Error(`AerialScene: a shader failed to compile: ${log}`));
  };
}

function Rig({ camera }: { camera: ResolvedCamera }) {
  const three = useThree((s) => s.camera) as THREE.PerspectiveCamera;
  // The composition's own shape, set here rather than left to the canvas's resize handling, so a square or
  // portrait rendition is projected exactly as its framing was computed (camera/reframe.ts).
  const { width, height } = useVideoConfig();
  const { position: p, forward: f, up: u } = camera;
  three.aspect = width / height;
  three.fov = camera.verticalFovDeg;
  three.near = Math.max(1, camera.pose.distance * 0.02);
  three.far = 60_000;
  three.position.set(p.x, p.y, p.z);
  three.up.set(u.x, u.y, u.z);
  three.lookAt(p.x + f.x, p.y + f.y, p.z + f.z);
  three.updateProjectionMatrix();
  return null;
}

const SKY_RADIUS = 40_000;
const FAR_GROUND = 50_000;

function World(world: { assets: Assets; grade: Grade; props: AerialSceneProps; camera: ResolvedCamera }) {
  const { assets } = world;
  return assets.kind === 'tiles' ? (
    <TilesWorld {...world} tiles={assets.tiles} />
  ) : (
    <OfflineWorld {...world} assets={assets} />
  );
}

/** The grade's colour pipeline added to a material's fragment shader. `raw`: colour is display sRGB already. */
function graded<M extends THREE.Material>(m: M, glsl: string, raw = false): M {
  m.onBeforeCompile = (shader) => {
    // The grade goes after the fog, as in the sky's shader: graded before it, a surface fogged to the
    // haze colour kept none of the grade (no vignette, no contrast) and met the sky's graded haze in a
    // line across the frame.
    const fog = '#include <fog_fragment>';
    if (!shader.fragmentShader.includes(fog)) throw new Error(`graded: no ${fog} in the material's shader`);
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <colorspace_fragment>', raw ? '' : '#include <colorspace_fragment>')
      .replace(fog, `${fog}\n${glsl}`);
  };
  m.customProgramCacheKey = () => `${raw ? 'raw' : 'linear'}\n${glsl}`;
  if (raw) m.toneMapped = false;
  return m;
}

/** Haze and sky, shared by both scene sources. */
function Atmosphere({ grade, camera, glsl }: { grade: Grade; camera: ResolvedCamera; glsl: string }) {
  const d = camera.pose.distance;
  // One fog object for the whole clip: a new one each frame makes three re-resolve every program.
  const fog = useMemo(() => new THREE.Fog(grade.haze), [grade.haze]);
  fog.near = d * grade.hazeFrom;
  fog.far = Math.max(d * grade.hazeTo, 1800);
  const sky = useMemo(() => skyMaterial(grade, glsl), [grade, glsl]);
  const p = camera.position;
  return (
    <>
      <primitive attach="fog" object={fog} />
      {/* Drawn last, where nothing else covered, and only when the horizon is in view. */}
      <mesh position={[p.x, p.y, p.z]} material={sky} renderOrder={10} visible={skyInView(camera)}>
        <sphereGeometry args={[SKY_RADIUS, 32, 16]} />
      </mesh>
    </>
  );
}

/** A tile's material as an unlit one with its texture, colour, vertex colours and sides. */
function toUnlit(m: THREE.Material): THREE.MeshBasicMaterial {
  if (m instanceof THREE.MeshBasicMaterial) return m;
  const lit = m as THREE.MeshStandardMaterial;
  return new THREE.MeshBasicMaterial({
    map: lit.map ?? null,
    color: lit.color ?? new THREE.Color('#ffffff'),
    vertexColors: lit.vertexColors,
    side: lit.side,
    transparent: lit.transparent,
    opacity: lit.opacity,
  });
}

/** The cloud scene: the provider's textured tiles (unlit photogrammetry), graded like the offline scene. */
function TilesWorld({ tiles, grade, camera }: { tiles: THREE.Group; grade: Grade; camera: ResolvedCamera }) {
  const { width, height } = useVideoConfig();
  const glsl = gradeGlsl(grade, width, height);
  useMemo(() => {
    tiles.traverse((node) => {
      const mesh = node as THREE.Mesh;
      if (!mesh.isMesh) return;
      // Photogrammetry has its light baked into the texture: drawn unlit whatever material the glTF
      // declares (a lit PBR material would be black here, the scene has no lights).
      const unlit = (m: THREE.Material) => graded(toUnlit(m), glsl);
      mesh.material = Array.isArray(mesh.material) ? mesh.material.map(unlit) : unlit(mesh.material);
    });
  }, [tiles, glsl]);
  return (
    <>
      <Atmosphere grade={grade} camera={camera} glsl={glsl} />
      <primitive object={tiles} />
    </>
  );
}

function OfflineWorld({
  assets,
  grade,
  props,
  camera,
}: {
  assets: Extract<Assets, { kind: 'offline' }>;
  grade: Grade;
  props: AerialSceneProps;
  camera: ResolvedCamera;
}) {
  const { width, height } = useVideoConfig();
  const glsl = gradeGlsl(grade, width, height);
  const renderer = useThree((s) => s.gl);
  const ground = useMemo(() => {
    const tint = linearRgb(grade.groundTint);
    const sampling = SAMPLING[props.camera.kind === 'path' ? 'footage' : 'still'];
    return {
      near: bakedGround(renderer, assets.ground, tint, sampling),
      far: bakedGround(renderer, assets.far, tint, sampling, THREE.MirroredRepeatWrapping),
    };
  }, [renderer, assets, grade.groundTint, props.camera.kind]);
  const lights = useMemo(() => sceneLights(grade), [grade]);
  const houses = useMemo(() => houseGeometry(assets.scene, lights), [assets.scene, lights]);
  const windows = useMemo(() => windowGeometry(assets.scene), [assets.scene]);
  const materials = useMemo(() => {
    const daylight = grade.windowColor === '#000000';
    return {
      // The baked ground is display sRGB already: sampled and graded, not tone-mapped or encoded again.
      ground: graded(new THREE.MeshBasicMaterial({ map: ground.near }), glsl, true),
      far: graded(new THREE.MeshBasicMaterial({ map: ground.far }), glsl, true),
      houses: graded(new THREE.MeshBasicMaterial({ vertexColors: true }), glsl),
      windows: graded(new THREE.MeshBasicMaterial({ color: daylight ? '#2f3a44' : grade.windowColor }), glsl),
      trees: graded(new THREE.MeshBasicMaterial({ vertexColors: true }), glsl),
    };
  }, [grade, glsl, ground]);
  const trees = useMemo(
    () => treeMesh(assets.scene, materials.trees, lights),
    [assets.scene, materials.trees, lights],
  );
  useMemo(() => {
    ground.far.repeat.set(FAR_GROUND / props.farTileM, FAR_GROUND / props.farTileM);
  }, [ground, props.farTileM]);
  const r = assets.groundRect;
  // Draw order, nearest surfaces first so the depth test spares the ground under them: houses and trees,
  // windows (on the walls, so after them), the ground, the far ground under it; the sky comes last.
  return (
    <>
      <Atmosphere grade={grade} camera={camera} glsl={glsl} />
      <mesh position={[0, 0, -0.4]} material={materials.far} renderOrder={3}>
        <planeGeometry args={[FAR_GROUND, FAR_GROUND]} />
      </mesh>
      <mesh
        position={[(r.minX + r.maxX) / 2, (r.minY + r.maxY) / 2, 0]}
        material={materials.ground}
        renderOrder={2}
      >
        <planeGeometry args={[r.maxX - r.minX, r.maxY - r.minY]} />
      </mesh>
      <mesh geometry={houses} material={materials.houses} />
      <mesh geometry={windows} material={materials.windows} renderOrder={1} />
      <primitive object={trees} />
    </>
  );
}

/** The grade's sky and sun as three would light a Lambert surface (linear colours times intensity). */
function sceneLights(grade: Grade): SceneLights {
  const scaled = (hex: string, k: number): Rgb => {
    const [r, g, b] = linearRgb(hex);
    return [r * k, g * k, b * k];
  };
  const az = grade.sunAzimuthDeg * DEG;
  const el = grade.sunElevationDeg * DEG;
  return {
    sky: scaled(grade.skyLight, grade.ambientIntensity),
    ground: scaled(grade.groundLight, grade.ambientIntensity),
    sunDirection: [Math.sin(az) * Math.cos(el), Math.cos(az) * Math.cos(el), Math.sin(el)],
    sun: scaled(grade.sunColor, grade.sunIntensity),
  };
}

/** Whether the top of the frame reaches the horizon (the look angle from nadir plus half the field of view). */
function skyInView(camera: ResolvedCamera): boolean {
  return camera.pose.tilt + camera.pose.pitch + camera.verticalFovDeg / 2 > 86;
}

/** Every house's walls and roof planes as one non-indexed mesh, its colours lit per face. */
function houseGeometry(scene: AerialSceneModel, lights: SceneLights): THREE.BufferGeometry {
  const positions: number[] = [];
  const colors: number[] = [];
  const color = new THREE.Color();
  const fan = (poly: number[]) => {
    const n = poly.length / 3;
    for (let i = 1; i + 1 < n; i++) {
      for (const k of [0, i, i + 1]) {
        positions.push(poly[k * 3]!, poly[k * 3 + 1]!, poly[k * 3 + 2]!);
        colors.push(color.r, color.g, color.b);
      }
    }
  };
  for (const b of scene.buildings) {
    color.set(b.wallColor);
    for (const w of b.walls) fan(w);
    color.set(b.roofColor);
    for (const r of b.roof) fan(r);
  }
  const light = bakeFlatLight(positions, lights);
  for (let i = 0; i < colors.length; i++) colors[i]! *= light[i]!;
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  g.setAttribute('color', new THREE.Float32BufferAttribute(colors, 3));
  return g;
}

function windowGeometry(scene: AerialSceneModel): THREE.BufferGeometry {
  const w = scene.windows;
  const positions: number[] = [];
  for (let q = 0; q + 12 <= w.length; q += 12) {
    for (const k of [0, 1, 2, 0, 2, 3]) positions.push(w[q + k * 3]!, w[q + k * 3 + 1]!, w[q + k * 3 + 2]!);
  }
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  return g;
}

const CROWN_GREENS = ['#3f5f2a', '#4a6b30', '#36552a', '#56703a', '#44623a'];

/** Crowns are squashed vertically by this much (their faces' light is baked for that shape). */
const CROWN_SQUASH = 0.9;

/** One instanced low-poly crown per tree (a squashed icosahedron, lit per face), each a slightly different green. */
function treeMesh(
  scene: AerialSceneModel,
  material: THREE.Material,
  lights: SceneLights,
): THREE.InstancedMesh {
  const count = Math.floor(scene.trees.length / 3);
  const geometry = new THREE.IcosahedronGeometry(1, 1);
  const position = geometry.getAttribute('position');
  geometry.setAttribute(
    'color',
    new THREE.BufferAttribute(bakeFlatLight(position.array, lights, [1, 1, CROWN_SQUASH]), 3),
  );
  const mesh = new THREE.InstancedMesh(geometry, material, Math.max(1, count));
  mesh.count = count;
  const m = new THREE.Matrix4();
  const color = new THREE.Color();
  for (let i = 0; i < count; i++) {
    const [x, y, r] = [scene.trees[i * 3]!, scene.trees[i * 3 + 1]!, scene.trees[i * 3 + 2]!];
    // Crowns sit low enough that no trunk is needed from the air.
    m.makeScale(r, r, r * CROWN_SQUASH).setPosition(x, y, 1.4 + r * 0.8);
    mesh.setMatrixAt(i, m);
    mesh.setColorAt(i, color.set(CROWN_GREENS[i % CROWN_GREENS.length]!));
  }
  return mesh;
}

/**
 * How far above the horizon (the sine of the elevation) the haze thins into the sky's horizon colour.
 * The fogged far ground meets the sky at the horizon in the haze colour; a sky that started at once in
 * its own horizon colour drew a hard line across the frame wherever the two differ (the twilight grade:
 * lavender haze under an orange glow). About 3.4°: a band that reads as haze lying on the horizon.
 */
const HAZE_BAND = 0.06;

/**
 * A sky dome: the grade's colour straight up blending into its horizon colour, which rises out of the
 * haze over HAZE_BAND; not fogged.
 */
function skyMaterial(grade: Grade, glsl: string): THREE.ShaderMaterial {
  return new THREE.ShaderMaterial({
    side: THREE.BackSide,
    depthWrite: false,
    fog: false,
    uniforms: {
      top: { value: new THREE.Color(grade.skyTop) },
      horizon: { value: new THREE.Color(grade.skyHorizon) },
      haze: { value: new THREE.Color(grade.haze) },
    },
    vertexShader: `varying vec3 vDir;
      void main() { vDir = normalize(position); gl_Position = projectionMatrix * modelViewMatrix * vec4(position, 1.0); }`,
    fragmentShader: `uniform vec3 top; uniform vec3 horizon; uniform vec3 haze; varying vec3 vDir;
      void main() {
        float e = vDir.z;
        vec3 sky = mix(horizon, top, pow(clamp(e, 0.0, 1.0), 0.45));
        vec3 c = mix(haze, sky, smoothstep(0.0, ${HAZE_BAND.toFixed(3)}, e));
        gl_FragColor = vec4(c, 1.0);
        #include <colorspace_fragment>
        ${glsl}
      }`,
  });
}
