// Drawing blocks of the dossier PDF over pdfkit: the form's title band, section and sub-section
// headings, label/value fields, bordered tables that continue on the next page with their header,
// and French number and date formats in the characters the standard PDF fonts carry.
import type PDFDocument from 'pdfkit';
import { withKeptMeasures } from './font-measures.ts';

type Doc = InstanceType<typeof PDFDocument>;

export const MARGIN = 45;
const BLUE = '#000091';
const GREY = '#f0f0f5';
const LINE = '#8c8c9e';
const TEXT = '#161616';
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

/** The document's two fonts, measuring with the figures the thread keeps (font-measures.ts). */
export function fonts(doc: Doc) {
  withKeptMeasures(doc, [FONT, BOLD]);
  doc.font(FONT);
}

const width = (doc: Doc) => doc.page.width - 2 * MARGIN;
const bottom = (doc: Doc) => doc.page.height - MARGIN - 20;

/** Characters outside the standard fonts' encoding (narrow and no-break spaces, typographic apostrophe) replaced. */
export const printable = (value: string) => value.replace(/[\u202f\u00a0]/g, ' ').replace(/\u2019/g, "'").replace(/\u2013|\u2014/g, '-');

const euros = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
/** « 12 500 € », empty for no amount. */
export const money = (value: number | null | undefined) => (value === null || value === undefined ? '' : printable(`${euros.format(value)} €`));
/** « 31/12/2026 » from a date or YYYY-MM-DD. */
export function frenchDate(value: Date | string | null | undefined): string {
  if (!value) return '';
  const iso = typeof value === 'string' ? value : value.toISOString();
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
export const orDash = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '-' : printable(String(value)));

/** Heights of short texts already wrapped by this thread, by font, size and width (the same labels and amounts come back in every PDF). */
const keptHeights = new Map<string, number>();
const MAX_KEPT_HEIGHT_TEXT = 200;
const MAX_KEPT_HEIGHTS = 20_000;

/** The height `text` takes once wrapped at `maxWidth` in `font` at `size` (leaves that font selected). */
function heightOf(doc: Doc, text: string, font: string, size: number, maxWidth: number): number {
  doc.font(font).fontSize(size);
  const key = text.length <= MAX_KEPT_HEIGHT_TEXT ? `${font}\0${size}\0${maxWidth}\0${text}` : null;
  const kept = key === null ? undefined : keptHeights.get(key);
  if (kept !== undefined) return kept;
  const height = doc.heightOfString(text, { width: maxWidth });
  if (key !== null) {
    if (keptHeights.size >= MAX_KEPT_HEIGHTS) keptHeights.clear();
    keptHeights.set(key, height);
  }
  return height;
}

/** Moves to a new page when fewer than `needed` points remain. */
export function ensureSpace(doc: Doc, needed: number) {
  if (doc.y + needed > bottom(doc)) doc.addPage();
}

/** The title band of the form's first page. */
export function titleBand(doc: Doc, title: string, subtitle: string, reference: string) {
  doc.rect(MARGIN, MARGIN, width(doc), 62).fill(BLUE);
  doc.fillColor('white').font(BOLD).fontSize(15).text(printable(title), MARGIN + 12, MARGIN + 10, { width: width(doc) - 24 });
  doc.font(FONT).fontSize(9).text(printable(subtitle), MARGIN + 12, doc.y + 3, { width: width(doc) - 24 });
  doc.fontSize(8).text(printable(reference), MARGIN + 12, MARGIN + 10, { width: width(doc) - 24, align: 'right' });
  doc.fillColor(TEXT).font(FONT).fontSize(10);
  doc.x = MARGIN;
  doc.y = MARGIN + 76;
}

/** A numbered section: « 1. Identification de l'association ». */
export function section(doc: Doc, title: string) {
  ensureSpace(doc, 70);
  doc.moveDown(0.6);
  const y = doc.y;
  doc.rect(MARGIN, y, width(doc), 20).fill(GREY);
  doc.fillColor(BLUE).font(BOLD).fontSize(11.5).text(printable(title), MARGIN + 8, y + 5, { width: width(doc) - 16 });
  doc.fillColor(TEXT).font(FONT).fontSize(9.5);
  doc.x = MARGIN;
  doc.y = y + 26;
}

export function subsection(doc: Doc, title: string) {
  ensureSpace(doc, 40);
  doc.moveDown(0.4);
  doc.fillColor(BLUE).font(BOLD).fontSize(10).text(printable(title), MARGIN, doc.y, { width: width(doc) });
  doc.fillColor(TEXT).font(FONT).fontSize(9.5);
  doc.moveDown(0.2);
}

/** Label and value on one line (the value wraps under itself). */
export function field(doc: Doc, label: string, value: string | number | null | undefined) {
  const labelWidth = 170;
  const text = orDash(value);
  const height = Math.max(heightOf(doc, text, FONT, 9.5, width(doc) - labelWidth), 12);
  ensureSpace(doc, height + 2);
  const y = doc.y;
  doc.font(BOLD).text(printable(label), MARGIN, y, { width: labelWidth - 8 });
  doc.font(FONT).text(text, MARGIN + labelWidth, y, { width: width(doc) - labelWidth });
  doc.x = MARGIN;
  doc.y = y + height + 3;
}

/** A paragraph of free text under a bold label. */
export function paragraph(doc: Doc, label: string, value: string | null | undefined) {
  ensureSpace(doc, 30);
  doc.font(BOLD).fontSize(9.5).text(printable(label), MARGIN, doc.y, { width: width(doc) });
  doc.font(FONT).text(orDash(value), MARGIN, doc.y + 1, { width: width(doc), align: 'justify' });
  doc.moveDown(0.4);
}

export interface Column {
  header: string;
  /** Share of the page width. */
  share: number;
  align?: 'left' | 'right' | 'center';
}
export interface Row {
  cells: string[];
  bold?: boolean;
  shaded?: boolean;
}

/** A bordered table; a row that does not fit goes to the next page, under the header again. */
export function table(doc: Doc, columns: readonly Column[], rows: readonly Row[], fontSize = 8.5) {
  const total = width(doc);
  const widths = columns.map((c) => c.share * total);
  const padding = 3;
  const rowHeight = (cells: readonly string[], bold: boolean) =>
    Math.max(...cells.map((cell, i) => heightOf(doc, printable(cell), bold ? BOLD : FONT, fontSize, widths[i]! - 2 * padding))) + 2 * padding;
  // One fill and one stroked path per row, colours and font set once: pdfkit writes an operator
  // per call, and a call per cell was most of a table's drawing.
  const drawRow = (cells: readonly string[], height: number, options: { bold: boolean; fill?: string; color?: string }) => {
    const y = doc.y;
    if (options.fill) doc.rect(MARGIN, y, total, height).fill(options.fill);
    let x = MARGIN;
    for (const w of widths) {
      doc.rect(x, y, w, height);
      x += w;
    }
    doc.lineWidth(0.5).strokeColor(LINE).stroke();
    doc.fillColor(options.color ?? TEXT).font(options.bold ? BOLD : FONT).fontSize(fontSize);
    x = MARGIN;
    cells.forEach((cell, i) => {
      const w = widths[i]!;
      cellText(doc, printable(cell), x + padding, y + padding, w - 2 * padding, columns[i]!.align ?? 'left');
      x += w;
    });
    doc.fillColor(TEXT);
    doc.x = MARGIN;
    doc.y = y + height;
  };
  const headerCells = columns.map((c) => c.header);
  const headerHeight = rowHeight(headerCells, true);
  const header = () => drawRow(headerCells, headerHeight, { bold: true, fill: BLUE, color: 'white' });
  ensureSpace(doc, headerHeight + rowHeight(rows[0]?.cells ?? [''], false));
  header();
  for (const row of rows) {
    const height = rowHeight(row.cells, row.bold ?? false);
    if (doc.y + height > bottom(doc)) {
      doc.addPage();
      header();
    }
    drawRow(row.cells, height, { bold: row.bold ?? false, ...(row.shaded ? { fill: GREY } : {}) });
  }
  doc.moveDown(0.5);
  doc.font(FONT).fontSize(9.5);
}

/**
 * A cell's text: a single line that fits is placed directly (its alignment computed here), without
 * pdfkit's line wrapper, which splits and measures every word again; anything longer is wrapped.
 */
function cellText(doc: Doc, text: string, x: number, y: number, maxWidth: number, align: 'left' | 'right' | 'center') {
  const lineWidth = text.includes('\n') ? Infinity : doc.widthOfString(text);
  if (lineWidth > maxWidth) {
    doc.text(text, x, y, { width: maxWidth, align });
    return;
  }
  const shift = align === 'right' ? maxWidth - lineWidth : align === 'center' ? (maxWidth - lineWidth) / 2 : 0;
  doc.text(text, x + shift, y, { lineBreak: false });
}

/**
 * The dossier's reference and the page number at the foot of each page, drawn as each page opens, so
 * that pages leave as they are done (the document is streamed, never held whole).
 */
export function footers(doc: Doc, reference: string) {
  let page = 0;
  const draw = () => {
    page += 1;
    const { x, y } = doc;
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT).fontSize(7.5).fillColor(LINE);
    doc.text(printable(`${reference} - page ${page}`), MARGIN, doc.page.height - MARGIN + 5, { width: width(doc), align: 'center', lineBreak: false });
    doc.page.margins.bottom = margin;
    doc.fillColor(TEXT).font(FONT).fontSize(9.5);
    doc.x = x;
    doc.y = y;
  };
  draw();
  doc.on('pageAdded', draw);
}
