// The expected fields or documents of an approval (definitions of the approvals' own catalogue):
// which ones its dossiers ask, and among them which are required. The order kept is the rank: the
// ones already linked first, then those added, in the catalogue's order.
import { Checkbox } from '@codegouvfr/react-dsfr/Checkbox';
import type { AgrementBody } from '@portail/contract';

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
  const linked = new Map(links.map((link) => [link.code, link]));
  const labelOf = (code: string) => definitions.find((d) => d.code === code)?.label ?? code;
  const toggle = (code: string, checked: boolean) =>
    onChange(checked ? [...links, { code, asks: [], obligatoire: false }] : links.filter((link) => link.code !== code));
  const require = (code: string, obligatoire: boolean) => onChange(links.map((link) => (link.code === code ? { ...link, obligatoire } : link)));

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
    </>
  );
}
