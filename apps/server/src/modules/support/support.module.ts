import type { Database } from '../../db/client';
import type { SessionUserChanges } from '../../platform/auth/authenticate';
import type { PaymentService } from '../payment/payment.service';
import type { RegistrationService } from '../registration/registration.service';
import { SupportRepository } from './support.repository';
import { SupportService } from './support.service';

/** Wires the support actions: activation links through registration, AICIP payments through payments. */
export function createSupportModule(db: Database, deps: { sessionUsers: SessionUserChanges; registration: RegistrationService; payments: PaymentService }) {
  return { support: new SupportService({ repository: new SupportRepository(db), ...deps }) };
}
