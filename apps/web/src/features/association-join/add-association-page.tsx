// /ajout-association: the steps start with the choice of the association.
import { Navigate } from 'react-router-dom';
import { JOIN_PATHS } from './join-steps.tsx';

export function AddAssociationPage() {
  return <Navigate to={JOIN_PATHS.association} replace />;
}
