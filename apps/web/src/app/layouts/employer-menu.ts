import { EMPLOYER_CHECKS_PATH, EMPLOYER_CLAIMS_PATH, EMPLOYER_COMPLAINTS_PATH, EMPLOYER_CONFIRMATIONS_PATH, EMPLOYER_HOME_PATH, EMPLOYER_INVOICES_PATH, EMPLOYER_NOMINATIONS_PATH, EMPLOYER_PEOPLE_PATH, EMPLOYER_SECURITY_PATH, EMPLOYER_USERS_PATH } from '../route-paths';

export interface EmployerMenuItem {
  label: string;
  to: string;
  /** Only the company's coordinator has it (a viewer reads and checks, and changes nothing). */
  coordinatorOnly?: boolean;
}

/** The company portal's menu (issue 42), in order; each page adds its line here. */
export const EMPLOYER_MENU: readonly EmployerMenuItem[] = [
  { label: 'Home', to: EMPLOYER_HOME_PATH },
  { label: 'People', to: EMPLOYER_PEOPLE_PATH },
  { label: 'Confirmations', to: EMPLOYER_CONFIRMATIONS_PATH },
  { label: 'Check certificates', to: EMPLOYER_CHECKS_PATH },
  { label: 'Nominations', to: EMPLOYER_NOMINATIONS_PATH },
  { label: 'Invoices', to: EMPLOYER_INVOICES_PATH },
  { label: 'Employee claims', to: EMPLOYER_CLAIMS_PATH },
  { label: 'Complaints', to: EMPLOYER_COMPLAINTS_PATH },
  { label: 'Company users', to: EMPLOYER_USERS_PATH, coordinatorOnly: true },
  { label: 'Sign-in security', to: EMPLOYER_SECURITY_PATH },
];
