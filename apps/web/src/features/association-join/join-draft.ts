// The establishment and fonction chosen in choix-etablissement, kept (sessionStorage) until the
// certificate of honour is signed. The chosen association itself is the session store's
// selectedAssociation, which the entry checks read.
import { z } from 'zod';

const KEY = 'lca.joinDraft';

const draftSchema = z.object({
  id_correspondance: z.string(),
  id_siret: z.string().nullable(),
  fonction: z.string(),
});
export type JoinDraft = z.infer<typeof draftSchema>;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export const joinDraft = {
  /** The draft of this association, or null. */
  read(idCorrespondance: string | null): JoinDraft | null {
    const raw = storage()?.getItem(KEY);
    if (!raw || !idCorrespondance) return null;
    try {
      const parsed = draftSchema.safeParse(JSON.parse(raw));
      return parsed.success && parsed.data.id_correspondance === idCorrespondance ? parsed.data : null;
    } catch {
      return null;
    }
  },
  write(draft: JoinDraft): void {
    storage()?.setItem(KEY, JSON.stringify(draft));
  },
  clear(): void {
    storage()?.removeItem(KEY);
  },
};
