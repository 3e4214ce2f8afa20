// What other features use of the food-aid sites: the section opening their modal (the association
// file's « Agréments » tab, the approval wizard's food-aid step).
export { HaaSitesSection } from './haa-sites.tsx';
