import { RegisterPage } from '../../../features/public-register/components/register-page';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { PERSONNEL_SEARCH_PATH } from '../../route-paths';


/** The public register of qualification, certification and welder qualification holders (spec section 2, personnel-search). */
export function PersonnelSearchRoute() {
  return (
    <RegisterPage
      register="search"
      title="Personnel search"
      summary="The public register of holders of our qualifications, certifications and welder qualifications, with the status of each certificate today."
    />
  );
}
