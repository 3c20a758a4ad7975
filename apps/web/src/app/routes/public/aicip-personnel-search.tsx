import { RegisterPage } from '../../../features/public-register/components/register-page';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { AICIP_PERSONNEL_SEARCH_PATH } from '../../route-paths';


/** The public register of AICIP inspectors (spec section 2, aicip-personnel-search). */
export function AicipPersonnelSearchRoute() {
  return (
    <RegisterPage
      register="aicip"
      title="AICIP personnel search"
      summary="The public register of AICIP certified inspectors, with the status of each certificate today."
    />
  );
}
