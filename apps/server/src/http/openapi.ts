// The OpenAPI document, generated from the contract's route table.
import { allRoutes, apiErrorSchema, declaredErrors, errorCodeOf, errorDescription, ERRORS, type RouteDefinition } from '@portail/contract';
import { z } from 'zod';
import { fullPath } from './contract-routes.ts';

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

const MULTIPART_FILE = { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] };

/** Params and query as OpenAPI parameters, one per property. */
function parameters(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** The route's errors by status: the codes enumerated, each code's French message in the description. */
function errorResponses(route: RouteDefinition) {
  const byStatus = new Map<number, Map<string, string>>();
  for (const key of declaredErrors(route)) {
    const { status } = ERRORS[key];
    const codes = byStatus.get(status) ?? new Map<string, string>();
    const text = errorDescription(key);
    const code = errorCodeOf(key);
    codes.set(code, codes.has(code) ? `${codes.get(code)} / ${text}` : text);
    byStatus.set(status, codes);
  }
  const errorSchema = jsonSchema(apiErrorSchema) as { properties: Record<string, object> };
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: [...codes.entries()].map(([code, text]) => `${code} : ${text}`).join('\n\n'),
          content: {
            'application/json': {
              schema: {
                ...errorSchema,
                properties: { ...errorSchema.properties, status: { type: 'integer', enum: [status] }, code: { type: 'string', enum: [...codes.keys()] } },
                required: ['message', 'status', 'code'],
              },
            },
          },
        },
      ]),
  );
}

function operation(route: RouteDefinition) {
  const security = route.access === 'public' ? [] : [{ accessToken: [] }];
  const roles = Array.isArray(route.access) ? ` Rôles : ${route.access.join(', ')}.` : '';
  return {
    tags: [route.gateway],
    summary: route.summary,
    description: `Accès : ${route.access === 'public' ? 'public' : route.access === 'authenticated' ? 'utilisateur connecté' : 'restreint'}.${roles}`,
    security,
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body) } } } } : {}),
    ...(route.multipart ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: MULTIPART_FILE } } } } : {}),
    responses: {
      [String(route.successStatus ?? 200)]: route.rawResponse
        ? { description: 'Fichier', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Succès', content: { 'application/json': { schema: jsonSchema(route.response) } } },
      ...errorResponses(route),
    },
  };
}

export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of allRoutes()) {
    const path = fullPath(route).replace(/:([A-Za-z_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Le compte association – API', version, description: 'API du portail, générée depuis le contrat zod.' },
    components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' } } },
    paths,
  };
}
