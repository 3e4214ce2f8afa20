// The definitions of expected fields and documents, shared by the subsidies' administration
// (/administration/rds/parametrage-custom) and the approvals' (/administration/rda), and the editor
// of an expected item's conditions (a campaign's, an approval's).
export { definitionsKey, ExpectedDefinitions, type DefinitionCatalogue, type DefinitionKind, type DefinitionTexts } from './definitions-editor.tsx';
export { ConditionEditor } from './condition-editor.tsx';
export { ASK_SCOPES, describeAsks, PART_LABELS } from './conditions.ts';
