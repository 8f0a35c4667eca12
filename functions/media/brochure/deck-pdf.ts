// The listing kit's `brochure_deck`: the slides' PDFs (one A4 landscape page each, from slide-pdf.ts)
// merged into one document, in two versions.
//
// - Screen: the slide pages copied as they are, in order, with a bookmark per slide.
// - Print: one sheet per slide page, cut to the slide itself. The trim is the slide's own area on
//   its A4 page, not the A4 page: slide-pdf.ts scales the 16:9 slide to the page width and centres it,
//   leaving white bands above and below that are not part of the design, and a printer who trimmed to
//   A4 would cut a white stripe onto both long edges. Around the trim, 3 mm of bleed that continues
//   the slide (so a cut a little outside the trim shows no white hairline), and around that a 10 mm
//   slug holding crop marks. The page boxes say which is which (MediaBox = CropBox = the sheet,
//   BleedBox = trim + 3 mm, TrimBox = the slide).
//
// The bleed is filled from the slide's edges: with the slide's PNG when given (its edge pixels
// mirrored, or copied, outwards and drawn behind the vector slide, the PNG scaled so that its edges lie
// exactly on the trim), otherwise with the vector slide itself mirrored about each trim edge. Both
// behave the same: what is in the 3 mm inside an edge shows, reflected, in the 3 mm outside it.
//
// Pure: bytes in, bytes out. The output is the same bytes for the same input (the dates come from
// `meta.date`, the Unix epoch when not given; pdf-lib writes no random file ID).
import {
  concatTransformationMatrix,
  drawObject,
  endPath,
  LineCapStyle,
  lineTo,
  moveTo,
  type PDFContext,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  clip as setClip,
  setLineCap,
  setLineWidth,
  stroke,
} from 'pdf-lib';
import sharp from 'sharp';
import { BROCHURE_SLIDE_SIZE } from '../remotion/brochure-scene.ts';
import { embedPngImage } from './png-xobject.ts';

/** Points per millimetre (1 pt = 1/72 inch, 1 inch = 25.4 mm). */
export const PT_PER_MM = 72 / 25.4;

/** The print geometry, in millimetres. */
export const PRINT_MARKS_MM = {
  /** Bleed on every side of the trim. */
  bleed: 3,
  /** Slug: the margin outside the bleed that holds the crop marks. */
  slug: 10,
  /** Where a crop mark starts, measured from the trim edge: at the bleed edge, so no mark enters the bleed. */
  markOffset: 3,
  /** Crop mark length; it ends 4 mm inside the sheet edge. */
  markLength: 6,
} as const;

/** Crop mark stroke width in points (a hairline printers expect). */
const CROP_MARK_WIDTH_PT = 0.25;

interface DeckMeta {
  readonly title: string;
  readonly author?: string;
  readonly subject?: string;
  /** Creation and modification date; the Unix epoch when not given, so equal input gives equal bytes. */
  readonly date?: Date;
}

interface ScreenDeckSlide {
  readonly pdf: Uint8Array;
  /** The bookmark of the slide's first page ("Slide n" when not given). */
  readonly title?: string;
}

interface PrintDeckSlide {
  readonly pdf: Uint8Array;
  /**
   * The slide rendered as PNG (any size with the slide's aspect ratio) for the bleed. Only for a
   * single-page slide PDF; without it the bleed mirrors the vector slide.
   */
  readonly png?: Uint8Array;
}

interface PrintDeckOptions {
  /** How the PNG's edge pixels continue into the bleed: reflected (default) or repeated. */
  readonly bleedFrom?: 'mirror' | 'copy';
}

interface DeckResult {
  readonly bytes: Buffer;
  readonly pages: number;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

const CREATOR = 'property-media-service listing kit';

/**
 * The slide's area on a slide PDF page, in PDF points (y up): slide-pdf.ts's geometry, the slide scaled
 * to the page width and centred vertically (or, were the page wider than the slide, to the height and
 * centred horizontally). For A4 landscape: x 0, y 60.858, 841.89 x 473.563 pt (297 x 167.06 mm).
 */
export function slideTrimBox(page: { readonly width: number; readonly height: number }): Rect {
  const aspect = BROCHURE_SLIDE_SIZE.width / BROCHURE_SLIDE_SIZE.height;
  if (page.width / page.height <= aspect) {
    // The same arithmetic as slide-pdf.ts, so the numbers match its drawing to the last bit.
    const s = page.width / BROCHURE_SLIDE_SIZE.width;
    const height = BROCHURE_SLIDE_SIZE.height * s;
    return { x: 0, y: (page.height - height) / 2, width: page.width, height };
  }
  const s = page.height / BROCHURE_SLIDE_SIZE.height;
  const width = BROCHURE_SLIDE_SIZE.width * s;
  return { x: (page.width - width) / 2, y: 0, width, height: page.height };
}

interface PrintSheet {
  /** The whole sheet (MediaBox and CropBox). */
  readonly media: Rect;
  readonly bleed: Rect;
  readonly trim: Rect;
}

/** The print sheet around a trim of the given size, in points, origin at the sheet's lower left. */
export function printSheet(trim: { readonly width: number; readonly height: number }): PrintSheet {
  const bleed = PRINT_MARKS_MM.bleed * PT_PER_MM;
  const margin = (PRINT_MARKS_MM.bleed + PRINT_MARKS_MM.slug) * PT_PER_MM;
  return {
    media: { x: 0, y: 0, width: trim.width + 2 * margin, height: trim.height + 2 * margin },
    bleed: {
      x: margin - bleed,
      y: margin - bleed,
      width: trim.width + 2 * bleed,
      height: trim.height + 2 * bleed,
    },
    trim: { x: margin, y: margin, width: trim.width, height: trim.height },
  };
}

/** The crop marks of a sheet: two lines per corner on the trim edges' extensions, outside the bleed. */
function cropMarks(sheet: PrintSheet): [x1: number, y1: number, x2: number, y2: number][] {
  const { x, y, width, height } = sheet.trim;
  const from = PRINT_MARKS_MM.markOffset * PT_PER_MM;
  const to = from + PRINT_MARKS_MM.markLength * PT_PER_MM;
  const lines: [number, number, number, number][] = [];
  for (const cx of [x, x + width]) {
    for (const cy of [y, y + height]) {
      const sx = cx === x ? -1 : 1;
      const sy = cy === y ? -1 : 1;
      lines.push([cx + sx * from, cy, cx + sx * to, cy]); // horizontal, on the line of the top/bottom edge
      lines.push([cx, cy + sy * from, cx, cy + sy * to]); // vertical, on the line of the left/right edge
    }
  }
  return lines;
}

/**
 * The slide PNG grown outwards by at least `bleedPt` on every side from its own edge pixels, and where
 * to draw it: its original pixels land exactly on `trim`. The middle, which the vector slide covers, is
 * painted white so it costs next to nothing in the file.
 */
export async function bleedImage(
  png: Uint8Array,
  trim: Rect,
  bleedPt: number,
  extendWith: 'mirror' | 'copy' = 'mirror',
): Promise<{ png: Buffer; placement: Rect; pixelsPerPoint: number }> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const pixelsPerPoint = width / trim.width;
  if (Math.abs(height / pixelsPerPoint - trim.height) > 1 / pixelsPerPoint + 0.01 * trim.height)
    throw new Error(`slide PNG ${width}x${height} does not have the slide's aspect ratio`);
  const grow = Math.ceil(bleedPt * pixelsPerPoint) + 1;
  // The edge ring stays as extended; the middle (4 px in from the trim, so the vector slide's
  // anti-aliased edge still sits over real pixels) becomes flat white.
  const keep = grow + 4;
  // Extended, then the middle painted white in the raw pixels: one PNG encode, no compositing (which
  // would add an alpha channel to take off again).
  const { data, info } = await sharp(png)
    .removeAlpha()
    .extend({ top: grow, bottom: grow, left: grow, right: grow, extendWith })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const row = info.width * info.channels;
  if (info.width > 2 * keep)
    for (let y = keep; y < info.height - keep; y += 1)
      data.fill(255, y * row + keep * info.channels, y * row + (info.width - keep) * info.channels);
  const out = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: info.channels },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return {
    png: out,
    placement: {
      x: trim.x - grow / pixelsPerPoint,
      y: trim.y - grow / pixelsPerPoint,
      width: (width + 2 * grow) / pixelsPerPoint,
      height: (height + 2 * grow) / pixelsPerPoint,
    },
    pixelsPerPoint,
  };
}

async function newDeck(meta: DeckMeta, subject: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(meta.title, { showInWindowTitleBar: true });
  if (meta.author) doc.setAuthor(meta.author);
  doc.setSubject(meta.subject ?? subject);
  doc.setCreator(CREATOR);
  doc.setProducer('pdf-lib');
  const date = meta.date ?? new Date(0);
  doc.setCreationDate(date);
  doc.setModificationDate(date);
  return doc;
}

const save = async (doc: PDFDocument): Promise<DeckResult> => ({
  bytes: Buffer.from(await doc.save()),
  pages: doc.getPageCount(),
});

function requireSlides(slides: readonly unknown[]): void {
  if (slides.length === 0) throw new RangeError('a deck needs at least one slide');
}

/** Bookmarks: one per slide, pointing at its first page. */
function addOutline(doc: PDFDocument, entries: readonly { title: string; page: PDFRef }[]): void {
  const context: PDFContext = doc.context;
  const root = context.nextRef();
  const refs = entries.map(() => context.nextRef());
  entries.forEach((entry, i) => {
    const item = context.obj({
      Title: PDFHexString.fromText(entry.title),
      Parent: root,
      Dest: [entry.page, PDFName.of('Fit')],
    });
    if (i > 0) item.set(PDFName.of('Prev'), refs[i - 1]!);
    if (i < refs.length - 1) item.set(PDFName.of('Next'), refs[i + 1]!);
    context.assign(refs[i]!, item);
  });
  context.assign(
    root,
    context.obj({ Type: 'Outlines', First: refs[0]!, Last: refs.at(-1)!, Count: refs.length }),
  );
  doc.catalog.set(PDFName.of('Outlines'), root);
}

/** The screen deck: every page of every slide PDF, in order, with one bookmark per slide. */
export async function screenDeck(slides: readonly ScreenDeckSlide[], meta: DeckMeta): Promise<DeckResult> {
  requireSlides(slides);
  const doc = await newDeck(meta, `${slides.length} slides`);
  const outline: { title: string; page: PDFRef }[] = [];
  for (const [i, slide] of slides.entries()) {
    const source = await PDFDocument.load(slide.pdf, { updateMetadata: false });
    const pages = await doc.copyPages(source, source.getPageIndices());
    if (pages.length === 0) throw new Error(`slide ${i + 1}: the PDF has no pages`);
    for (const page of pages) doc.addPage(page);
    outline.push({ title: slide.title ?? `Slide ${i + 1}`, page: pages[0]!.ref });
  }
  addOutline(doc, outline);
  return save(doc);
}

const box = (r: Rect) => [r.x, r.y, r.x + r.width, r.y + r.height];

/** Registration colour: the separation "All", which marks every plate (cyan, magenta, yellow, black). */
function registrationColourSpace(context: PDFContext): PDFRef {
  const tint = context.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [1, 1, 1, 1], N: 1 });
  return context.register(
    context.obj([PDFName.of('Separation'), PDFName.of('All'), PDFName.of('DeviceCMYK'), tint]),
  );
}

function setBoxes(page: PDFPage, sheet: PrintSheet): void {
  const { context } = page.doc;
  page.node.set(PDFName.of('MediaBox'), context.obj(box(sheet.media)));
  page.node.set(PDFName.of('CropBox'), context.obj(box(sheet.media)));
  page.node.set(PDFName.of('BleedBox'), context.obj(box(sheet.bleed)));
  page.node.set(PDFName.of('TrimBox'), context.obj(box(sheet.trim)));
}

const clipTo = (r: Rect) => [rectangle(r.x, r.y, r.width, r.height), setClip(), endPath()];

/**
 * The print deck: per slide page a sheet of trim + 3 mm bleed + 10 mm slug, the slide drawn as a form
 * XObject clipped to its trim, the bleed continuing the slide's edges, and registration-colour crop marks.
 */
export async function printDeck(
  slides: readonly PrintDeckSlide[],
  meta: DeckMeta,
  options: PrintDeckOptions = {},
): Promise<DeckResult> {
  requireSlides(slides);
  const doc = await newDeck(
    meta,
    `${slides.length} slides for print: trim = slide, ${PRINT_MARKS_MM.bleed} mm bleed, crop marks`,
  );
  const registration = registrationColourSpace(doc.context);
  const bleedPt = PRINT_MARKS_MM.bleed * PT_PER_MM;
  for (const [i, slide] of slides.entries()) {
    const source = await PDFDocument.load(slide.pdf, { updateMetadata: false });
    const sourcePages = source.getPages();
    if (sourcePages.length === 0) throw new Error(`slide ${i + 1}: the PDF has no pages`);
    if (slide.png && sourcePages.length > 1)
      throw new Error(`slide ${i + 1}: a PNG for the bleed needs a single-page slide PDF`);
    for (const sourcePage of sourcePages) {
      const area = slideTrimBox(sourcePage.getSize());
      const sheet = printSheet(area);
      const { trim } = sheet;
      // The form's BBox is the slide area and its Matrix moves that area's corner to the origin.
      const form = await doc.embedPage(sourcePage, {
        left: area.x,
        bottom: area.y,
        right: area.x + area.width,
        top: area.y + area.height,
      });
      const page = doc.addPage([sheet.media.width, sheet.media.height]);
      setBoxes(page, sheet);
      const formName = page.node.newXObject('Slide', form.ref);
      const ops: PDFOperator[] = [pushGraphicsState(), ...clipTo(sheet.bleed)];
      if (slide.png) {
        const bleed = await bleedImage(slide.png, trim, bleedPt, options.bleedFrom);
        const imageName = page.node.newXObject('Bleed', await embedPngImage(doc, bleed.png));
        const p = bleed.placement;
        ops.push(
          pushGraphicsState(),
          concatTransformationMatrix(p.width, 0, 0, p.height, p.x, p.y),
          drawObject(imageName),
          popGraphicsState(),
        );
      } else {
        // The slide reflected about each edge (and about both at the corners); the form's BBox keeps
        // each copy on its side of the edge and the clip keeps it inside the bleed.
        for (const [sx, sy] of [
          [-1, 0],
          [1, 0],
          [0, -1],
          [0, 1],
          [-1, -1],
          [1, -1],
          [-1, 1],
          [1, 1],
        ] as const) {
          const ex = sx === 0 ? trim.x : sx < 0 ? trim.x : trim.x + 2 * trim.width;
          const ey = sy === 0 ? trim.y : sy < 0 ? trim.y : trim.y + 2 * trim.height;
          ops.push(
            pushGraphicsState(),
            concatTransformationMatrix(sx === 0 ? 1 : -1, 0, 0, sy === 0 ? 1 : -1, ex, ey),
            drawObject(formName),
            popGraphicsState(),
          );
        }
      }
      ops.push(
        popGraphicsState(),
        pushGraphicsState(),
        concatTransformationMatrix(1, 0, 0, 1, trim.x, trim.y),
        drawObject(formName),
        popGraphicsState(),
      );
      // Crop marks.
      const resources = page.node.Resources()!;
      resources.set(PDFName.of('ColorSpace'), doc.context.obj({ Registration: registration }));
      ops.push(
        pushGraphicsState(),
        PDFOperator.of(PDFOperatorNames.StrokingColorspace, [PDFName.of('Registration')]),
        PDFOperator.of(PDFOperatorNames.StrokingColorN, [PDFNumber.of(1)]),
        setLineWidth(CROP_MARK_WIDTH_PT),
        setLineCap(LineCapStyle.Butt),
      );
      for (const [x1, y1, x2, y2] of cropMarks(sheet)) ops.push(moveTo(x1, y1), lineTo(x2, y2), stroke());
      ops.push(popGraphicsState());
      page.pushOperators(...ops);
    }
  }
  return save(doc);
}
