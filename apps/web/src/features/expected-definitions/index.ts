// The definitions of expected fields and documents, shared by the subsidies' administration
// (/administration/rds/parametrage-custom) and the approvals' (/administration/rda).
export { definitionsKey, ExpectedDefinitions, type DefinitionCatalogue, type DefinitionKind, type DefinitionTexts } from './definitions-editor.tsx';
