// undici, loaded at the first outside call rather than with the server: loading it compiles its
// HTTP parser (WebAssembly), about 20 MB of memory that a portal at rest need not hold.
import type * as Undici from 'undici';

let loaded: Promise<typeof Undici> | undefined;

export function loadUndici(): Promise<typeof Undici> {
  loaded ??= import('undici');
  return loaded;
}
