import { LoginPage } from '../shared/login-page';

export function AdminLoginRoute() {
  return (
    <LoginPage
      userType="admin"
      eyebrow="For awarding body staff"
      title="Admin sign in"
      summary="Manage programs, applications, examinations, the question bank, users and reports."
    />
  );
}
