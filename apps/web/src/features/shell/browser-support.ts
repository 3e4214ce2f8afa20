// Features the client cannot do without; a browser lacking one gets a warning banner.

export interface BrowserEnv {
  fetch?: unknown;
  Promise?: unknown;
  URLSearchParams?: unknown;
  CSS?: { supports?: (property: string, value: string) => boolean };
}

export function isBrowserSupported(env: BrowserEnv): boolean {
  if (typeof env.fetch !== 'function' || typeof env.Promise !== 'function') return false;
  if (typeof env.URLSearchParams !== 'function') return false;
  const supports = env.CSS?.supports;
  if (typeof supports !== 'function') return false;
  try {
    return supports.call(env.CSS, 'display', 'grid');
  } catch {
    return false;
  }
}
