// What other features use of the food-aid sites: the section opening their modal (the association
// file's « Agréments » tab, the approval wizard's food-aid step), and their table read only (what an
// approval's instructing service sees).
export { HaaSitesSection, HaaSitesTable } from './haa-sites.tsx';
