/** Version shown in the footer (spec §9). */
export const APP_VERSION = '1.20.16';
export const SERVICE_TITLE = 'Le compte association';
