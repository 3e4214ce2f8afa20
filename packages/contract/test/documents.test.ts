import { describe, expect, it } from 'vitest';
import { checkDocumentName, DOCUMENT_MESSAGES, extensionOf } from '../src/index.ts';

describe('document names (docs/domain.md « Champs »)', () => {
  it('accepts pdf, jpg and jpeg whatever the case', () => {
    expect(checkDocumentName('statuts.PDF')).toBeNull();
    expect(checkDocumentName('photo.jpeg')).toBeNull();
    expect(checkDocumentName('scan.Jpg')).toBeNull();
  });

  it.each(['sql', 'sh', 'exe', 'bat', 'php', 'html', 'js', 'asp', 'jsp'])('refuses .%s with the spec message', (ext) => {
    expect(checkDocumentName(`fichier.${ext}`)).toBe(`L'extension du fichier (${ext}) n'est pas autorisée.`);
  });

  it('refuses other types and names without extension', () => {
    expect(checkDocumentName('tableur.xlsx')).toBe(DOCUMENT_MESSAGES.wrongType);
    expect(checkDocumentName('sans-extension')).toBe(DOCUMENT_MESSAGES.wrongType);
  });

  it('reads the last extension only', () => {
    expect(extensionOf('rapport.pdf.exe')).toBe('exe');
    expect(extensionOf('archive.tar.gz')).toBe('gz');
  });
});
