// MarkupReveal: the aerial held still while the boundary draws itself on, the blur or darkening fades in
// outside it, and the annotations appear one after another; it ends on the edit's finished look.
import type { CSSProperties } from 'react';
import { AbsoluteFill, Easing, Img, useCurrentFrame, useVideoConfig } from 'remotion';
import { ringPath } from '../markup/svg-path.ts';
import { type MarkupRevealProps, revealPhases } from './compositions.ts';
import { END_CARD_FADE_FRAMES } from './end-card.ts';
import { EndCardView } from './end-card-view.tsx';

const fill: CSSProperties = { position: 'absolute', left: 0, top: 0, width: '100%', height: '100%' };
const ease = Easing.bezier(0.45, 0, 0.2, 1);

export function MarkupReveal(props: MarkupRevealProps) {
  const frame = useCurrentFrame();
  const { durationInFrames, width, height } = useVideoConfig();
  // A branded video ends on its card; the reveal takes the frames before it. The card fades in over the
  // reveal's finished look (its last frame, held), then stands alone: no cut to black between them.
  const revealFrames = durationInFrames - (props.endCard?.frames ?? 0);
  const cardFrame = frame - revealFrames;
  if (props.endCard && cardFrame >= END_CARD_FADE_FRAMES)
    return <EndCardView card={props.endCard} frame={cardFrame} />;
  // Every moving part comes from revealPhases (frameRuns relies on it: equal phases, equal pictures; a
  // card frame is told apart by the card's opacity).
  const phases = revealPhases(Math.min(frame, revealFrames - 1), revealFrames, props.annotations.length);
  const drawn = ease(phases.draw);
  const effect = ease(phases.effect);
  const ring = ringPath(props.boundary);
  const outside = `M0 0H${width}V${height}H0Z${ring}`;

  return (
    <AbsoluteFill style={{ backgroundColor: '#000' }}>
      <Img src={props.baseImage} style={fill} />
      {props.effect.kind === 'blur' ? (
        <Img
          src={props.effect.image}
          style={{ ...fill, opacity: effect, clipPath: `path(evenodd, '${outside}')` }}
        />
      ) : null}
      <svg style={fill} viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
        <title>Property boundary</title>
        {props.effect.kind === 'darken' ? (
          <path d={outside} fillRule="evenodd" fill="#000" fillOpacity={props.effect.amount * effect} />
        ) : null}
        {drawn > 0 ? (
          <path
            d={ring}
            fill="none"
            stroke={props.outline.color}
            strokeWidth={props.outline.width}
            strokeLinejoin="round"
            pathLength={1}
            strokeDasharray="1 1"
            strokeDashoffset={1 - drawn}
          />
        ) : null}
      </svg>
      {props.annotations.map((a, i) => {
        const shown = ease(phases.annotations[i] ?? 1);
        return (
          <Img
            key={a.src}
            src={a.src}
            style={{
              position: 'absolute',
              left: a.left,
              top: a.top,
              width: a.width,
              height: a.height,
              opacity: shown,
              transform: `scale(${0.92 + 0.08 * shown})`,
            }}
          />
        );
      })}
      {props.endCard && cardFrame >= 0 ? <EndCardView card={props.endCard} frame={cardFrame} /> : null}
    </AbsoluteFill>
  );
}
