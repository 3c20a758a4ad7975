import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_REGISTER_MESSAGES, type PublicCertificate } from '@certs/shared/public-register/public-register.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RegisterSearch } from './register-search';

const SEARCH = '/unauth/application/companyreports/search';

function holder(n: number): PublicCertificate {
  return { name: `Holder ${n}`, programCode: 'C-WELD-SUP', programTitle: 'Welding Supervisor', certificateNumber: `C-${n}`, awardDate: '2026-02-03', expiresOn: null, status: n === 2 ? 'on hold' : 'current', designations: [], issuingBody: 'Welding Certification Board', issuingBodyLogoUrl: null };
}

function renderSearch() {
  renderWithProviders(<RegisterSearch register="search" label="Personnel search" />);
  return userEvent.setup();
}

describe('RegisterSearch', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names no one body's program in the search hint, shown on every body's register (issue 45 item 8)", () => {
    stubFetch(() => jsonResponse({ rows: [], page: 1, pageSize: 10, totalRows: 0 }));
    renderSearch();
    expect(screen.getByRole('textbox', { name: 'Search for' })).toHaveAttribute('placeholder', 'e.g. Smith, a program code or a certificate number');
  });

  it('says why a search that would list everyone is refused, without asking the server', async () => {
    const { calls } = stubFetch(() => jsonResponse({ rows: [], page: 1, pageSize: 10, totalRows: 0 }));
    const user = renderSearch();
    await user.type(screen.getByRole('textbox', { name: 'Search for' }), '%%a');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(PUBLIC_REGISTER_MESSAGES.searchTermTooShort)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the rows with their status and a link to each verification page, and asks for the next page by the spec names', async () => {
    const { calls } = stubFetch((call) => {
      const body = call.body as { currentPage: number };
      return jsonResponse({ rows: body.currentPage === 1 ? [holder(1), holder(2)] : [holder(11)], page: body.currentPage, pageSize: 10, totalRows: 11 });
    });
    const user = renderSearch();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Search by' }), 'Name');
    await user.type(screen.getByRole('textbox', { name: 'Search for' }), '  Holder ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table', { name: 'Personnel search results' });
    expect(await within(table).findByRole('rowheader', { name: 'Holder 2' })).toBeInTheDocument();
    expect(within(table).getByText('On hold')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Verify certificate C-1' })).toHaveAttribute('href', '/verify/C-1');
    expect(calls[0]).toMatchObject({ url: SEARCH, method: 'POST', body: { searchTerm: 'Holder', searchBy: 'name', currentPage: 1, perPageCount: 10 } });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByRole('rowheader', { name: 'Holder 11' })).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ searchTerm: 'Holder', searchBy: 'name', currentPage: 2, perPageCount: 10 });
  });

  it('shows the limit message when the server answers 429', async () => {
    stubFetch(() => jsonResponse({ statusCode: 429, error: 'Too Many Requests', message: PUBLIC_REGISTER_MESSAGES.tooManySearches }, 429));
    const user = renderSearch();
    await user.type(screen.getByRole('textbox', { name: 'Search for' }), 'Holder');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PUBLIC_REGISTER_MESSAGES.tooManySearches);
  });
});
