// Prisma hands `contains`, `startsWith` and case-insensitive `equals` values to LIKE/ILIKE as they
// are, so a '%' or '_' typed by a user would act as a wildcard. Escaped with PostgreSQL's default
// escape character (backslash), they match themselves.
export const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, '\\$&');
