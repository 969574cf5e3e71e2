import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createColumnHelper, rowSortingFeature, tableFeatures, useTable, type SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';

/**
 * The "floor" of the table benchmark: the least a hand-written page does to show the same
 * 10,000 invoices as the table widget: one request, TanStack Table for the model, TanStack
 * Virtual for the rows, sort by amount on a header click. Like the widget, it sorts on the
 * server (filter[sort]=amount|dir), so both pay for the same request. No UI kit, no i18n, no
 * formatting registry: what the widget costs above this is the engine's overhead.
 * Marks: performance.mark('ui-floor:rows') when rows are on screen; data-ready on the table.
 */
interface Invoice { trxId: string; invoiceId: string; status: string; dueDate: string; amountMinor: number; currency: string }
interface Document { data: Array<{ id: string; attributes: Invoice }>; meta?: { page?: { total?: number } } }

const URL_BASE = '/invoices?filter[buid_customer]=C-1004&page[size]=10000';
const ROW_HEIGHT = 32;
const features = tableFeatures({ rowSortingFeature });
const helper = createColumnHelper<typeof features, Invoice>();
const columns = helper.columns([
  helper.accessor('invoiceId', { header: 'Invoice', enableSorting: false }),
  helper.accessor('status', { header: 'Status', enableSorting: false }),
  helper.accessor('dueDate', { header: 'Due', enableSorting: false }),
  helper.accessor('amountMinor', { header: 'Amount', cell: (context) => (context.getValue() / 100).toFixed(2) }),
]);
const NO_ROWS: Invoice[] = [];

function FloorTable() {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [rows, setRows] = useState<Invoice[]>(NO_ROWS);
  const scrollRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    const sort = sorting[0] ? `&filter[sort]=amount|${sorting[0].desc ? 'desc' : 'asc'}` : '';
    fetch(`${URL_BASE}${sort}`, { headers: { accept: 'application/vnd.api+json' }, credentials: 'same-origin', signal: controller.signal })
      .then((response) => response.json() as Promise<Document>)
      .then((document) => setRows(document.data.map((item) => item.attributes)))
      .catch((error: unknown) => { if (!controller.signal.aborted) console.error(error); });
    return () => controller.abort();
  }, [sorting]);

  const table = useTable({
    features, columns, data: rows, getRowId: (row) => row.trxId,
    manualSorting: true, enableSortingRemoval: false, sortDescFirst: false,
    state: { sorting }, onSortingChange: setSorting,
  });
  const modelRows = table.getRowModel().rows;
  const virtualizer = useVirtualizer({
    count: modelRows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 10, scrollMargin: ROW_HEIGHT,
  });
  useEffect(() => { if (rows.length) performance.mark('ui-floor:rows'); }, [rows]);

  const items = virtualizer.getVirtualItems();
  const top = items[0] ? items[0].start - ROW_HEIGHT : 0;
  const bottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - ROW_HEIGHT) : 0;
  return (
    <div ref={scrollRef} style={{ height: '90vh', overflow: 'auto' }}>
      <table style={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' }} data-ready={rows.length > 0 || undefined}>
        <thead style={{ position: 'sticky', top: 0, background: '#fff' }}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} style={{ height: ROW_HEIGHT }}>
              {group.headers.map((header) => (
                <th key={header.id} aria-sort={header.column.getIsSorted() === 'asc' ? 'ascending' : header.column.getIsSorted() === 'desc' ? 'descending' : undefined}>
                  {header.column.getCanSort()
                    ? <button type="button" onClick={header.column.getToggleSortingHandler()}><table.FlexRender header={header} /></button>
                    : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {top > 0 ? <tr style={{ height: top }} /> : null}
          {items.map((item) => {
            const row = modelRows[item.index]!;
            return (
              <tr key={row.id} style={{ height: ROW_HEIGHT }}>
                {row.getAllCells().map((cell) => <td key={cell.id}><table.FlexRender cell={cell} /></td>)}
              </tr>
            );
          })}
          {bottom > 0 ? <tr style={{ height: bottom }} /> : null}
        </tbody>
      </table>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(<FloorTable />);
