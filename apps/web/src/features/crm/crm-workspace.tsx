import { KanbanSquare, ListChecks, Upload, Users } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { crmMessages } from '@/lib/messages/crm';
import { ContactSheet } from './contact/contact-sheet';
import { ContactsPanel } from './contacts/contacts-panel';
import { CrmSummary } from './crm-summary';
import { PipelineBoard } from './pipeline/pipeline-board';
import { TasksPanel } from './tasks/tasks-panel';

// papaparse and the mapping screens only when the customer opens the import
const ImportPanel = lazy(() => import('./import/import-panel'));

const TABS = [
  { id: 'contacts', icon: Users },
  { id: 'pipeline', icon: KanbanSquare },
  { id: 'tasks', icon: ListChecks },
  { id: 'import', icon: Upload },
] as const;
type Tab = (typeof TABS)[number]['id'];
const KEY = 'crm-tab';

function storedTab(): Tab {
  try {
    const v = localStorage.getItem(KEY);
    return TABS.some((t) => t.id === v) ? (v as Tab) : 'contacts';
  } catch {
    return 'contacts';
  }
}

/**
 * The CRM view (issue 43, docs/crm.md): contacts, the pipeline, tasks and the CSV import, with a contact's panel
 * over any of them. The dashboard shows it through the page's slot; the last section chosen is remembered here.
 */
export function CrmWorkspace() {
  const [tab, setTab] = useState<Tab>(storedTab);
  const [contactId, setContactId] = useState<string | null>(null);
  const choose = (t: string) => {
    setTab(t as Tab);
    try {
      localStorage.setItem(KEY, t);
    } catch {
      // storage blocked: the tab still changes for this visit
    }
  };
  return (
    <div className="space-y-4" data-testid="crm">
      <CrmSummary />
      <Tabs value={tab} onValueChange={choose}>
        <TabsList aria-label={crmMessages.tabsLabel}>
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              <t.icon aria-hidden className="size-4" /> {crmMessages.tabs[t.id]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="contacts">
          <ContactsPanel onOpen={setContactId} />
        </TabsContent>
        <TabsContent value="pipeline">
          <PipelineBoard onOpenContact={setContactId} />
        </TabsContent>
        <TabsContent value="tasks">
          <TasksPanel onOpenContact={setContactId} />
        </TabsContent>
        <TabsContent value="import">
          <Suspense fallback={<Spinner className="size-5 text-primary" label={crmMessages.importer.loading} />}>
            <ImportPanel onDone={() => choose('contacts')} />
          </Suspense>
        </TabsContent>
      </Tabs>
      {contactId && <ContactSheet contactId={contactId} onClose={() => setContactId(null)} />}
    </div>
  );
}
