// The portal's links (lca /urls): code, label, http(s) address, rank.
import { CONTENT_LIMITS, CONTENT_MESSAGES, lcaContentRoutes, urlInputSchema, type UsefulUrl } from '@portail/contract';
import { callApi } from '../../../lib/api/index.ts';
import { TextField } from '../../../lib/forms/text-field.tsx';
import { useZodForm } from '../../../lib/forms/use-zod-form.ts';
import { toast } from '../../../lib/toast/toast-store.ts';
import { ContentForm } from './content-form.tsx';
import { ContentSection, LongText } from './content-section.tsx';

function UrlForm({ link, done }: { link: UsefulUrl | null; done: () => void }) {
  const form = useZodForm(
    urlInputSchema,
    { code: link?.code ?? '', libelle: link?.libelle ?? '', url: link?.url ?? '', rang: String(link?.rang ?? 0) },
    (v) => ({ ...v, rang: v.rang.trim() === '' ? 0 : v.rang }),
  );
  const submit = form.handleSubmit(async (body) => {
    if (link) await callApi(lcaContentRoutes.updateUrl, { params: { id: link.id }, body });
    else await callApi(lcaContentRoutes.createUrl, { body });
    toast.success(CONTENT_MESSAGES.urlSaved);
    done();
  });
  return (
    <ContentForm title={link ? `Modifier le lien ${link.code}` : 'Nouveau lien'} formError={form.formError} submitLabel="Enregistrer le lien" submitting={form.submitting} onSubmit={submit}>
      <TextField label="Code (lettres minuscules, chiffres, « _ » et « - »)" maxLength={CONTENT_LIMITS.code} {...form.field('code')} />
      <TextField label="Libellé" maxLength={CONTENT_LIMITS.libelle} {...form.field('libelle')} />
      <TextField label="Adresse (https://…)" type="url" autoComplete="url" maxLength={CONTENT_LIMITS.url} {...form.field('url')} />
      <TextField label="Rang d’affichage" type="number" {...form.field('rang')} />
    </ContentForm>
  );
}

export function UrlsAdmin() {
  return (
    <ContentSection<UsefulUrl>
      id="liens"
      title="Liens utiles"
      empty="Aucun lien n’est enregistré."
      caption={(n) => `Liens (${n})`}
      load={() => callApi(lcaContentRoutes.listUrls, {})}
      headers={['Rang', 'Code', 'Libellé', 'Adresse']}
      cells={(u) => [String(u.rang), u.code, <LongText key="libelle">{u.libelle}</LongText>, <LongText key="url">{u.url}</LongText>]}
      nameOf={(u) => u.code}
      noun="le lien"
      addLabel="Ajouter un lien"
      form={(link, done) => <UrlForm link={link} done={done} />}
      remove={(u) => callApi(lcaContentRoutes.deleteUrl, { params: { id: u.id } })}
    />
  );
}
