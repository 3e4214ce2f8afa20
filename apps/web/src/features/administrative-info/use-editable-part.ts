// State of an editable part of the file (accounts, staff, approvals, networks, RIBs, representatives):
// its list query, the row being edited ('new' for the add form) and a confirmed deletion.
import { MESSAGES } from '@portail/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api/index.ts';
import { toast } from '../../lib/toast/toast-store.ts';
import { useRefreshFile } from './use-administrative-data.ts';

interface EditablePartConfig<T> {
  idAsso: string;
  /** The part's name in the query keys, refreshed after each write. */
  part: string;
  queryKey: readonly unknown[];
  list: () => Promise<T[]>;
  /** DELETE of one row; its message is shown. */
  remove: (id: string) => Promise<{ message: string }>;
}

export function useEditablePart<T extends { id: string }>({
  idAsso,
  part,
  queryKey,
  list,
  remove,
}: EditablePartConfig<T>) {
  const refreshFile = useRefreshFile(idAsso);
  const refresh = () => refreshFile(part);
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const query = useQuery({ queryKey, queryFn: list, retry: false });

  async function onDelete(row: T) {
    try {
      const { message } = await remove(row.id);
      toast.success(message);
      if (editing !== 'new' && editing?.id === row.id) setEditing(null);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.httpEmpty));
    }
    refresh();
  }

  /** After a write of the form: close it and reload the part. */
  const onSaved = () => {
    setEditing(null);
    refresh();
  };

  return { query, editing, setEditing, onDelete, onSaved, refresh };
}
