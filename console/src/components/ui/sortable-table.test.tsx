import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, signIn } from '../../test/render';
import { EmptyState } from './empty-state';
import { type Column, SortableTable } from './sortable-table';

interface Row { name: string; quota: number }
const rows: Row[] = [{ name: 'beta', quota: 5 }, { name: 'alpha', quota: 30 }, { name: 'gamma', quota: 12 }];
const columns: Column<Row>[] = [
  { id: 'name', label: 'Name', required: true, cell: (row) => row.name, sortValue: (row) => row.name },
  { id: 'quota', label: 'Quota', numeric: true, cell: (row) => `q${row.quota}`, sortValue: (row) => row.quota },
];

function renderTable(data: Row[] | undefined) {
  return renderPage(<SortableTable id="things" columns={columns} rows={data} rowKey={(row) => row.name} empty={<EmptyState title="none yet" action={{ label: 'Add one', to: '/token' }} />} />);
}

const names = () => screen.getAllByTestId('things-row').map((row) => row.firstChild?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('SortableTable', () => {
  it('sorts by a header: ascending, then descending, saying so with aria-sort', () => {
    signIn(1, 7);
    renderTable(rows);
    expect(names()).toEqual(['beta', 'alpha', 'gamma']);
    fireEvent.click(within(header('Quota')).getByRole('button'));
    expect(names()).toEqual(['beta', 'gamma', 'alpha']);
    expect(header('Quota').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header('Quota')).getByRole('button'));
    expect(names()).toEqual(['alpha', 'gamma', 'beta']);
    expect(header('Quota').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('keeps the chosen columns and the sort per signed-in user', () => {
    signIn(1, 7);
    const first = renderTable(rows);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Quota' }));
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(screen.queryByRole('columnheader', { name: /Quota/ })).toBeNull();
    expect(screen.queryByText('q30')).toBeNull();
    first.unmount();

    const again = renderTable(rows);
    expect(screen.queryByRole('columnheader', { name: /Quota/ }), 'the same user keeps the choice').toBeNull();
    expect(names()).toEqual(['alpha', 'beta', 'gamma']);
    again.unmount();

    signIn(1, 8);
    renderTable(rows);
    expect(screen.getByRole('columnheader', { name: /Quota/ }), 'another user has their own view').toBeTruthy();
    expect(names()).toEqual(['beta', 'alpha', 'gamma']);
  });

  it('never offers to hide the column that names the row', () => {
    renderTable(rows);
    expect(screen.queryByRole('checkbox', { name: 'Name' })).toBeNull();
  });

  it('shows skeleton rows while loading, and the empty state with its action when there are no rows', () => {
    const loading = renderTable(undefined);
    expect(screen.getAllByTestId('skeleton-row').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('empty-state')).toBeNull();
    loading.unmount();
    renderTable([]);
    expect(screen.queryByTestId('skeleton-row')).toBeNull();
    expect(screen.getByText('none yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add one' }).getAttribute('href')).toBe('/token');
  });

  it('closes the column chooser on Escape, giving the focus back to its button', () => {
    renderTable(rows);
    const chooser = screen.getByTestId('column-chooser') as HTMLDetailsElement;
    chooser.open = true;
    const box = screen.getByRole('checkbox', { name: 'Quota' });
    box.focus();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(chooser.open).toBe(false);
    expect(document.activeElement).toBe(chooser.querySelector('summary'));
  });

  it("puts each row's attributes on its tr, and a row's detail under it across every column", () => {
    renderPage(<SortableTable id="things" columns={columns} rows={rows} rowKey={(row) => row.name} empty={null}
      rowProps={(row) => ({ 'data-name': row.name })} detail={(row) => (row.name === 'alpha' ? `detail of ${row.name}` : null)} />);
    expect(screen.getAllByTestId('things-row').map((row) => row.getAttribute('data-name'))).toEqual(['beta', 'alpha', 'gamma']);
    const [detail] = screen.getAllByTestId('things-detail');
    expect(screen.getAllByTestId('things-detail')).toHaveLength(1);
    expect(detail?.previousElementSibling?.getAttribute('data-name')).toBe('alpha');
    expect(detail?.querySelector('td')?.colSpan).toBe(2);
  });
});
