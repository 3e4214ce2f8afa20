// Notes on pages (lca /notesOnPage): type, title, HTML (sanitised by the server), the pages where
// each shows by their route names, active or not, an optional period.
import { CONTENT_LIMITS, CONTENT_MESSAGES, lcaContentRoutes, NOTE_TYPES, noteInputSchema, type NoteAdmin } from '@portail/contract';
import { callApi } from '../../../lib/api/index.ts';
import { CheckboxField, checkedText, isChecked } from '../../../lib/forms/checkbox-field.tsx';
import { SelectField } from '../../../lib/forms/select-field.tsx';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { formatTimestamp } from '../../../lib/format/timestamp.ts';
import { toast } from '../../../lib/toast/toast-store.ts';
import { ContentForm, listError } from './content-form.tsx';
import { ContentSection, LongText } from './content-section.tsx';
import { pageTitle } from './page-names.ts';
import { PagesPicker, pagesOf } from './pages-picker.tsx';

export const NOTE_TYPE_LABELS: Record<NoteAdmin['type'], string> = { info: 'Information', success: 'Succès', warning: 'Avertissement', error: 'Erreur' };

type Note = NoteAdmin & { id: string };

/** A stored date as the datetime-local input shows it (local time). */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

function NoteForm({ note, done }: { note: Note | null; done: () => void }) {
  const form = useZodForm(
    noteInputSchema,
    {
      type: note?.type ?? 'info',
      title: note?.title ?? '',
      content: note?.content ?? '',
      routes: note?.routes.join(',') ?? '',
      active: checkedText(note?.active ?? true),
      startsAt: toLocalInput(note?.startsAt ?? null),
      endsAt: toLocalInput(note?.endsAt ?? null),
    },
    (v) => ({
      type: v.type,
      title: v.title.trim() || null,
      content: v.content,
      routes: pagesOf(v.routes),
      active: isChecked(v.active),
      startsAt: fromLocalInput(v.startsAt),
      endsAt: fromLocalInput(v.endsAt),
    }),
  );
  const submit = form.handleSubmit(async (body) => {
    if (note) await callApi(lcaContentRoutes.updateNote, { params: { id: note.id }, body });
    else await callApi(lcaContentRoutes.createNote, { body });
    toast.success(CONTENT_MESSAGES.noteSaved);
    done();
  });
  return (
    <ContentForm title={note ? 'Modifier la note' : 'Nouvelle note'} formError={form.formError} submitLabel="Enregistrer la note" submitting={form.submitting} onSubmit={submit}>
      <SelectField label="Type" placeholder="Choisissez un type" placeholderDisabled options={NOTE_TYPES.map((t) => ({ value: t, label: NOTE_TYPE_LABELS[t] }))} {...form.field('type')} />
      <TextField label="Titre (facultatif)" maxLength={CONTENT_LIMITS.noteTitle} {...form.field('title')} />
      <TextField
        label="Contenu (HTML : paragraphes, gras, italique, listes, titres et liens ; le reste est retiré à l’enregistrement)"
        textArea
        rows={6}
        maxLength={CONTENT_LIMITS.noteContent}
        {...form.field('content')}
      />
      <PagesPicker legend="Pages où afficher la note" {...form.field('routes')} error={listError(form.errors, 'routes')} />
      <CheckboxField label="Note affichée" {...form.field('active')} />
      <TextField label="Début d’affichage (facultatif)" type="datetime-local" {...form.field('startsAt')} />
      <TextField label="Fin d’affichage (facultatif)" type="datetime-local" {...form.field('endsAt')} />
    </ContentForm>
  );
}

export function NotesAdmin() {
  return (
    <ContentSection<Note>
      id="notes"
      title="Notes affichées sur les pages"
      empty="Aucune note n’est enregistrée."
      caption={(n) => `Notes des pages (${n})`}
      load={async () => (await callApi(lcaContentRoutes.listAllNotes, {})).map((n) => ({ ...n, id: n._id }))}
      headers={['Type', 'Titre', 'Pages', 'Affichée', 'Période']}
      cells={(n) => [
        NOTE_TYPE_LABELS[n.type],
        n.title ?? '(sans titre)',
        <LongText key="pages">{n.routes.map(pageTitle).join(', ')}</LongText>,
        n.active ? 'Oui' : 'Non',
        n.startsAt || n.endsAt ? `${n.startsAt ? `du ${formatTimestamp(n.startsAt)}` : ''} ${n.endsAt ? `au ${formatTimestamp(n.endsAt)}` : ''}`.trim() : 'Sans limite',
      ]}
      nameOf={(n) => n.title ?? n.routes.join(', ')}
      noun="la note"
      addLabel="Ajouter une note"
      form={(note, done) => <NoteForm note={note} done={done} />}
      remove={(n) => callApi(lcaContentRoutes.deleteNote, { params: { id: n.id } })}
    />
  );
}
