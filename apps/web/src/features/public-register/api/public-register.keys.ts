import type { PublicRegister, RegisterSearchRequest } from '@certs/shared/public-register/public-register.contract';

export const publicRegisterKeys = {
  all: ['public-register'] as const,
  search: (register: PublicRegister, request: RegisterSearchRequest) => [...publicRegisterKeys.all, 'search', register, request] as const,
  verification: (certificateNumber: string) => [...publicRegisterKeys.all, 'verify', certificateNumber] as const,
  bodies: ['public-register', 'bodies'] as const,
};
