// What each page still to come will hold, by route name: shown by the placeholder page, loaded with it
// (not with the route table, which the entry carries). Every route of the specification has its page now.
export const UPCOMING_PAGES: Readonly<Record<string, string>> = {};
