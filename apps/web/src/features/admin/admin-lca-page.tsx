// /administration/lca: the mail outbox and the portal's content kept by the LCA administrators
// (notes on pages, questions asked of subsidy dossiers, links, document templates) and the history
// of its changes, one tab each.
import { Tabs } from '@codegouvfr/react-dsfr/Tabs';
import { useState } from 'react';
import { Page } from '../shell/index.ts';
import { HistoryAdmin } from './content/history-admin.tsx';
import { NotesAdmin } from './content/notes-admin.tsx';
import { QuestionsAdmin } from './content/questions-admin.tsx';
import { TemplatesAdmin } from './content/templates-admin.tsx';
import { UrlsAdmin } from './content/urls-admin.tsx';
import { OutboxTable } from './outbox-table.tsx';

const TABS = [
  { tabId: 'notes', label: 'Notes des pages', content: () => <NotesAdmin /> },
  { tabId: 'questions', label: 'Questions', content: () => <QuestionsAdmin /> },
  { tabId: 'liens', label: 'Liens utiles', content: () => <UrlsAdmin /> },
  { tabId: 'modeles', label: 'Modèles de documents', content: () => <TemplatesAdmin /> },
  { tabId: 'historique', label: 'Historique des modifications', content: () => <HistoryAdmin /> },
  { tabId: 'courriels', label: 'Courriels envoyés', content: () => <OutboxTable /> },
] as const;

export function AdminLcaPage() {
  const [selected, setSelected] = useState<string>(TABS[0].tabId);
  const tab = TABS.find((t) => t.tabId === selected) ?? TABS[0];
  return (
    <Page title="Administration du compte association">
      <Tabs selectedTabId={selected} onTabChange={setSelected} tabs={TABS.map(({ tabId, label }) => ({ tabId, label }))}>
        {tab.content()}
      </Tabs>
    </Page>
  );
}
