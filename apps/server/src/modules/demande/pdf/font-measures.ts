// Text measures of the standard fonts, kept for the life of a PDF worker thread. pdfkit rebuilds
// each standard font for every document and measures every word again each time a line is wrapped
// or a cell's height is asked (a table cell is measured at least twice), looking each kerning pair
// up by a string built on the fly: most of a PDF's drawing time. The same words and amounts come
// back in every PDF, so their widths are kept here, per font, and the kerning table is indexed once.
// The figures are exactly pdfkit's (same sums, same order), so the PDF is byte for byte the same.
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/** What pdfkit's standard font (StandardFont over an AFMFont) exposes, as far as it is used here. */
interface StandardFontLike {
  name: string;
  widthOfString(text: string, size: number): number;
  encode(text: string, features?: unknown): [string[], unknown[]];
  font?: {
    kernPairs?: Record<string, number>;
    glyphsForString(text: string): string[];
    advancesForGlyphs(glyphs: string[]): number[];
    getKernPair(left: string, right: string | undefined): number;
  };
}

/** Strings longer than this (whole paragraphs) are measured but not kept. */
const MAX_KEPT_LENGTH = 64;
/** Widths kept per font before the table starts again (bounds the thread's memory). */
const MAX_KEPT_WIDTHS = 50_000;

interface FontMeasures {
  /** left glyph → right glyph → kerning, from the AFM's pairs. */
  kerning: Map<string, Map<string, number>>;
  /** Width of a string in thousandths of the font size (pdfkit's sum of advances). */
  widths: Map<string, number>;
  /** A string's glyph codes and positions as drawn (pdfkit only reads them). */
  encodings: Map<string, [string[], unknown[]]>;
}
const measuresByFont = new Map<string, FontMeasures>();

function measuresOf(font: NonNullable<StandardFontLike['font']>, name: string): FontMeasures {
  let measures = measuresByFont.get(name);
  if (!measures) {
    const kerning = new Map<string, Map<string, number>>();
    for (const [pair, amount] of Object.entries(font.kernPairs ?? {})) {
      const [left, right] = pair.split('\0') as [string, string];
      let rights = kerning.get(left);
      if (!rights) kerning.set(left, (rights = new Map()));
      rights.set(right, amount);
    }
    measures = { kerning, widths: new Map(), encodings: new Map() };
    measuresByFont.set(name, measures);
  }
  return measures;
}

/** Gives the document's current font the thread's kept measures (a no-op on any other kind of font). */
function keepMeasures(font: StandardFontLike) {
  const afm = font.font;
  if (!afm || typeof afm.kernPairs !== 'object' || typeof afm.getKernPair !== 'function') return;
  const { kerning, widths, encodings } = measuresOf(afm, font.name);
  const encode = font.encode.bind(font);
  afm.getKernPair = (left, right) => (right === undefined ? undefined : kerning.get(left)?.get(right)) || 0;
  font.widthOfString = (text: string, size: number) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = 0;
      for (const advance of afm.advancesForGlyphs(afm.glyphsForString(`${text}`))) width += advance;
      if (text.length <= MAX_KEPT_LENGTH) {
        if (widths.size >= MAX_KEPT_WIDTHS) widths.clear();
        widths.set(text, width);
      }
    }
    return width * (size / 1000);
  };
  font.encode = (text: string, features?: unknown) => {
    let encoded = encodings.get(text);
    if (encoded === undefined) {
      encoded = encode(text, features);
      if (text.length <= MAX_KEPT_LENGTH) {
        if (encodings.size >= MAX_KEPT_WIDTHS) encodings.clear();
        encodings.set(text, encoded);
      }
    }
    return encoded;
  };
}

/** Selects each of the document's fonts once so that they measure with the thread's kept figures. */
export function withKeptMeasures(doc: Doc, fonts: readonly string[]) {
  for (const name of fonts) {
    doc.font(name);
    keepMeasures((doc as unknown as { _font: StandardFontLike })._font);
  }
}
