// What other features use from the shell: the page frame, the document title, the placeholder text.
// The layouts and the router (apps/web/src/app) import the shell's own components directly.
export { Page } from './page.tsx';
export { useDocumentTitle } from './use-document-title.ts';
