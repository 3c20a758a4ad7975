/** The web pages: the two registers, and the verification page a certificate's QR code opens (`${PUBLIC_URL}/verify/{number}`). */
export const PUBLIC_REGISTER_PAGES = { search: '/personnel-search', aicip: '/aicip-personnel-search' } as const;
export function verificationPagePath(certificateNumber: string): string {
  return `/verify/${encodeURIComponent(certificateNumber)}`;
}

/** The register page's query parameter that chooses one awarding body (its short name): `/personnel-search?body=wcnz`. */
export const REGISTER_BODY_PARAM = 'body';

/** A register page, of one awarding body when a short name is given (its own register, to link to), else of all. */
export function registerPagePath(page: (typeof PUBLIC_REGISTER_PAGES)[keyof typeof PUBLIC_REGISTER_PAGES], accountShortName?: string): string {
  return accountShortName ? `${page}?${REGISTER_BODY_PARAM}=${encodeURIComponent(accountShortName)}` : page;
}
