import { createContext, useContext, type ReactNode } from 'react';
import { currencySymbol } from '@certs/shared/pre-exam/pre-exam-rules';

// The currency of the account a screen's amounts belong to (AUD, NZD); none: the first account's "$".
const CurrencyContext = createContext<string | null>(null);

/** Gives the forms below the account's currency: a route that knows the account wraps its screen in it. */
export function CurrencyProvider({ currency, children }: { currency: string | null | undefined; children: ReactNode }) {
  return <CurrencyContext.Provider value={currency ?? null}>{children}</CurrencyContext.Provider>;
}

/** "$" or "NZ$": the symbol of a fee field (`leftSection`) or a label's "(NZ$)". */
export function useCurrencySymbol(): string {
  return currencySymbol(useContext(CurrencyContext));
}
