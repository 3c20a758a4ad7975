import { LoginPage } from '../shared/login-page';

export function EmployerLoginRoute() {
  return (
    <LoginPage
      userType="employer"
      eyebrow="For employers"
      title="Company sign in"
      summary="See your welders' and inspectors' qualifications, confirm they kept welding within range, check certificate numbers and pay for your people."
    />
  );
}
