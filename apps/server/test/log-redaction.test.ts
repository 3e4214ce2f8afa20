// Logs never hold tokens, passwords or the e-mail of a forgotten-password request.
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { maskUrl, REDACTED_PATHS } from '../src/http/log-redaction.ts';

describe('maskUrl', () => {
  it.each([
    ['/api/auth-server/refreshToken/AbC-123_xyz', '/api/auth-server/refreshToken/***'],
    ['/api/auth-server/resetPassword/AbC-123_xyz', '/api/auth-server/resetPassword/***'],
    ['/api/auth-server/validate/AbC-123_xyz', '/api/auth-server/validate/***'],
    [
      '/api/auth-server/forgotPassword/jean.dupont%40exemple.fr?origin=lca',
      '/api/auth-server/forgotPassword/***?origin=lca',
    ],
    ['/api/auth-server/forgotPassword/jean.dupont@exemple.fr', '/api/auth-server/forgotPassword/***'],
    ['/api/auth-server/validate/tok#fragment', '/api/auth-server/validate/***#fragment'],
    ['/api/proxy-asso/document?id=4&token=secret-jwt&x=1', '/api/proxy-asso/document?id=4&token=***&x=1'],
    ['/api/proxy-asso/document?token=secret-jwt', '/api/proxy-asso/document?token=***'],
    ['/api/proxy-asso/association/documents/download/Ab-12_x', '/api/proxy-asso/association/documents/download/***'],
  ])('masks %s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });

  it('leaves other URLs alone', () => {
    for (const url of [
      '/api/auth-server/login',
      '/api/lca-server/users/5f0c7c1e-2b1a-4c1e-9d6a-1d2c3b4a5e6f',
      '/api/lca-server/notesOnPage?route=home',
      '/health',
    ]) {
      expect(maskUrl(url)).toBe(url);
    }
  });

  it('keeps no part of the secret', () => {
    const secret = 'q9V3xK2mZ8pL5nR7tY1wB4cD6fG0hJ3k';
    for (const path of ['refreshToken', 'resetPassword', 'validate', 'forgotPassword']) {
      expect(maskUrl(`/api/auth-server/${path}/${secret}`)).not.toContain(secret.slice(0, 8));
    }
  });
});

describe('REDACTED_PATHS', () => {
  it('censors the access-token header, authorisation, cookies, passwords and tokens in log lines', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '***' } }, stream);
    logger.info({
      req: {
        headers: {
          'x-access-token': 'jwt-secret-1',
          authorization: 'Bearer jwt-secret-2',
          cookie: 'sid=cookie-secret',
          accept: 'application/json',
        },
      },
      password: 'Mot-De-Passe-2026!',
      refreshToken: 'refresh-secret',
      token: 'token-secret',
    });
    const line = lines.join('');
    for (const secret of [
      'jwt-secret-1',
      'jwt-secret-2',
      'cookie-secret',
      'Mot-De-Passe-2026!',
      'refresh-secret',
      'token-secret',
    ]) {
      expect(line).not.toContain(secret);
    }
    const entry = JSON.parse(line);
    expect(entry.req.headers).toEqual({
      'x-access-token': '***',
      authorization: '***',
      cookie: '***',
      accept: 'application/json',
    });
    expect(entry).toMatchObject({ password: '***', refreshToken: '***', token: '***' });
  });
});
