// Access tokens this instance has already verified, so that a token sent again is not verified
// again: signature, algorithm, issuer, audience and claims are checked once per token, not on every
// call (HMAC and decoding were a large share of a short call in `pnpm bench:floor`). Kept by the
// token's exact text and only until its expiry (`exp`): a kept token is refused once expired, like
// any other. Only tokens that passed verification are kept (nobody can fill it without the secret);
// bounded, the oldest going first. One per instance: instances may not share a secret.
export class VerifiedTokens<T> {
  private readonly tokens = new Map<string, { value: T; expiresAt: number }>();

  constructor(private readonly maxTokens: number) {}

  /** What `token` verified to, if it is kept and not expired. */
  get(token: string): T | undefined {
    const kept = this.tokens.get(token);
    if (!kept) return undefined;
    if (Date.now() < kept.expiresAt) return kept.value;
    this.tokens.delete(token);
    return undefined;
  }

  /** Keeps a verified token until `expiresAt` (ms). */
  keep(token: string, value: T, expiresAt: number): void {
    if (this.maxTokens <= 0) return;
    if (this.tokens.size >= this.maxTokens) this.tokens.delete(this.tokens.keys().next().value!);
    this.tokens.set(token, { value, expiresAt });
  }
}
