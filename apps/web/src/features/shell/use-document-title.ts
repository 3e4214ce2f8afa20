import { useEffect } from 'react';
import { SERVICE_TITLE } from './app-version.ts';

/** « Page – Le compte association » in the browser tab. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} – ${SERVICE_TITLE}`;
  }, [title]);
}
