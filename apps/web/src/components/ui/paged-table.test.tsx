import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers';
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

  it('shows an empty list as such, with one page', () => {
    renderTable({ page: 1, pageSize: 10, totalRows: 0, rows: [] });
    expect(screen.getByText('No things.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
  });
});
