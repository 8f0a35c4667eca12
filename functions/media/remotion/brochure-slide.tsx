// Draws a brochure slide's display list (brochure-scene.ts) as one still frame. The layout is already
// done: boxes, colours and glyph outlines arrive in the props, so this component only paints them in
// order. Text is drawn as the DejaVu glyph outlines the layout measured (SVG paths), so Chromium needs
// no font at all and cannot substitute a system font with other metrics.
import { AbsoluteFill, Img, useVideoConfig } from 'remotion';
import type { BrochureSlideProps, SceneElement } from './brochure-scene.ts';

function Element({ element, images }: { element: SceneElement; images: BrochureSlideProps['images'] }) {
  // Outlines are in slide pixels, whichever shape the slide is: the canvas is the composition's size.
  const { width, height } = useVideoConfig();
  switch (element.kind) {
    case 'rect':
      return (
        <div
          style={{
            position: 'absolute',
            left: element.x,
            top: element.y,
            width: element.w,
            height: element.h,
            background: element.fill,
            opacity: element.opacity ?? 1,
            borderRadius: element.radius ?? 0,
          }}
        />
      );
    case 'image':
      return (
        <Img
          src={images[element.image] ?? ''}
          style={{
            position: 'absolute',
            left: element.x,
            top: element.y,
            width: element.w,
            height: element.h,
            // The file already has the slot's aspect ratio; 'cover' only guards against rounding.
            objectFit: 'cover',
            borderRadius: element.circle ? '50%' : (element.radius ?? 0),
          }}
        />
      );
    case 'text':
    case 'path':
      return (
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          style={{ position: 'absolute', left: 0, top: 0, overflow: 'visible' }}
        >
          <title>{element.kind === 'text' ? element.text : 'Marker'}</title>
          {element.kind === 'text' ? (
            <path d={element.d} fill={element.color} />
          ) : (
            <path
              d={element.d}
              fill={element.fill}
              stroke={element.stroke}
              strokeWidth={element.strokeWidth}
              paintOrder="stroke"
            />
          )}
        </svg>
      );
  }
}

export function BrochureSlide({ background, elements, images }: BrochureSlideProps) {
  return (
    <AbsoluteFill style={{ background }}>
      {elements.map((element, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a display list is static; its order is its identity
        <Element key={i} element={element} images={images} />
      ))}
    </AbsoluteFill>
  );
}
