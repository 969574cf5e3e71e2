import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, CloseButton, FileButton, Group, Paper, Progress, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { ErrorCode } from '../../domain/error-codes.ts';
import { checkFileCount, checkTypedUpload, type TypedCandidateFile } from '../../domain/files.ts';
import type { ResourceObject } from '../data/api-client.ts';
import { postWithProgress } from '../data/post-with-progress.ts';
import { invalidateResources, resourceQuery } from '../data/queries.ts';
import { resolveBinding } from '../definitions/bindings.ts';
import { useFormatter } from '../format/use-formatter.ts';
import { useText } from '../i18n/use-text.ts';
import { type DocumentTypeRow, documentTypeOptions } from './upload/document-type-options.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { useSession } from '../session/store.ts';
import { useToast } from '../shell/toast.ts';
import { fileErrorValues, fileIndexOf, filePercent, fileRanges, toBase64, typeNames } from './upload/upload-files.ts';

/** The definition (schemas/screen.schema.json, widget "multiUpload"). */
interface MultiUploadNode {
  id?: string;
  /** POST path of the upload: { [target.field]: value, files: [{ file_name, mime_type, content_base64, doc_type_id }] }. */
  path: string;
  /** What the files attach to: the body field, its value (a binding; empty: the user types it in an input labelled `label`). */
  target: { field: string; value?: string; label?: string; hint?: string; integer?: boolean };
  title?: string;
  success?: string;
  documentTypes?: string;
}

interface Problem {
  code: string;
  meta?: Record<string, unknown>;
}
interface Row {
  key: number;
  file: File;
  docTypeId: string | null;
  percent: number | null;
  problem?: Problem;
}
const NO_TYPES: DocumentTypeRow[] = [];

/**
 * Several files at once (issue 26, the file upload screen), each with its document type and its
 * own progress bar, within the tenant's limits (spec §5), checked here with the domain rules the
 * server enforces. The files go in one request, so the server holds the count and each type's
 * maximum in one transaction; the request's progress is split per file by where each file lies
 * in the body (upload/upload-files.ts). A refusal naming a file shows beside that file.
 * { "widget": "multiUpload", "path": "/merchant-invoice-documents", "target": { "field": "trx_id", "value": "{query.invoice}", "label": "…" } }
 */
export default function MultiUploadWidget({ node: definition }: WidgetProps) {
  const node = definition as unknown as MultiUploadNode;
  const { t } = useText();
  const toast = useToast();
  const formatValue = useFormatter();
  const { bindings } = useScreen();
  const queryClient = useQueryClient();
  const limits = useSession((session) => session.config?.limits.files);
  const typesQuery = useQuery(resourceQuery<Array<ResourceObject<DocumentTypeRow>>>(node.documentTypes ?? '/document-types'));
  const types = typesQuery.data?.data.map((item) => item.attributes) ?? NO_TYPES;
  const bound = node.target.value ? String(resolveBinding(node.target.value, bindings) ?? '') : '';
  const [typed, setTyped] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const nextKey = useRef(0);
  const permitted = limits?.permittedTypes ?? [];

  const message = (found: Problem) =>
    t(
      found.code,
      fileErrorValues(found.code, found.meta ?? {}, { t, fileSize: (bytes) => formatValue('fileSize', bytes), permittedTypes: permitted }),
    );
  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const add = (files: File[]) => {
    setProblem(null);
    if (!limits) return;
    const tooMany = checkFileCount(rows.length + files.length, limits);
    if (tooMany) {
      setProblem(tooMany);
      return;
    }
    setRows((current) => [...current, ...files.map((file) => ({ key: nextKey.current++, file, docTypeId: null, percent: null }))]);
  };

  const upload = async () => {
    if (!limits) return;
    setProblem(null);
    setRows((current) => current.map(({ problem: _cleared, ...row }) => ({ ...row, percent: null })));
    const target = (bound || typed).trim();
    if (!target) {
      setProblem({ code: ErrorCode.fieldRequired, meta: { field: t(node.target.label ?? 'common.fileUpload.invoice') } });
      return;
    }
    // spec §5 "only one document per transaction": the files attach to one transaction.
    if (/[,;\s]/.test(target)) {
      setProblem({ code: ErrorCode.oneDocumentPerTransaction });
      return;
    }
    let candidates: TypedCandidateFile[];
    try {
      candidates = await Promise.all(
        rows.map(async (row) => ({
          name: row.file.name,
          mimeType: row.file.type,
          size: row.file.size,
          bytes: new Uint8Array(await row.file.arrayBuffer()),
          docTypeId: row.docTypeId === null ? null : Number(row.docTypeId),
        })),
      );
    } catch {
      setProblem({ code: ErrorCode.fileSelectionFailed });
      return;
    }
    const refused = checkTypedUpload(candidates, limits);
    if (refused) {
      const row = refused.index === undefined ? undefined : rows[refused.index];
      if (row) update(row.key, { problem: refused });
      else setProblem(refused);
      return;
    }
    const items = candidates.map((file) => ({
      file_name: file.name,
      mime_type: file.mimeType,
      content_base64: toBase64(file.bytes),
      doc_type_id: file.docTypeId,
    }));
    const body = JSON.stringify({ [node.target.field]: node.target.integer ? Number(target) : target, files: items });
    const ranges = fileRanges(
      body,
      items.map((item) => JSON.stringify(item)),
    );
    setBusy(true);
    setRows((current) => current.map((row) => ({ ...row, percent: 0 })));
    const result = await postWithProgress(node.path, body, (_percent, loaded) => {
      setRows((current) =>
        current.map((row, index) => ({ ...row, percent: ranges[index] ? filePercent(ranges[index], loaded) : row.percent })),
      );
    });
    setBusy(false);
    if (!result.ok) {
      const index = fileIndexOf(result.errors[0]?.source?.pointer);
      const found = { code: result.code, ...(result.meta ? { meta: result.meta } : {}) };
      const row = index === undefined ? undefined : rows[index];
      setRows((current) => current.map((each) => ({ ...each, percent: null, ...(each.key === row?.key ? { problem: found } : {}) })));
      if (!row) setProblem(found);
      return;
    }
    setRows([]);
    if (node.success) toast('success', node.success);
    void invalidateResources(queryClient);
  };

  const typeOptions = documentTypeOptions(types, formatValue);
  return (
    <Stack gap="sm" maw={720} data-widget-id={node.id}>
      {node.title && (
        <Title order={2} size="h4">
          {t(node.title)}
        </Title>
      )}
      {limits && (
        <Text size="sm" c="dimmed">
          {t('common.upload.limits', {
            maximum: limits.maxFilesPerUpload,
            size: formatValue('fileSize', limits.maxSizeBytes),
            types: typeNames(permitted),
          })}
        </Text>
      )}
      {!bound && (
        <TextInput
          label={t(node.target.label ?? 'common.fileUpload.invoice')}
          description={node.target.hint ? t(node.target.hint) : undefined}
          required
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          maw={360}
        />
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('common.upload.selected')}>
        {rows.map((row) => (
          <Paper component="li" key={row.key} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" align="start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {row.file.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatValue('fileSize', row.file.size)}
                </Text>
              </Stack>
              <CloseButton
                aria-label={t('common.upload.remove', { name: row.file.name })}
                disabled={busy}
                onClick={() => setRows((current) => current.filter((each) => each.key !== row.key))}
              />
            </Group>
            <Select
              mt="xs"
              label={t('common.upload.documentTypeOf', { name: row.file.name })}
              required
              value={row.docTypeId}
              data={typeOptions}
              disabled={busy}
              onChange={(value) =>
                update(row.key, { docTypeId: value, ...(row.problem?.code === ErrorCode.fieldRequired ? { problem: undefined } : {}) })
              }
              maw={360}
            />
            {row.percent !== null && (
              <Progress mt="xs" value={row.percent} aria-label={t('common.upload.progressOf', { name: row.file.name })} />
            )}
            {row.problem && (
              <Text mt="xs" c="red" size="sm" role="alert">
                {message(row.problem)}
              </Text>
            )}
          </Paper>
        ))}
      </Stack>
      {rows.length === 0 && <Text size="sm">{t('common.upload.none')}</Text>}
      {problem && (
        <Alert color="red" role="alert">
          {message(problem)}
        </Alert>
      )}
      <Group>
        <FileButton onChange={add} multiple accept={permitted.join(',')}>
          {(props) => (
            <Button variant="default" disabled={busy} {...props}>
              {t('common.upload.addFiles')}
            </Button>
          )}
        </FileButton>
        <Button onClick={() => void upload()} disabled={rows.length === 0} loading={busy}>
          {t('common.upload.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
