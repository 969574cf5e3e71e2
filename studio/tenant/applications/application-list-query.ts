/**
 * The applications list's state in the address (?tab=applications&status=…&q=…&page=…), so Back,
 * a reload and a shared link show the same page, and the API request it stands for
 * (server/studio/application-routes.ts: filter[status], filter[search], page[number], page[size]).
 */
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../domain/credit-applications.ts';

/** Rows a page: the server's default for the studio's list. */
export const APPLICATIONS_PAGE_SIZE = 25;

export interface ApplicationListState {
  status: ApplicationStatus | null;
  search: string;
  page: number;
}

/** The list's state from the address; what the server would refuse (an unknown status, page 0) reads as its default. */
export function listState(search: URLSearchParams): ApplicationListState {
  const status = search.get('status');
  const page = Number(search.get('page'));
  return {
    status: APPLICATION_STATUSES.find((known) => known === status) ?? null,
    search: (search.get('q') ?? '').trim().slice(0, 100),
    page: Number.isInteger(page) && page >= 1 && page <= 999_999 ? page : 1,
  };
}

/** The address of a state on the applications tab: only what differs from the default is written. */
export function listAddress(state: ApplicationListState): URLSearchParams {
  const address = new URLSearchParams({ tab: 'applications' });
  if (state.status) address.set('status', state.status);
  if (state.search) address.set('q', state.search);
  if (state.page > 1) address.set('page', String(state.page));
  return address;
}

/** The request for a state, below /studio/api. */
export function listRequest(tenantId: string, state: ApplicationListState): string {
  const query = new URLSearchParams({ 'page[number]': String(state.page), 'page[size]': String(APPLICATIONS_PAGE_SIZE) });
  if (state.status) query.set('filter[status]', state.status);
  if (state.search) query.set('filter[search]', state.search);
  return `/tenants/${encodeURIComponent(tenantId)}/applications?${query}`;
}
