// The OpenAPI document, generated from the contract's route table.
import { allRoutes, apiErrorSchema, type RouteDefinition } from '@portail/contract';
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

function operation(route: RouteDefinition) {
  const security = route.access === 'public' ? [] : [{ accessToken: [] }];
  const roles = Array.isArray(route.access) ? ` Rôles : ${route.access.join(', ')}.` : '';
  const errorResponse = { description: 'Erreur', content: { 'application/json': { schema: jsonSchema(apiErrorSchema) } } };
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
      '4XX': errorResponse,
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
