// The expected fields or documents of an approval (definitions of the approvals' own catalogue):
// which ones its dossiers ask, among them which are required, and the conditions under which a
// dossier is asked each one (the shared condition editor, on the objects an approval dossier's
// conditions read: contract APPROVAL_ASK_SCOPES). The order kept is the rank: the ones already
// linked first, then those added, in the catalogue's order.
import { fr } from '@codegouvfr/react-dsfr';
import { Button } from '@codegouvfr/react-dsfr/Button';
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import { APPROVAL_ASK_SCOPES, type AgrementBody } from '@portail/contract';
import { useState } from 'react';
import { ConditionEditor, describeAsks } from '../expected-definitions/index.ts';

type Link = AgrementBody['champs_attendus'][number];

interface ExpectedItemsFieldsetProps {
  /** e.g. « Champs attendus ». */
  legend: string;
  /** The prefix of the boxes' names (champ, document). */
  name: string;
  definitions: readonly { code: string; label: string }[];
  links: readonly Link[];
  onChange: (links: Link[]) => void;
}

export function ExpectedItemsFieldset({ legend, name, definitions, links, onChange }: ExpectedItemsFieldsetProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const linked = new Map(links.map((link) => [link.code, link]));
  const labelOf = (code: string) => definitions.find((d) => d.code === code)?.label ?? code;
  const toggle = (code: string, checked: boolean) =>
    onChange(checked ? [...links, { code, asks: [], obligatoire: false }] : links.filter((link) => link.code !== code));
  const require = (code: string, obligatoire: boolean) => onChange(links.map((link) => (link.code === code ? { ...link, obligatoire } : link)));
  const condition = (code: string, asks: Link['asks']) => onChange(links.map((link) => (link.code === code ? { ...link, asks } : link)));
  const edited = links.find((link) => link.code === editing);

  if (definitions.length === 0 && links.length === 0) return <p>Aucune définition de {legend.toLowerCase()} n’existe encore.</p>;
  return (
    <>
      <Checkbox
        legend={legend}
        small
        options={[...definitions, ...links.filter((l) => !definitions.some((d) => d.code === l.code)).map((l) => ({ code: l.code, label: l.code }))].map((d) => ({
          label: `${d.label} (${d.code})`,
          nativeInputProps: { name: `${name}-${d.code}`, checked: linked.has(d.code), onChange: (event) => toggle(d.code, event.target.checked) },
        }))}
      />
      {links.length > 0 && (
        <Checkbox
          legend={`${legend} obligatoires`}
          hintText="Cochez ceux sans lesquels le dossier ne peut pas être transmis."
          small
          options={links.map((link) => ({
            label: labelOf(link.code),
            nativeInputProps: { name: `${name}-obligatoire-${link.code}`, checked: link.obligatoire, onChange: (event) => require(link.code, event.target.checked) },
          }))}
        />
      )}
      {links.length > 0 && (
        <div className={fr.cx('fr-mb-3w')}>
          <p className={fr.cx('fr-mb-1w')}>Conditions des {legend.toLowerCase()} (sans condition, l’élément est demandé à tout dossier de l’agrément) :</p>
          <ul>
            {links.map((link) => (
              <li key={link.code}>
                {labelOf(link.code)} : {describeAsks(link.asks)}{' '}
                <Button type="button" size="small" priority="tertiary" onClick={() => setEditing(link.code)} nativeButtonProps={{ 'aria-label': `Conditions de « ${labelOf(link.code)} »` }}>
                  Conditions
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {edited && (
        <ConditionEditor
          key={edited.code}
          label={labelOf(edited.code)}
          asks={edited.asks}
          scopes={APPROVAL_ASK_SCOPES}
          of="de l’agrément"
          example="description.exercice"
          headingLevel={3}
          onApply={(asks) => {
            condition(edited.code, asks);
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
    </>
  );
}
