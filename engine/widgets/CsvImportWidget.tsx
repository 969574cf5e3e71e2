import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, FileInput, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useActionRunner } from '../actions/use-action-runner.ts';
import type { ApiErrorObject } from '../data/api-client.ts';
import { postWithProgress } from '../data/post-with-progress.ts';
import { invalidateResources } from '../data/queries.ts';
import { resolveBinding } from '../definitions/bindings.ts';
import type { ActionDefinition } from '../definitions/types.ts';
import { useText } from '../i18n/use-text.ts';
import type { WidgetProps } from '../registry/widget-contract.ts';
import { useScreen } from '../screens/screen-context.tsx';
import { useToast } from '../shell/toast.ts';

/** One problem of the server's report (server/csv/contract.ts CsvProblem). */
interface CsvProblem {
  row: number;
  column?: string;
  code: string;
  meta?: Record<string, unknown>;
}
interface CsvReport {
  rows: number;
  valid_rows: number;
  problem_count: number;
  problems: CsvProblem[];
  written: number;
}
interface ReportDocument {
  data: { attributes: CsvReport };
}

type Phase =
  | { step: 'choose' }
  | { step: 'uploading'; percent: number; committing: boolean }
  | { step: 'report'; report: CsvReport }
  | { step: 'failed'; code: string; meta?: Record<string, unknown> };

/** A refused commit lists each problem as an error after the summary (server/csv/errors.ts). */
function problemsOf(errors: ApiErrorObject[]): CsvProblem[] {
  return errors.slice(1).map((error) => {
    const meta = error.meta ?? {};
    return { row: Number(meta.row), ...(typeof meta.column === 'string' ? { column: meta.column } : {}), code: error.code, meta };
  });
}

/**
 * CSV import (server/csv/): choose a file, upload it with a progress bar to the dry run, read
 * each row's problems, then confirm to import every row in one transaction (all or nothing).
 * `template` offers the header contract as a file (the download action).
 * { "widget": "csvImport", "dryRun": "/merchant-invoice-imports/dry-run", "commit": "/merchant-invoice-imports",
 *   "template": "/merchant-invoice-imports/template", "success": "merchantInvoices.import.done",
 *   "then": { "do": "navigate", "to": "/merchant-home" } }
 */
export default function CsvImportWidget({ node }: WidgetProps) {
  const { t } = useText();
  const toast = useToast();
  const run = useActionRunner();
  const { bindings } = useScreen();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const pathOf = (value: unknown) => String(resolveBinding(value, bindings));

  const send = async (committing: boolean) => {
    if (!file) return;
    setPhase({ step: 'uploading', percent: 0, committing });
    const body = { file_name: file.name, content: await file.text() };
    const onProgress = (percent: number) => setPhase({ step: 'uploading', percent, committing });
    const result = await postWithProgress<ReportDocument>(pathOf(committing ? node.commit : node.dryRun), body, onProgress);
    if (result.ok) {
      const report = result.document.data.attributes;
      if (!committing) {
        setPhase({ step: 'report', report });
        return;
      }
      toast('success', String(node.success ?? 'common.csvImport.imported'), { rows: report.rows, written: report.written });
      setFile(null);
      setPhase({ step: 'choose' });
      void invalidateResources(queryClient);
      if (node.then) await run(node.then as ActionDefinition);
      return;
    }
    if (result.code === 'errors.csv.rowsInvalid') {
      const problems = problemsOf(result.errors);
      const rows = Number(result.meta?.rows ?? 0);
      setPhase({
        step: 'report',
        report: { rows, valid_rows: 0, problem_count: Number(result.meta?.problems ?? problems.length), problems, written: 0 },
      });
      return;
    }
    setPhase({ step: 'failed', code: result.code, ...(result.meta ? { meta: result.meta } : {}) });
  };

  const busy = phase.step === 'uploading';
  const report = phase.step === 'report' ? phase.report : undefined;
  return (
    <Stack gap="sm" data-widget-id={node.id}>
      <Group align="end">
        <FileInput
          label={t('common.csvImport.file')}
          accept=".csv,text/csv"
          value={file}
          disabled={busy}
          miw={280}
          onChange={(chosen) => {
            setFile(chosen);
            setPhase({ step: 'choose' });
          }}
        />
        <Button onClick={() => void send(false)} disabled={!file || busy} loading={busy && phase.step === 'uploading' && !phase.committing}>
          {t('common.csvImport.check')}
        </Button>
        {node.template !== undefined && (
          <Button
            variant="light"
            disabled={busy}
            onClick={() => void run({ do: 'download', path: node.template, failure: 'errors.connection.unableToDownloadCsv' })}
          >
            {t('common.csvImport.template')}
          </Button>
        )}
      </Group>
      {phase.step === 'uploading' && (
        <Progress
          value={phase.percent}
          striped
          animated={phase.percent >= 100}
          aria-label={t('common.upload.progress')}
          data-testid="csv-import-progress"
        />
      )}
      {phase.step === 'failed' && (
        <Alert color="red" role="alert">
          {t(phase.code, phase.meta)}
        </Alert>
      )}
      {report && report.problem_count === 0 && (
        <Alert color="green" role="status">
          <Stack gap="xs">
            <Text size="sm">{t('common.csvImport.clean', { rows: report.rows })}</Text>
            <Group>
              <Button onClick={() => void send(true)}>{t('common.csvImport.confirm', { rows: report.rows })}</Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setFile(null);
                  setPhase({ step: 'choose' });
                }}
              >
                {t('common.csvImport.reset')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {report && report.problem_count > 0 && (
        <Stack gap="xs">
          <Alert color="red" role="alert">
            {t('common.csvImport.problems', { rows: report.rows, problems: report.problem_count })}
          </Alert>
          {report.problems.length < report.problem_count && (
            <Text size="sm">{t('common.csvImport.truncated', { shown: report.problems.length, total: report.problem_count })}</Text>
          )}
          <Table.ScrollContainer minWidth={480} maxHeight={420}>
            <Table striped withTableBorder aria-label={t('common.csvImport.report')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('common.csvImport.row')}</Table.Th>
                  <Table.Th scope="col">{t('common.csvImport.column')}</Table.Th>
                  <Table.Th scope="col">{t('common.csvImport.problem')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.problems.map((problem, index) => (
                  <Table.Tr key={`${problem.row}-${problem.column ?? ''}-${index}`}>
                    <Table.Td>{problem.row}</Table.Td>
                    <Table.Td>{problem.column ?? t('common.csvImport.wholeRow')}</Table.Td>
                    <Table.Td>{t(problem.code, { field: problem.column, ...problem.meta })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Stack>
  );
}
