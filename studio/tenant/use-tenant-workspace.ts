import { useCallback, useEffect, useState } from 'react';
import { studioData, studioRequest, type Resource } from '../api.ts';
import type { Draft, PublishedTenant, TenantDocument } from './tenant-types.ts';
import { useBusyStep } from '../use-busy-step.ts';

export interface TenantWorkspace {
  published: PublishedTenant | null;
  /** The tenant's open draft (the oldest one), if any. */
  draft: Resource<Draft> | null;
  /** What the forms show: the draft's document as edited here, else the published one. */
  working: TenantDocument | null;
  /** The working document differs from the saved draft. */
  unsaved: boolean;
  error: unknown;
  busy: boolean;
  edit(document: TenantDocument): void;
  startDraft(): Promise<void>;
  saveDraft(): Promise<void>;
  discardDraft(): Promise<void>;
  /** Reads the published tenant and its drafts again (after a publish or a rollback). */
  reload(): Promise<void>;
}

/**
 * A tenant's state in the studio: the published revision, the open draft and the document being
 * edited, with the draft's life (start, save, discard). Drafts are whole tenant documents; the
 * server checks them on check and publish.
 */
export function useTenantWorkspace(tenantId: string): TenantWorkspace {
  const [published, setPublished] = useState<PublishedTenant | null>(null);
  const [draft, setDraft] = useState<Resource<Draft> | null>(null);
  const [working, setWorking] = useState<TenantDocument | null>(null);
  const [unsaved, setUnsaved] = useState(false);
  const { busy, error, run } = useBusyStep();

  const load = useCallback(async () => {
    const [tenant, drafts] = await Promise.all([
      studioData<Resource<PublishedTenant>>(`/tenants/${tenantId}`),
      studioData<Array<Resource<Draft>>>(`/tenants/${tenantId}/drafts`),
    ]);
    const open = drafts.find((candidate) => candidate.attributes.state === 'open') ?? null;
    setPublished(tenant.attributes);
    setDraft(open);
    setWorking(open?.attributes.document ?? tenant.attributes.document);
    setUnsaved(false);
  }, [tenantId]);

  useEffect(() => {
    void run(load);
  }, [run, load]);

  return {
    published,
    draft,
    working,
    unsaved,
    error,
    busy,
    edit(document) {
      setWorking(document);
      setUnsaved(true);
    },
    startDraft: () =>
      run(async () => {
        const created = await studioRequest<{ data: Resource<Draft> }>('POST', `/tenants/${tenantId}/drafts`, {});
        setDraft(created.data);
        setWorking(created.data.attributes.document);
        setUnsaved(false);
      }),
    saveDraft: () =>
      run(async () => {
        if (!draft || !working) return;
        const saved = await studioRequest<{ data: Resource<Draft> }>('PUT', `/drafts/${draft.id}`, { document: working });
        setDraft(saved.data);
        setUnsaved(false);
      }),
    discardDraft: () =>
      run(async () => {
        if (!draft) return;
        await studioRequest('POST', `/drafts/${draft.id}/discard`);
        await load();
      }),
    reload: () => run(load),
  };
}
