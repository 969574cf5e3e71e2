import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, FileInput, Group, Progress, Select, Stack } from '@mantine/core';
import { checkUpload, type CandidateFile } from '../../domain/files.ts';
import { useFormatter } from '../format/use-formatter.ts';
import type { ResourceObject } from '../data/api-client.ts';
import { postWithProgress } from '../data/post-with-progress.ts';
import { invalidateResources, resourceQuery } from '../data/queries.ts';
import { resolveBinding } from '../definitions/bindings.ts';
import { useText } from '../i18n/use-text.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { useSession } from '../session/store.ts';
import { useToast } from '../shell/toast.ts';
import { documentTypeOptions } from './upload/document-type-options.ts';
import { fileErrorValues, toBase64 } from './upload/upload-files.ts';

interface DocumentType {
  doc_type_id: number;
  document_type: string;
  max_attachments: number;
}
const NO_TYPES: DocumentType[] = [];

/**
 * Document upload (spec §5 file rules, checked here with the same domain rules the server
 * enforces): a document type, up to the tenant's number of files, size and type limits; the
 * per-type maximum needs the attachments already there, so the server's answer tells it.
 * { "widget": "upload", "path": "/merchant-invoice-documents", "trxId": "{route.invoice_id}", "success": "invoices.documents.uploaded" }
 */
export default function UploadWidget({ node }: WidgetProps) {
  const { t } = useText();
  const toast = useToast();
  const formatValue = useFormatter();
  const { bindings } = useScreen();
  const queryClient = useQueryClient();
  const limits = useSession((session) => session.config?.limits.files);
  // A failed list offers no types (the upload cannot start), as before the data layer.
  const typesQuery = useQuery(resourceQuery<Array<ResourceObject<DocumentType>>>(String(node.documentTypes ?? '/document-types')));
  const types = typesQuery.data?.data.map((item) => item.attributes) ?? NO_TYPES;
  const [docTypeId, setDocTypeId] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<{ code: string; meta?: Record<string, unknown> } | null>(null);

  const upload = async () => {
    if (!limits) return;
    setError(null);
    const candidates: CandidateFile[] = await Promise.all(
      files.map(async (file) => ({
        name: file.name,
        mimeType: file.type,
        size: file.size,
        bytes: new Uint8Array(await file.arrayBuffer()),
      })),
    );
    const problem = checkUpload({ docTypeId: docTypeId === null ? null : Number(docTypeId), files: candidates }, limits);
    if (problem) {
      setError({ code: problem.code, meta: errorValues(problem.code, problem.meta) });
      return;
    }
    setProgress(0);
    const result = await postWithProgress(
      String(node.path),
      {
        trx_id: resolveBinding(node.trxId, bindings),
        doc_type_id: Number(docTypeId),
        files: candidates.map((file) => ({ file_name: file.name, mime_type: file.mimeType, content_base64: toBase64(file.bytes) })),
      },
      setProgress,
    );
    setProgress(null);
    if (!result.ok) {
      const code = result.code ?? 'errors.files.uploadFailed';
      setError({ code, meta: errorValues(code, result.meta) });
      return;
    }
    setFiles([]);
    if (node.success) toast('success', String(node.success));
    void invalidateResources(queryClient);
  };

  const errorValues = (code: string, meta: Record<string, unknown> = {}) =>
    fileErrorValues(code, meta, { t, fileSize: (bytes) => formatValue('fileSize', bytes), permittedTypes: limits?.permittedTypes ?? [] });

  return (
    <Stack gap="sm" maw={520} data-widget-id={node.id}>
      <Group align="end" grow>
        <Select
          label={t('common.upload.documentType')}
          required
          value={docTypeId}
          onChange={setDocTypeId}
          data={documentTypeOptions(types, formatValue)}
        />
        <FileInput
          label={t('common.upload.files')}
          multiple
          value={files}
          onChange={setFiles}
          accept={limits?.permittedTypes.join(',')}
          clearable
        />
      </Group>
      {error && (
        <Alert color="red" role="alert">
          {t(error.code, error.meta)}
        </Alert>
      )}
      {progress !== null && <Progress value={progress} aria-label={t('common.upload.progress')} animated />}
      <Group>
        <Button onClick={() => void upload()} disabled={files.length === 0} loading={progress !== null}>
          {t('common.upload.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
