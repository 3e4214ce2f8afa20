// docker-compose.yml and the Dockerfile read as Docker reads them, without Docker: the YAML parsed,
// every `${…}` interpolated by Compose's rules (over every service, inactive profiles included, as
// Compose 2.26 does), the `.env` values of .env.example, and the Dockerfile's base images.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../src/config.ts';

export const readRepoFile = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** A `${NAME:?message}` or `${NAME?message}` that had no value. */
export interface MissingRequired {
  name: string;
  message: string;
  /** Where in the file: service or top-level key path. */
  at: string;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

/**
 * Compose's interpolation of one string (compose-spec « Interpolation »): `$$` is a dollar,
 * `$NAME` and `${NAME}` a value (empty when unset), `${NAME:-default}` / `${NAME-default}`,
 * `${NAME:?message}` / `${NAME?message}` (an error when empty / unset), `${NAME:+other}` /
 * `${NAME+other}`; defaults may hold further `${…}`.
 */
export function interpolate(text: string, env: Record<string, string | undefined>, missing: (name: string, message: string) => void): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char !== '$') {
      out += char;
      i += 1;
      continue;
    }
    const next = text[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
      continue;
    }
    if (next === '{') {
      const end = closingBrace(text, i + 2);
      const body = text.slice(i + 2, end);
      out += expand(body, env, missing);
      i = end + 1;
      continue;
    }
    const bare = NAME.exec(text.slice(i + 1));
    if (bare) {
      out += env[bare[0]] ?? '';
      i += 1 + bare[0].length;
      continue;
    }
    out += char;
    i += 1;
  }
  return out;
}

function closingBrace(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && (depth -= 1) === 0) return i;
  }
  throw new Error(`Accolade non fermée dans « ${text} »`);
}

function expand(body: string, env: Record<string, string | undefined>, missing: (name: string, message: string) => void): string {
  const name = NAME.exec(body)?.[0];
  if (!name) throw new Error(`Nom de variable illisible : \${${body}}`);
  const operator = /^(:?[-?+])?/.exec(body.slice(name.length))![0];
  const argument = body.slice(name.length + operator.length);
  const value = env[name];
  const unset = value === undefined;
  const empty = unset || value === '';
  const nested = () => interpolate(argument, env, missing);
  switch (operator) {
    case '':
      return value ?? '';
    case ':-':
      return empty ? nested() : value;
    case '-':
      return unset ? nested() : value;
    case ':?':
    case '?':
      if (operator === ':?' ? empty : unset) {
        missing(name, nested());
        return '';
      }
      return value!;
    case ':+':
      return empty ? '' : nested();
    case '+':
      return unset ? '' : nested();
    default:
      throw new Error(`Opérateur inconnu dans \${${body}}`);
  }
}

/** Interpolates every string of a parsed YAML document (keys are not interpolated by Compose). */
function interpolateTree(node: unknown, env: Record<string, string | undefined>, path: string, onMissing: (missing: MissingRequired) => void): unknown {
  if (typeof node === 'string') return interpolate(node, env, (name, message) => onMissing({ name, message, at: path }));
  if (Array.isArray(node)) return node.map((item, index) => interpolateTree(item, env, `${path}[${index}]`, onMissing));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, interpolateTree(value, env, path ? `${path}.${key}` : key, onMissing)]));
  }
  return node;
}

export interface ComposeService {
  image?: string;
  profiles?: string[];
  ports?: (string | { published?: string; host_ip?: string; target?: number })[];
  environment?: Record<string, string | null>;
  volumes?: unknown[];
  healthcheck?: Record<string, unknown>;
  deploy?: { resources?: { limits?: Record<string, string | number> } };
  logging?: { driver?: string; options?: Record<string, string> };
  depends_on?: Record<string, unknown> | string[];
  [key: string]: unknown;
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
  [key: string]: unknown;
}

/** docker-compose.yml parsed and interpolated with env; the required variables without a value. */
export function loadCompose(env: Record<string, string | undefined>, text = readRepoFile('docker-compose.yml')): { compose: ComposeFile; missing: MissingRequired[] } {
  const missing: MissingRequired[] = [];
  const compose = interpolateTree(parse(text), env, '', (item) => missing.push(item)) as ComposeFile;
  return { compose, missing };
}

/** The `NAME=value` lines of a .env file (comments and commented-out lines left out). */
export function readDotEnv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) values[match[1]!] = match[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

/** The images a Dockerfile builds FROM, with its ARG defaults substituted (`FROM ${NODE_IMAGE}`). */
export function dockerfileBaseImages(text = readRepoFile('Dockerfile')): string[] {
  const args = new Map<string, string>();
  const stages = new Set<string>();
  const images: string[] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    const arg = /^\s*ARG\s+([A-Za-z_][A-Za-z0-9_]*)=(\S+)/i.exec(line);
    if (arg && images.length === 0) args.set(arg[1]!, arg[2]!.replace(/^(['"])(.*)\1$/, '$2'));
    const from = /^\s*FROM\s+(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (!from) continue;
    const image = from[1]!.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (_all, name: string) => args.get(name) ?? '');
    if (!stages.has(image)) images.push(image);
    if (from[2]) stages.add(from[2]);
  }
  return images;
}

/** `docker compose` (v2) answers on this machine: its version, or undefined. */
export function composeCliVersion(): string | undefined {
  const result = spawnSync('docker', ['compose', 'version', '--short'], { encoding: 'utf8', timeout: 10_000 });
  return result.status === 0 ? result.stdout.trim() : undefined;
}
