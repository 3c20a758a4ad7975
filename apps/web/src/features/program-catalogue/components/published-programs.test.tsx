import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublishedProgramDetail } from '@certs/shared/program/program-catalogue.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { setWindowWidth } from '../../../test/window-width';
import { PublishedProgramView } from './published-program-view';
import { PublishedProgramsList } from './published-programs-list';

const row = {
  id: '00000000-0000-4000-8000-000000000001',
  programCode: 'C-WELD-SUP',
  programTitle: 'Certified Welding Supervisor (AS 1796 / AS/NZS ISO 14731)',
  programType: 2,
  publishedOn: '2026-01-05T00:00:00.000Z',
  applicantStatus: 'Not Applied' as const,
};

const detail: PublishedProgramDetail = {
  ...row,
  currency: 'AUD',
  programDeclaration: '',
  programTooltips: '',
  instructions: [],
  requirements: [],
  modules: [],
  renewalModules: [],
  certificationSettings: null,
  renewalSettings: null,
  welderQualificationSettings: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A code is kept on one line: it may not break after a hyphen ("C-WELD-" / "SUP"). */
function expectOnOneLine(element: HTMLElement) {
  expect(element).toHaveTextContent(/^C-WELD-SUP$/);
  expect(element).toHaveStyle({ whiteSpace: 'nowrap' });
}

describe('program codes in the catalogue', () => {
  it.each([
    ['a desktop', 1280],
    ['a 390 px phone', 390],
  ])('keep a code on one line in the list on %s', async (_, innerWidth) => {
    setWindowWidth(innerWidth);
    stubFetch(() => jsonResponse({ rows: [row], page: 1, pageSize: 10, totalRows: 1 }));
    renderWithProviders(<PublishedProgramsList hrefOf={(program) => `/student/programs/${program.id}`} />);
    const link = await screen.findByRole('link', { name: 'C-WELD-SUP' });
    // On the phone the list is cards (below md), where the code is the card's title.
    if (innerWidth < 768) expect(screen.getByTestId('published-programs-table')).toHaveAttribute('data-layout', 'cards');
    expectOnOneLine(within(link).getByTestId('program-code'));
  });

  it("keep the code on one line in the program page's badge", () => {
    renderWithProviders(<PublishedProgramView program={detail} />);
    expectOnOneLine(screen.getByTestId('program-code'));
  });
});

describe("a program's fees in the catalogue", () => {
  const certification = {
    programId: row.id,
    kind: 'initial' as const,
    memberFee: 450,
    nonmemberFee: 600,
    reviewAllowed: true,
    renewalPeriod: 3,
    requiredCpdHours: 20,
    assessorAssessmentInstruction: '',
    certificationTooltips: '',
    programDeclaration: '',
  };

  it.each([
    ['NZD', 'NZ$'],
    ['AUD', '$'],
  ])("are labelled in the body's currency (%s)", (currency, symbol) => {
    renderWithProviders(<PublishedProgramView program={{ ...detail, currency, certificationSettings: certification }} />);
    const fees = screen.getByTestId('program-fees');
    expect(within(fees).getByText(`Member fee (${symbol})`)).toBeInTheDocument();
    expect(within(fees).getByText(`Non-member fee (${symbol})`)).toBeInTheDocument();
  });
});
