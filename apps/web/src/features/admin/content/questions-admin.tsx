// The questions asked of every subsidy dossier (lca /questions): created with a code that stays,
// changed, enabled, made required (a required, enabled question blocks the dossiers' transmission
// until answered). Not removed: the dossiers keep their answers under its code.
import {
  CONTENT_LIMITS,
  CONTENT_MESSAGES,
  QUESTION_TYPES,
  questionCreateSchema,
  questionRoutes,
  questionUpdateSchema,
  type Question,
} from '@portail/contract';
import { callApi } from '../../../lib/api/index.ts';
import { CheckboxField, checkedText, isChecked } from '../../../lib/forms/checkbox-field.tsx';
import { SelectField } from '../../../lib/forms/select-field.tsx';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { toast } from '../../../lib/toast/toast-store.ts';
import { ContentForm } from './content-form.tsx';
import { ContentSection, LongText } from './content-section.tsx';

const TYPE_LABELS: Record<Question['type'], string> = { booleen: 'Oui / non', texte: 'Texte libre' };

function QuestionForm({ question, done }: { question: Question | null; done: () => void }) {
  const form = useZodForm(
    question ? questionUpdateSchema : questionCreateSchema,
    {
      code: question?.code ?? '',
      label: question?.label ?? '',
      type: question?.type ?? 'booleen',
      obligatoire: checkedText(question?.obligatoire ?? false),
      enabled: checkedText(question?.enabled ?? true),
      rang: String(question?.rang ?? 0),
    },
    (v) => ({
      ...(question ? {} : { code: v.code.trim() }),
      label: v.label,
      type: v.type,
      obligatoire: isChecked(v.obligatoire),
      enabled: isChecked(v.enabled),
      rang: v.rang.trim() === '' ? 0 : Number(v.rang),
    }),
  );
  const submit = form.handleSubmit(async (body) => {
    if (question) await callApi(questionRoutes.updateQuestion, { params: { id: question.id }, body });
    else await callApi(questionRoutes.createQuestion, { body: body as typeof body & { code: string } });
    toast.success(CONTENT_MESSAGES.questionSaved);
    done();
  });
  return (
    <ContentForm
      title={question ? `Modifier la question ${question.code}` : 'Nouvelle question'}
      formError={form.formError}
      submitLabel="Enregistrer la question"
      submitting={form.submitting}
      onSubmit={submit}
    >
      {!question && <TextField label="Code (lettres minuscules, chiffres, « _ » ; il ne change plus ensuite)" maxLength={CONTENT_LIMITS.code} {...form.field('code')} />}
      <TextField label="Libellé de la question" textArea rows={3} maxLength={CONTENT_LIMITS.questionLabel} {...form.field('label')} />
      <SelectField label="Type de réponse" placeholder="Choisissez un type" placeholderDisabled options={QUESTION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))} {...form.field('type')} />
      <CheckboxField label="Réponse obligatoire pour transmettre un dossier" {...form.field('obligatoire')} />
      <CheckboxField label="Question posée (active)" {...form.field('enabled')} />
      <TextField label="Rang d’affichage" type="number" {...form.field('rang')} />
    </ContentForm>
  );
}

export function QuestionsAdmin() {
  return (
    <ContentSection<Question>
      id="questions"
      title="Questions posées aux dossiers de subvention"
      empty="Aucune question n’est enregistrée."
      caption={(n) => `Questions (${n})`}
      load={() => callApi(questionRoutes.listQuestions, { query: {} })}
      loadFailure={CONTENT_MESSAGES.questionUpdateFailure}
      headers={['Rang', 'Code', 'Libellé', 'Réponse', 'Obligatoire', 'Active']}
      cells={(q) => [String(q.rang), q.code, <LongText key="label">{q.label}</LongText>, TYPE_LABELS[q.type], q.obligatoire ? 'Oui' : 'Non', q.enabled ? 'Oui' : 'Non']}
      nameOf={(q) => q.code}
      noun="la question"
      addLabel="Ajouter une question"
      form={(question, done) => <QuestionForm question={question} done={done} />}
    />
  );
}
