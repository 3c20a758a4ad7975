import { LoginPage } from '../shared/login-page';

export function StudentLoginRoute() {
  return (
    <LoginPage
      userType="applicant"
      eyebrow="For applicants"
      title="Applicant sign in"
      summary="Apply to programs, pay your fees, sit your exams and receive your awards and certificates."
    />
  );
}
