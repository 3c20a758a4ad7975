import { PUBLIC_REGISTER_PAGES } from '@certs/shared/public-register/public-register.contract';
import { RegisterPage } from '../../../features/public-register/components/register-page';

export const PERSONNEL_SEARCH_PATH = PUBLIC_REGISTER_PAGES.search;

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
