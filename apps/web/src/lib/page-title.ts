import { useDocumentTitle } from '@mantine/hooks';

export const PRODUCT_NAME = 'Certification Platform';

/** Each screen names itself in the tab, so that screen readers and history tell pages apart. */
export function usePageTitle(title: string): void {
  useDocumentTitle(`${title} | ${PRODUCT_NAME}`);
}
