// What the client keeps of react-dsfr's colour palette (`fr.colors`, its colors module replaced here
// at build: dsfr-colors-plugin.ts). The palette weighs about 10 kB gzip in the initial script for
// one use: at start, react-dsfr sets <meta name="theme-color"> to the page's background. The portal
// itself reads no DSFR colour from JavaScript (its styles are the DSFR's classes); a component that
// would (Tooltip, the MUI theme) fails at once with the reason, in the tests first.

/** DSFR « background-default-grey », light and dark (react-dsfr getColorOptionsHex grey._1000_50). */
export const BACKGROUND_DEFAULT_GREY = { light: '#ffffff', dark: '#161616' } as const;

const removed: Record<string, never> = new Proxy({} as Record<string, never>, {
  get(_, key) {
    if (typeof key === 'symbol') return undefined;
    throw new Error(`fr.colors.${key} : la palette du DSFR n'est pas livrée au client (apps/web/src/lib/dsfr/theme-colors.ts).`);
  },
});

export const colors = {
  options: removed,
  decisions: removed,
  getHex: ({ isDark }: { isDark: boolean }) => ({
    options: removed,
    decisions: { background: { default: { grey: { default: isDark ? BACKGROUND_DEFAULT_GREY.dark : BACKGROUND_DEFAULT_GREY.light } } } },
  }),
};
