// File sizes in French units (docs/domain.md « Constantes et affichage »): o, Ko, Mo.

const number = (value: number, digits: number) =>
  value.toLocaleString('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, 0)} Ko`;
  return `${number(bytes / (1024 * 1024), 1)} Mo`;
}
