// The text a PDF drawn by the portal shows (pdfkit, standard fonts in WinAnsi), for tests that read a generated PDF.
import { inflateSync } from 'node:zlib';

/** WinAnsi codes above 0x7f that differ from Latin-1 and that the form prints. */
const WIN_ANSI: Record<string, string> = { '\x80': '€', '\x92': '’', '\x9c': 'œ' };
/** The text the pages show: each content stream inflated, the strings of its text operators decoded (WinAnsi). */
export function pdfText(file: Buffer): string {
  const raw = file.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(file.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[(.*?)\] TJ/g)) {
      texts.push([...op[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('').replace(/[\x80\x92\x9c]/g, (c) => WIN_ANSI[c]!));
    }
  }
  return texts.join('\n');
}
