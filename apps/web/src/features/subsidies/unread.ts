// What the unread dossier messages share: how a count is read aloud, and where the caller's counts
// are cached (a thread marked read refreshes them).
export const unreadLabel = (count: number) => (count === 1 ? '1 message non lu' : `${count} messages non lus`);

export const UNREAD_MESSAGES_KEY = ['dossier-messages-unread'] as const;
