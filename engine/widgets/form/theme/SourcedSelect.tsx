import { useEffect } from 'react';
import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { conditionHolds } from '../../../../domain/conditions.ts';
import type { ResourceObject } from '../../../data/api-client.ts';
import { useResource, type SourceDefinition } from '../../../data/use-resource.ts';
import { useText } from '../../../i18n/use-text.ts';
import { useScreen } from '../../../screens/screen-context.tsx';
import { useFieldProps } from './field-text.tsx';

/** uiSchema `ui:options.optionsSource` of a select (schemas/form.schema.json describes it). */
export interface OptionsSource {
  source: SourceDefinition;
  value: string;
  label: string;
  when?: Record<string, unknown>;
  fallback: Array<{ value: string; label: string }>;
}

interface Choice { value: string; label: string }

/**
 * A select whose options are records of a list resource, e.g. a customer's banking countries,
 * fetched only while `when` holds; not offered, failing (the client logs it) or empty, it offers
 * the translated fallback instead (spec §8: a banking-country failure clears the list).
 */
export default function SourcedSelect(props: WidgetProps) {
  const spec = props.options.optionsSource as OptionsSource;
  const { bindings } = useScreen();
  const { t } = useText();
  const fallback = spec.fallback.map((option) => ({ value: option.value, label: t(option.label) }));
  return spec.when && !conditionHolds(spec.when, bindings)
    ? <ChoiceSelect {...props} choices={fallback} />
    : <FetchedSelect {...props} spec={spec} fallback={fallback} />;
}

function FetchedSelect(props: WidgetProps & { spec: OptionsSource; fallback: Choice[] }) {
  const { spec, fallback, ...rest } = props;
  const { data, loading } = useResource<ResourceObject[]>(spec.source);
  const fetched = (data ?? []).map((item) => ({ value: String(item.attributes[spec.value] ?? item.id), label: String(item.attributes[spec.label] ?? item.id) }));
  if (loading) return <ChoiceSelect {...rest} choices={[]} />;
  return <ChoiceSelect {...rest} choices={fetched.length ? fetched : fallback} />;
}

function ChoiceSelect(props: WidgetProps & { choices: Choice[] }) {
  const { id, value, onChange, onBlur, onFocus, schema, choices } = props;
  const field = useFieldProps(props);
  // A value the options do not offer gives way to the schema default, else the first option.
  useEffect(() => {
    if (choices.length === 0 || choices.some((choice) => choice.value === value)) return;
    const preferred = choices.find((choice) => choice.value === schema.default) ?? choices[0]!;
    onChange(preferred.value);
  }, [choices, value, schema.default, onChange]);
  return (
    <Select
      {...field}
      data={choices}
      value={typeof value === 'string' ? value : null}
      allowDeselect={false}
      onChange={(next) => onChange(next ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
