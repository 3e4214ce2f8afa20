// What other features use from joining an association: the list of the user's associations (the
// dashboard) and the association search form (affiliations of the administrative file).
export { MyAssociations } from './my-associations.tsx';
export { AssociationSearchForm } from './association-search-form.tsx';
