// Former path, kept until proxy-asso imports the opaque tokens from src/security; then delete.
export { hashOpaqueToken, newOpaqueToken } from '../../security/opaque-tokens.ts';
