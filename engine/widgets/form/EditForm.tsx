import { Alert } from '@mantine/core';
import { useCallback, useMemo, type ReactNode } from 'react';
import { conditionHolds } from '../../../common/conditions.ts';
import { useResource, type SourceDefinition } from '../../data/use-resource.ts';
import { useText } from '../../i18n/use-text.ts';
import { DataState } from '../DataState.tsx';
import { withEmptiedTexts } from './emptied-texts.ts';
import { useScreen } from '../../screens/screen-context.tsx';
import { limitedOptions, type FormNode, type FormProps } from './form-props.ts';
import { useUnsavedTracking } from './unsaved-form.ts';

/** A form over a record: loads it, then fills the fields the schema names (nothing else is sent back; an emptied text is sent as ""). */
export default function EditForm({
  node,
  source,
  props,
  render,
}: {
  node: FormNode;
  source: SourceDefinition;
  props: FormProps;
  render: (props: FormProps) => ReactNode;
}) {
  const { t } = useText();
  const { data, loading, error } = useResource<Record<string, unknown>>({ ...source, single: true });
  const { definition, initialData: initial } = props;
  const initialData = useMemo(
    () => ({
      ...initial,
      ...Object.fromEntries(
        Object.keys(definition.schema.properties ?? {})
          .filter((field) => data?.[field] !== undefined && data[field] !== null)
          .map((field) => [field, data?.[field]]),
      ),
    }),
    [data, definition, initial],
  );
  const unsaved = useUnsavedTracking(initialData);
  const { onSubmit } = props;
  const onSubmitEdits = useCallback<FormProps['onSubmit']>(
    (formData) => onSubmit(withEmptiedTexts(formData, initialData, definition.schema)),
    [onSubmit, initialData, definition],
  );
  const { bindings } = useScreen();
  const onlyOptions = useMemo(
    () => (data && node.limitOptions ? limitedOptions(node.limitOptions, { ...bindings, record: data }) : props.onlyOptions),
    [data, node.limitOptions, bindings, props.onlyOptions],
  );
  const readOnly = data !== undefined && node.readOnlyWhen !== undefined && conditionHolds(node.readOnlyWhen, data);
  return (
    <DataState loading={loading || data === undefined} error={error} height={320}>
      {readOnly ? (
        <Alert color="yellow" role="status">
          {t(String(node.readOnlyText ?? 'common.form.readOnly'))}
        </Alert>
      ) : (
        render({ ...props, initialData, unsaved, onSubmit: onSubmitEdits, ...(onlyOptions ? { onlyOptions } : {}) })
      )}
    </DataState>
  );
}
