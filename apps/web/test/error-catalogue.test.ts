// The client's texts for API errors come from the contract's catalogue: the server's message first
// (docs/domain.md « Erreurs et messages »), else the catalogue's text for the code (and status), else the text of the status.
import { describe, expect, it } from 'vitest';
import { ERRORS, errorBody, MESSAGES } from '@portail/contract';
import { ApiError, isCatalogueError } from '../src/lib/api/api-error.ts';
import { toApiError } from '../src/lib/api/error-mapping.ts';

describe('error texts from the catalogue', () => {
  it('keeps the server message when there is one, even for a catalogued code', () => {
    const error = toApiError(409, { message: 'Texte du serveur', status: 409, code: 'EMAIL_TAKEN' });
    expect(error).toMatchObject({ message: 'Texte du serveur', status: 409, code: 'EMAIL_TAKEN' });
  });

  it('gives the catalogue text of a code answered without a message', () => {
    expect(toApiError(409, { status: 409, code: 'EMAIL_TAKEN' }).message).toBe(MESSAGES.emailAlreadyLinked);
    expect(toApiError(403, { code: 'EMAIL_NOT_VALIDATED' }).message).toBe(MESSAGES.emailNotValidated);
    expect(toApiError(404, { code: 'DOWNLOAD_TICKET_INVALID' }).message).toBe(ERRORS.DOWNLOAD_TICKET_INVALID.message);
  });

  it('tells apart one code answered with two statuses', () => {
    expect(toApiError(400, { code: 'INVALID_TOKEN' }).message).toBe(MESSAGES.invalidToken);
    expect(toApiError(401, { code: 'INVALID_TOKEN' }).message).toBe(MESSAGES.unauthenticated);
  });

  it('falls back to the status text for an unknown code or a text that needs parameters', () => {
    expect(toApiError(404, { code: 'SOMETHING_ELSE' }).message).toBe(MESSAGES.http404);
    expect(toApiError(400, { code: 'VALIDATION_ERROR' }).message).toBe(MESSAGES.http400);
  });

  it('reads the catalogue bodies the server sends as they are', () => {
    const body = errorBody('WRONG_CURRENT_PASSWORD');
    const error = toApiError(body.status, body);
    expect(error).toMatchObject({ message: MESSAGES.wrongCurrentPassword, code: 'WRONG_PASSWORD', fields: { current_password: MESSAGES.wrongCurrentPassword } });
    expect(isCatalogueError(error, 'WRONG_CURRENT_PASSWORD')).toBe(true);
    expect(isCatalogueError(error, 'WRONG_PASSWORD')).toBe(true);
    expect(isCatalogueError(new ApiError('x', 401, { code: 'INVALID_TOKEN' }), 'LINK_INVALID')).toBe(false);
    expect(isCatalogueError(new Error('x'), 'NOT_FOUND')).toBe(false);
  });
});
