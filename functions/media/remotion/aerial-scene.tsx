// AerialScene: the drone view of a property, rendered with React Three Fiber through @remotion/three.
// One composition serves stills (a fixed pose) and footage (a camera path over the clip). Cheap by
// design so 1080p footage renders at several frames a second without a GPU: unlit textured ground whose
// shadows are baked by the nadir renderer, one merged Lambert mesh for every house, one instanced mesh
// for every tree crown, no shadow maps, linear fog for haze.

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
import { FOOTAGE_PATHS, poseAlong } from '../camera/presets.ts';
import type { AerialSceneProps } from './aerial-compositions.ts';
import { GRADES, type Grade, gradeGlsl } from './aerial-grades.ts';

interface Assets {
  readonly scene: AerialSceneModel;
  readonly ground: THREE.Texture;
  readonly far: THREE.Texture;
}

function useAssets(props: AerialSceneProps): Assets | null {
  const [assets, setAssets] = useState<Assets | null>(null);
  const [handle] = useState(() => delayRender('Loading the aerial scene and its ground images'));
  useEffect(() => {
    const loader = new THREE.TextureLoader();
    loader.setCrossOrigin('anonymous');
    Promise.all([
      fetch(props.sceneUrl).then((r) => {
        if (!r.ok) throw new Error(`scene ${props.sceneUrl}: HTTP ${r.status}`);
        return r.json() as Promise<AerialSceneModel>;
      }),
      loader.loadAsync(props.groundImage),
      loader.loadAsync(props.farGroundImage),
    ])
      .then(([scene, ground, far]) => {
        setAssets({ scene, ground, far });
        continueRender(handle);
      })
      .catch((error: unknown) => cancelRender(error));
  }, [props.sceneUrl, props.groundImage, props.farGroundImage, handle]);
  return assets;
}

export function AerialScene(props: AerialSceneProps) {
  const frame = useCurrentFrame();
  const { width, height, durationInFrames } = useVideoConfig();
  const assets = useAssets(props);
  const grade = GRADES[props.shotType];
  const pose =
    props.camera.kind === 'pose'
      ? props.camera.pose
      : poseAlong(
          FOOTAGE_PATHS[props.camera.style],
          durationInFrames > 1 ? frame / (durationInFrames - 1) : 1,
        );
  const camera = resolveCamera(pose, props.frontDirection ?? undefined);
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
      {props.attribution ? (
        <div
          style={{
            position: 'absolute',
            right: height * 0.012,
            bottom: height * 0.01,
            fontFamily: 'DejaVu Sans, sans-serif',
            fontSize: Math.round(height * 0.014),
            color: 'rgba(255,255,255,0.9)',
            textShadow: '0 0 3px rgba(0,0,0,0.8)',
          }}
        >
          {props.attribution}
        </div>
      ) : null}
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
  const { position: p, forward: f, up: u } = camera;
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

function World({
  assets,
  grade,
  props,
  camera,
}: {
  assets: Assets;
  grade: Grade;
  props: AerialSceneProps;
  camera: ResolvedCamera;
}) {
  const { width, height } = useVideoConfig();
  const glsl = gradeGlsl(grade, width, height);
  const houses = useMemo(() => houseGeometry(assets.scene), [assets.scene]);
  const windows = useMemo(() => windowGeometry(assets.scene), [assets.scene]);
  const materials = useMemo(() => {
    const graded = <M extends THREE.Material>(m: M): M => {
      m.onBeforeCompile = (shader) => {
        shader.fragmentShader = shader.fragmentShader.replace(
          '#include <colorspace_fragment>',
          `#include <colorspace_fragment>\n${glsl}`,
        );
      };
      m.customProgramCacheKey = () => glsl;
      return m;
    };
    const daylight = grade.windowColor === '#000000';
    return {
      sky: skyMaterial(grade, glsl),
      ground: graded(new THREE.MeshBasicMaterial({ map: assets.ground, color: grade.groundTint })),
      far: graded(new THREE.MeshBasicMaterial({ map: assets.far, color: grade.groundTint })),
      houses: graded(new THREE.MeshLambertMaterial({ vertexColors: true })),
      windows: graded(new THREE.MeshBasicMaterial({ color: daylight ? '#2f3a44' : grade.windowColor })),
      trees: graded(new THREE.MeshLambertMaterial({ flatShading: true })),
    };
  }, [grade, glsl, assets]);
  const trees = useMemo(() => treeMesh(assets.scene, materials.trees), [assets.scene, materials.trees]);
  useMemo(() => {
    for (const t of [assets.ground, assets.far]) {
      t.colorSpace = THREE.SRGBColorSpace;
      t.anisotropy = 2;
    }
    assets.far.wrapS = THREE.MirroredRepeatWrapping;
    assets.far.wrapT = THREE.MirroredRepeatWrapping;
    assets.far.repeat.set(FAR_GROUND / props.farTileM, FAR_GROUND / props.farTileM);
    assets.far.needsUpdate = true;
  }, [assets, props.farTileM]);
  const sun = new THREE.Vector3(
    Math.sin(grade.sunAzimuthDeg * DEG) * Math.cos(grade.sunElevationDeg * DEG),
    Math.cos(grade.sunAzimuthDeg * DEG) * Math.cos(grade.sunElevationDeg * DEG),
    Math.sin(grade.sunElevationDeg * DEG),
  ).multiplyScalar(1000);
  const d = camera.pose.distance;
  // One fog object for the whole clip: a new one each frame makes three re-resolve every program.
  const fog = useMemo(() => new THREE.Fog(grade.haze), [grade.haze]);
  fog.near = d * grade.hazeFrom;
  fog.far = Math.max(d * grade.hazeTo, 1800);
  const p = camera.position;
  return (
    <>
      <primitive attach="fog" object={fog} />
      <hemisphereLight
        args={[grade.skyLight, grade.groundLight, grade.ambientIntensity]}
        position={[0, 0, 1]}
      />
      <directionalLight color={grade.sunColor} intensity={grade.sunIntensity} position={sun} />
      {/* Drawn last, so only pixels nothing else covered pay for it; skipped when no sky is in view. */}
      <mesh position={[p.x, p.y, p.z]} material={materials.sky} renderOrder={10} visible={skyInView(camera)}>
        <sphereGeometry args={[SKY_RADIUS, 32, 16]} />
      </mesh>
      <mesh position={[0, 0, -0.4]} material={materials.far}>
        <planeGeometry args={[FAR_GROUND, FAR_GROUND]} />
      </mesh>
      <mesh position={[0, 0, 0]} material={materials.ground}>
        <planeGeometry args={[props.groundSizeM, props.groundSizeM]} />
      </mesh>
      <mesh geometry={houses} material={materials.houses} />
      <mesh geometry={windows} material={materials.windows} />
      <primitive object={trees} />
    </>
  );
}

/** Whether the top of the frame reaches the horizon (the look angle from nadir plus half the field of view). */
function skyInView(camera: ResolvedCamera): boolean {
  return camera.pose.tilt + camera.pose.pitch + camera.verticalFovDeg / 2 > 86;
}

/** Every house's walls and roof planes as one non-indexed mesh with flat normals and vertex colours. */
function houseGeometry(scene: AerialSceneModel): THREE.BufferGeometry {
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
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(positions, 3));
  g.setAttribute('color', new THREE.Float32BufferAttribute(colors, 3));
  g.computeVertexNormals();
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

/** One instanced low-poly crown per tree (a squashed icosahedron), each a slightly different green. */
function treeMesh(scene: AerialSceneModel, material: THREE.Material): THREE.InstancedMesh {
  const count = Math.floor(scene.trees.length / 3);
  const geometry = new THREE.IcosahedronGeometry(1, 1);
  const mesh = new THREE.InstancedMesh(geometry, material, Math.max(1, count));
  mesh.count = count;
  const m = new THREE.Matrix4();
  const color = new THREE.Color();
  for (let i = 0; i < count; i++) {
    const [x, y, r] = [scene.trees[i * 3]!, scene.trees[i * 3 + 1]!, scene.trees[i * 3 + 2]!];
    // Crowns sit low enough that no trunk is needed from the air.
    m.makeScale(r, r, r * 0.9).setPosition(x, y, 1.4 + r * 0.8);
    mesh.setMatrixAt(i, m);
    mesh.setColorAt(i, color.set(CROWN_GREENS[i % CROWN_GREENS.length]!));
  }
  return mesh;
}

/** A sky dome: the grade's colour straight up blending into its horizon colour, not fogged. */
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
        vec3 c = e > 0.0 ? mix(horizon, top, pow(clamp(e, 0.0, 1.0), 0.45)) : haze;
        gl_FragColor = vec4(c, 1.0);
        #include <colorspace_fragment>
        ${glsl}
      }`,
  });
}
