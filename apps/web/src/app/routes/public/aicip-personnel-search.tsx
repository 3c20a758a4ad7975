import { PUBLIC_REGISTER_PAGES } from '@certs/shared/public-register/public-register.contract';
import { RegisterPage } from '../../../features/public-register/components/register-page';

export const AICIP_PERSONNEL_SEARCH_PATH = PUBLIC_REGISTER_PAGES.aicip;

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
