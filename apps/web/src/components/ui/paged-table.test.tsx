import { Pagination } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
import { setWindowWidth } from '../../test/window-width';
import { PagedTable } from './paged-table';

interface Row {
  id: string;
  name: string;
}

function renderTable(props: { page: number; pageSize: number; totalRows: number; rows?: Row[] }) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  renderWithProviders(
    <PagedTable<Row>
      label="Things"
      columns={[{ key: 'name', header: 'Name', isRowHeader: true, render: (row) => row.name }]}
      rows={props.rows ?? [{ id: '1', name: 'First' }]}
      rowKey={(row) => row.id}
      page={props.page}
      pageSize={props.pageSize}
      totalRows={props.totalRows}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
      emptyText="No things."
    />,
  );
  return { onPageChange, onPageSizeChange, user: userEvent.setup() };
}

describe('PagedTable', () => {
  it('shows the range text and the page controls', async () => {
    const { onPageChange, user } = renderTable({ page: 2, pageSize: 10, totalRows: 42 });
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByText('Showing 11 to 20 of 42')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Things pages' });
    expect(within(pages).getByRole('button', { name: 'Page 5' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Page 6' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('offers the page sizes 10, 50, 100, 150 and 250', async () => {
    const { onPageSizeChange, user } = renderTable({ page: 1, pageSize: 10, totalRows: 3 });
    const select = screen.getByLabelText('Rows per page');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '50', '100', '150', '250']);
    await user.selectOptions(select, '50');
    expect(onPageSizeChange).toHaveBeenCalledWith(50);
  });

  it('shows an empty list by its message alone: no "Showing 0 of 0", page size or page controls (issue 45 item 10)', () => {
    renderTable({ page: 1, pageSize: 10, totalRows: 0, rows: [] });
    expect(screen.getByText('No things.')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Things pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('keeps an invoice number or an email in a row header on one line when asked (noWrap)', () => {
    renderWithProviders(
      <PagedTable<Row>
        label="Invoices"
        columns={[{ key: 'name', header: 'Invoice', isRowHeader: true, noWrap: true, render: (row) => row.name }]}
        rows={[{ id: '1', name: 'WTIA-INV-000123' }]}
        rowKey={(row) => row.id}
        page={1}
        pageSize={10}
        totalRows={1}
        onPageChange={() => undefined}
        onPageSizeChange={() => undefined}
      />,
    );
    expect(screen.getByRole('rowheader', { name: 'WTIA-INV-000123' })).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});

describe('every pager (the theme)', () => {
  it('names its buttons wherever a Pagination is used, not only in PagedTable (issue 45 item 10: the re-sits pager)', () => {
    renderWithProviders(<Pagination total={3} value={2} onChange={() => undefined} />);
    for (const name of ['Previous page', 'Next page', 'Page 1', 'Page 2', 'Page 3']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getAllByRole('button').filter((button) => !button.getAttribute('aria-label'))).toEqual([]);
  });
});

describe('PagedTable below the md breakpoint (issue 21 item 12)', () => {

  function renderPhoneTable(rows: Row[], minWidth?: number) {
    setWindowWidth(390);
    renderWithProviders(
      <PagedTable<Row>
        label="Things"
        testId="things"
        columns={[
          { key: 'name', header: 'Name', isRowHeader: true, render: (row) => row.name },
          { key: 'kind', header: 'Kind', render: () => 'Trial' },
          { key: 'action', header: 'Action', isAction: true, render: (row) => <button type="button">Start {row.name}</button> },
        ]}
        rows={rows}
        rowKey={(row) => row.id}
        page={1}
        pageSize={10}
        totalRows={rows.length}
        onPageChange={() => undefined}
        onPageSizeChange={() => undefined}
        emptyText="No things to show."
        minWidth={minWidth}
      />,
    );
  }

  it('shows each row as a card with its values and its action', () => {
    renderPhoneTable([{ id: '1', name: 'First' }, { id: '2', name: 'Second' }]);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Things' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('First')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('term')).toHaveTextContent('Kind');
    expect(within(cards[0]!).getByRole('definition')).toHaveTextContent('Trial');
    expect(within(cards[1]!).getByRole('button', { name: 'Start Second' })).toBeInTheDocument();
    expect(screen.getByTestId('things')).toHaveAttribute('data-layout', 'cards');
    // A value breaks inside a word only when the word alone is wider than the card, never anywhere (issue 45 item 10).
    expect(within(cards[0]!).getByRole('definition')).toHaveStyle({ overflowWrap: 'break-word' });
  });

  it('shows an empty list as its whole sentence', () => {
    renderPhoneTable([]);
    expect(screen.getByTestId('things')).toHaveTextContent('No things to show.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps a table that asks for no width (the compact columns) as a table', () => {
    renderPhoneTable([{ id: '1', name: 'First' }], 0);
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
  });
});
