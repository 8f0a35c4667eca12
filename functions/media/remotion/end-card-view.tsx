// The end card drawn, as end-card.ts laid it out: the brand colour, the logo, the accent rule and the text
// outlines, fading in over its first frames.
import { AbsoluteFill, Img, useVideoConfig } from 'remotion';
import { type EndCardProps, endCardOpacity } from './end-card.ts';

export function EndCardView(props: { readonly card: EndCardProps; readonly frame: number }) {
  const { card, frame } = props;
  const { width, height } = useVideoConfig();
  return (
    <AbsoluteFill style={{ backgroundColor: card.background, opacity: endCardOpacity(frame) }}>
      {card.logo ? (
        <Img
          src={card.logo.src}
          style={{
            position: 'absolute',
            left: card.logo.left,
            top: card.logo.top,
            width: card.logo.width,
            height: card.logo.height,
          }}
        />
      ) : null}
      <svg
        style={{ position: 'absolute', left: 0, top: 0 }}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
      >
        <title>End card</title>
        <rect
          x={card.rule.x}
          y={card.rule.y}
          width={card.rule.w}
          height={card.rule.h}
          fill={card.rule.color}
        />
        {card.text.map((line) => (
          <path key={line.d.slice(0, 40)} d={line.d} fill={line.color} />
        ))}
      </svg>
    </AbsoluteFill>
  );
}
