import { authRoutes } from './auth.ts';
import type { RouteDefinition } from './http.ts';
import { lcaRoutes } from './lca.ts';
import { mailRoutes } from './mail.ts';
import { rdsRoutes } from './rds.ts';

export * from './auth.ts';
export * from './fields.ts';
export * from './documents.ts';
export * from './http.ts';
export * from './identifiers.ts';
export * from './lca.ts';
export * from './mail.ts';
export * from './messages.ts';
export * from './rds.ts';
export * from './roles.ts';
export * from './validation.ts';

/** Every call of the API, by module. */
export const api = {
  auth: authRoutes,
  mail: mailRoutes,
  lca: lcaRoutes,
  rds: rdsRoutes,
} as const;

export function allRoutes(): RouteDefinition[] {
  return Object.values(api).flatMap((group) => Object.values(group) as RouteDefinition[]);
}
