// Display (docs/domain.md « Constantes et affichage »): dates DD/MM/YYYY; file sizes in French units.

export { formatDate } from '../../lib/format/date.ts';
export { formatSize } from '../../lib/format/size.ts';
