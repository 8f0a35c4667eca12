// The room types staging knows, and how a caller's free text ("Master bed", "lounge room", "patio")
// is mapped onto one of them. The output always says which type was used and how it was chosen, so a
// caller whose text fell back to the default can see it and send a better one.

export const ROOM_TYPES = [
  'living',
  'bedroom',
  'kitchen',
  'dining',
  'office',
  'bathroom',
  'outdoor',
] as const;
export type RoomType = (typeof ROOM_TYPES)[number];

/** Used when the text names no known room: the most common staged room in listings. */
const FALLBACK_ROOM_TYPE: RoomType = 'living';

/** Words and phrases, lower case, matched as whole words after normalisation. */
const ROOM_TYPE_SYNONYMS: Readonly<Record<RoomType, readonly string[]>> = {
  living: [
    'living',
    'living room',
    'lounge',
    'lounge room',
    'family',
    'family room',
    'sitting room',
    'front room',
    'rumpus',
    'rumpus room',
    'media room',
    'theatre',
    'den',
    'great room',
    'open plan',
  ],
  bedroom: [
    'bedroom',
    'bed',
    'master',
    'master bedroom',
    'main bedroom',
    'guest room',
    'guest bedroom',
    'spare room',
    'nursery',
    'kids room',
    'bed room',
    'suite',
  ],
  kitchen: ['kitchen', 'kitchenette', 'galley', 'pantry', 'butlers pantry', 'scullery'],
  dining: [
    'dining',
    'dining room',
    'dining area',
    'meals',
    'meals area',
    'meal',
    'meal area',
    'breakfast nook',
    'eat in',
  ],
  office: ['office', 'home office', 'study', 'studio', 'workroom', 'library', 'work from home'],
  bathroom: [
    'bathroom',
    'bath',
    'ensuite',
    'en suite',
    'powder room',
    'washroom',
    'toilet',
    'wc',
    'shower room',
  ],
  outdoor: [
    'outdoor',
    'outside',
    'patio',
    'deck',
    'balcony',
    'terrace',
    'alfresco',
    'courtyard',
    'veranda',
    'verandah',
    'porch',
    'garden',
    'backyard',
    'yard',
    'pergola',
  ],
};

type RoomTypeMatch = 'exact' | 'synonym' | 'fallback';

export interface ResolvedRoomType {
  /** The caller's text as sent. */
  readonly requested: string;
  readonly used: RoomType;
  /** exact: the text is a room type id; synonym: a known word for one; fallback: nothing matched. */
  readonly match: RoomTypeMatch;
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

// Longest phrases first so "dining room" beats "room"-less partial words and "master bedroom" wins
// over "bed"; ties keep ROOM_TYPES order.
const PHRASES = ROOM_TYPES.flatMap((type) =>
  ROOM_TYPE_SYNONYMS[type].map((phrase) => ({ type, phrase })),
).sort((a, b) => b.phrase.length - a.phrase.length);

/** Maps free text onto a room type; never throws (an unknown text falls back and says so). */
export function resolveRoomType(requested: string): ResolvedRoomType {
  const text = normalise(requested);
  const exact = ROOM_TYPES.find((type) => type === text);
  if (exact) return { requested, used: exact, match: 'exact' };
  // Plural forms ("bedrooms") count as the word.
  const words = ` ${text
    .split(' ')
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .join(' ')} `;
  for (const { type, phrase } of PHRASES) {
    if (words.includes(` ${phrase} `)) return { requested, used: type, match: 'synonym' };
  }
  return { requested, used: FALLBACK_ROOM_TYPE, match: 'fallback' };
}
