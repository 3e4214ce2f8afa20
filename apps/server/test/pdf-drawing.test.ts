// What keeps a dossier's PDF cheap to draw (modules/demande/pdf): the worker threads are started
// once, ahead of the first PDF, and kept; the text measures of the standard fonts are kept by the
// thread, and give exactly pdfkit's figures.
import PDFDocument from 'pdfkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPdfPool, type PdfPool } from '../src/modules/demande/index.ts';
import { withKeptMeasures } from '../src/modules/demande/pdf/font-measures.ts';

type Doc = InstanceType<typeof PDFDocument>;
interface FontInternals {
  widthOfString(text: string, size: number): number;
  encode(text: string): [string[], unknown[]];
  font: { advancesForGlyphs(glyphs: string[]): number[] };
}
const currentFont = (doc: Doc) => (doc as unknown as { _font: FontInternals })._font;

const SAMPLES = [
  'AVANT', 'Tâche', "74 - Subventions d'exploitation", '12 500 €', 'Yvette Wallon', 'P.', 'LT', 'F.', 'Vœux', 'œuvre',
  '', ' ', 'Total des charges', 'x'.repeat(80), 'Séances hebdomadaires encadrées par deux éducateurs diplômés',
];

describe('the text measures a PDF thread keeps', () => {
  it('are pdfkit’s own widths and glyph positions, kerning included, for each font', () => {
    for (const font of ['Helvetica', 'Helvetica-Bold']) {
      const own = new PDFDocument().font(font);
      const kept = new PDFDocument();
      withKeptMeasures(kept, [font]);
      for (const text of SAMPLES) {
        for (const size of [8, 9.5, 15]) expect(currentFont(kept).widthOfString(text, size), `${font} ${text} ${size}`).toBe(currentFont(own).widthOfString(text, size));
        expect(currentFont(kept).encode(text), `${font} ${text}`).toEqual(currentFont(own).encode(text));
      }
    }
  });

  it('measure a short text once per thread, not once per document or per wrap', () => {
    const measured = (doc: Doc) => vi.spyOn(currentFont(doc).font, 'advancesForGlyphs');
    const first = new PDFDocument();
    withKeptMeasures(first, ['Helvetica']);
    const firstCalls = measured(first);
    currentFont(first).widthOfString('Produits financiers', 9);
    currentFont(first).widthOfString('Produits financiers', 9.5);
    const second = new PDFDocument();
    withKeptMeasures(second, ['Helvetica']);
    const secondCalls = measured(second);
    currentFont(second).widthOfString('Produits financiers', 8);
    expect(firstCalls.mock.calls.length + secondCalls.mock.calls.length).toBeLessThanOrEqual(1);
  });
});

describe('the PDF threads', () => {
  let pool: PdfPool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('start before the first PDF when asked (the server does at its start) and stay', async () => {
    pool = createPdfPool({ threads: 1, queue: 4, warm: true });
    expect(pool.stats().threads).toBe(0);
    await pool.warm();
    expect(pool.stats().threads).toBe(1);
    // Idle threads are kept: the next PDF never waits for a thread to start.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pool.stats().threads).toBe(1);
  }, 60_000);
});
