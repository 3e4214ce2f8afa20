/** Version shown in the footer (docs/domain.md « Constantes et affichage »). */
export const APP_VERSION = '1.20.16';
export const SERVICE_TITLE = 'Le compte association';
