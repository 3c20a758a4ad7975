import { NotAvailable } from '../../../components/ui/not-available';

/** A public page of spec section 2 that is still to come. */
export function PublicUnavailableRoute({ title }: { title: string }) {
  return <NotAvailable title={title} message="This page is not available yet." />;
}
