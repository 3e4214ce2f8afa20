// The DSFR palette is not shipped (dsfr-colors-plugin.ts): the one colour react-dsfr's start-up
// reads — the page background for <meta name="theme-color"> — is the palette's own, light and
// dark; reading any other colour fails at once, saying why.
import { fr } from '@codegouvfr/react-dsfr';
import { getColorOptionsHex } from '@codegouvfr/react-dsfr/fr/generatedFromCss/getColorOptionsHex';
import { describe, expect, it } from 'vitest';

describe('the DSFR colours kept in the client', () => {
  it('gives the palette’s page background, light and dark', () => {
    for (const isDark of [false, true]) {
      expect(fr.colors.getHex({ isDark }).decisions.background.default.grey.default).toBe(getColorOptionsHex({ isDark }).grey._1000_50.default);
    }
  });

  it('refuses any other colour with the reason', () => {
    expect(() => fr.colors.decisions.text).toThrow(/la palette du DSFR n'est pas livrée au client/);
    expect(() => fr.colors.getHex({ isDark: false }).options.blueFrance).toThrow(/fr\.colors\.blueFrance/);
  });
});
