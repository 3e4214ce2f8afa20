// Logs never hold passwords or tokens: secret headers are redacted and secret path segments masked.
const SECRET_SEGMENTS = /\/(refreshToken|resetPassword|validate|forgotPassword|download)\/[^/?#]+/g;

export function maskUrl(url: string): string {
  return url.replace(SECRET_SEGMENTS, '/$1/***').replace(/([?&]token=)[^&#]+/g, '$1***');
}

export const REDACTED_PATHS = [
  'req.headers["x-access-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'refreshToken',
  'token',
];
