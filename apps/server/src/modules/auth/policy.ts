// Who may act on an account: its own session only (password, identity, joining the portal).
import type { AuthClaims } from '../../http/request-context.ts';

export const isOwnAccount = (claims: AuthClaims, accountId: string) => claims.userId === accountId;
