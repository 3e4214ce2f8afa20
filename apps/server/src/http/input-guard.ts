// The edge's checks on what any request carries, for every route, before a schema, a handler or
// the database sees it (contract limits.ts INPUT_LIMITS, docs/security.md « Entrées refusées à
// l'entrée »): a JSON body nested too deep is refused on its text, before it is parsed; a text with
// a NUL character or half of a surrogate pair is refused wherever it is (path, query string, JSON
// string or key; multipart field values and file names in multipart.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INPUT_LIMITS, inputFault, jsonTextDepth } from '@portail/contract';
import { appError } from './errors.ts';

/** The error for a parsed input's fault, if any. */
export function checkInput(value: unknown): void {
  const fault = inputFault(value, INPUT_LIMITS.bodyMaxDepth);
  if (fault === 'forbidden-character') throw appError('INPUT_FORBIDDEN_CHARACTER');
  if (fault === 'too-deep') throw appError('INPUT_TOO_DEEP');
}

export function installInputGuard(app: FastifyInstance) {
  // JSON bodies: the depth is read on the text, then Fastify's own parser (prototype poisoning refused) runs.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request: FastifyRequest, text: string | Buffer, done) => {
    const body = typeof text === 'string' ? text : text.toString('utf8');
    if (jsonTextDepth(body, INPUT_LIMITS.bodyMaxDepth) > INPUT_LIMITS.bodyMaxDepth) {
      done(appError('INPUT_TOO_DEEP'), undefined);
      return;
    }
    parseJson(request, body, done);
  });
  // Every route: the decoded path parameters, the query string and the parsed body.
  app.addHook('preValidation', async (request) => {
    checkInput(request.params);
    checkInput(request.query);
    if (request.body !== undefined) checkInput(request.body);
  });
}
