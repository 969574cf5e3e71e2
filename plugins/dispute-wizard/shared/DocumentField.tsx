import { FileInput, Group, Select } from '@mantine/core';
import { checkUpload } from '../../../domain/files.ts';
import { useFormatter } from '../../../engine/format/use-formatter.ts';
import { useText } from '../../../engine/i18n/use-text.ts';
import { documentTypeOptions } from '../../../engine/widgets/upload/document-type-options.ts';
import { useSession } from '../../../engine/session/store.ts';
import type { DocumentType } from '../contract.ts';
import type { ChosenDocument } from './documents.ts';
import type { ShownProblem } from './ProblemAlert.tsx';

interface DocumentFieldProps {
  label: string;
  value: ChosenDocument | undefined;
  documentTypes: readonly DocumentType[];
  onChange(document: ChosenDocument | undefined): void;
  /** The tenant's file rules refused the file (it is not kept), or [] once a file passes. */
  onProblems(problems: ShownProblem[]): void;
  'data-document-for'?: string;
}

/**
 * One supporting document: a file checked against the tenant's file rules (domain/files.ts, the
 * same the API enforces) as soon as it is chosen, and its document type.
 */
export function DocumentField({ label, value, documentTypes, onChange, onProblems, ...rest }: DocumentFieldProps) {
  const { t } = useText();
  const formatValue = useFormatter();
  const limits = useSession((session) => session.config?.limits.files);

  const choose = async (file: File | null) => {
    if (!file) {
      onChange(undefined);
      return;
    }
    onProblems([]);
    if (limits) {
      const problem = checkUpload(
        {
          docTypeId: 1,
          files: [{ name: file.name, mimeType: file.type, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) }],
        },
        limits,
      );
      if (problem) {
        onProblems([
          { code: problem.code, values: { ...problem.meta, field: 'common.upload.files', types: limits.permittedTypes.join(', ') } },
        ]);
        return;
      }
    }
    onChange({ file, docTypeId: value?.docTypeId ?? null });
  };

  return (
    <Group align="end" grow {...rest}>
      <FileInput
        label={label}
        clearable
        clearButtonProps={{ 'aria-label': t('disputes.wizard.remove') }}
        accept={limits?.permittedTypes.join(',')}
        value={value?.file ?? null}
        onChange={(file) => void choose(file)}
      />
      <Select
        label={t('common.upload.documentType')}
        disabled={!value}
        required={Boolean(value)}
        value={value?.docTypeId ?? null}
        onChange={(docTypeId) => {
          if (value) onChange({ ...value, docTypeId });
        }}
        data={documentTypeOptions(documentTypes, formatValue)}
      />
    </Group>
  );
}
