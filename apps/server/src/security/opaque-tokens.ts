// Random tokens handed to users (refresh, validation, reset); only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
