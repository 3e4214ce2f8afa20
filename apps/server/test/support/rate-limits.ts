// The route limits and the test file that proves each one.
import type { RateLimitName } from '../../src/config.ts';

/** Limits of calls made for an address or a signed-in caller: mail-rate-limit.test.ts. */
export const ADDRESS_LIMITS = ['register', 'sendValidation', 'forgotPassword', 'resetPassword', 'assistanceMail', 'joinNotification'] as const satisfies readonly RateLimitName[];
/** Limits per account of the heavy reads and writes of the work lists: worklist.test.ts. */
export const WORKLIST_LIMIT_NAMES = ['worklistExport', 'worklistBulk'] as const satisfies readonly RateLimitName[];
/** The per-IP limit of the public open data: open-data.test.ts. */
export const OPEN_DATA_LIMIT_NAMES = ['openData'] as const satisfies readonly RateLimitName[];
/** The limit of agents' sign-ins with ProConnect (per IP): proconnect.test.ts. */
export const PROCONNECT_LIMIT_NAMES = ['proconnect'] as const satisfies readonly RateLimitName[];
/** Per-account limits of the outside lookups (commune search, INSEE notice): external-lookups.test.ts. */
export const EXTERNAL_LOOKUP_LIMIT_NAMES = ['addressLookup', 'sireneNotice'] as const satisfies readonly RateLimitName[];
/** Limits of calls that mail about a dossier, a file or an account: mail-rate-limit-targets.test.ts. */
export type TargetLimit = Exclude<
  RateLimitName,
  | (typeof ADDRESS_LIMITS)[number]
  | (typeof WORKLIST_LIMIT_NAMES)[number]
  | (typeof OPEN_DATA_LIMIT_NAMES)[number]
  | (typeof PROCONNECT_LIMIT_NAMES)[number]
  | (typeof EXTERNAL_LOOKUP_LIMIT_NAMES)[number]
>;
