import { useEffect, type ReactNode } from 'react';
import { Select } from '@mantine/core';
import type { WidgetProps } from '@rjsf/utils';
import { conditionHolds } from '../../../../common/conditions.ts';
import type { ResourceObject } from '../../../data/api-client.ts';
import { useResource, type SourceDefinition } from '../../../data/use-resource.ts';
import { useText } from '../../../i18n/use-text.ts';
import { useScreen } from '../../../screens/screen-context.tsx';
import { useFieldProps } from './field-text.tsx';

/** uiSchema `ui:options.optionsSource` of a select or multi-select (schemas/form.schema.json describes it). */
export interface OptionsSource {
  source: SourceDefinition;
  value: string;
  label: string;
  when?: Record<string, unknown>;
  fallback?: Array<{ value: string; label: string }>;
  /** Choices offered before the fetched ones, always (labels are i18n keys): "none" for a choice that may stay empty. */
  leading?: Array<{ value: string; label: string }>;
}

export interface Choice {
  value: string;
  label: string;
}

/**
 * A list resource's records as choices: the `value` attribute chosen, the `label` attribute shown
 * (the id when missing), or a label template naming attributes ("{customerName} ({buidCustomer})").
 */
export function choicesOf(records: readonly ResourceObject[] | undefined, spec: Pick<OptionsSource, 'value' | 'label'>): Choice[] {
  const labelOf = (item: ResourceObject) =>
    spec.label.includes('{')
      ? spec.label.replace(/\{([A-Za-z_][\w]*)\}/g, (_match, name: string) => String(item.attributes[name] ?? ''))
      : String(item.attributes[spec.label] ?? item.id);
  return (records ?? []).map((item) => ({ value: String(item.attributes[spec.value] ?? item.id), label: labelOf(item) }));
}

/**
 * The choices of an `optionsSource`, fetched only while `when` holds; not offered, failing (the
 * client logs it) or empty, the translated fallback. `loading` while the first read is under way.
 * A render prop, so the fetch (a hook) happens only in the branch that needs it.
 */
export function SourcedChoices({ spec, children }: { spec: OptionsSource; children: (choices: Choice[], loading: boolean) => ReactNode }) {
  const { bindings } = useScreen();
  const { t } = useText();
  const translated = (options: OptionsSource['fallback']) =>
    (options ?? []).map((option) => ({ value: option.value, label: t(option.label) }));
  const fallback = translated(spec.fallback);
  const leading = translated(spec.leading);
  return spec.when && !conditionHolds(spec.when, bindings) ? (
    children([...leading, ...fallback], false)
  ) : (
    <FetchedChoices spec={spec} fallback={fallback} leading={leading}>
      {children}
    </FetchedChoices>
  );
}

function FetchedChoices({
  spec,
  fallback,
  leading,
  children,
}: {
  spec: OptionsSource;
  fallback: Choice[];
  leading: Choice[];
  children: (choices: Choice[], loading: boolean) => ReactNode;
}) {
  const { data, loading } = useResource<ResourceObject[]>(spec.source);
  if (loading) return children([], true);
  const fetched = choicesOf(data, spec);
  return children([...leading, ...(fetched.length ? fetched : fallback)], false);
}

/**
 * A select whose options are records of a list resource, e.g. a customer's banking countries,
 * fetched only while `when` holds; not offered, failing or empty, it offers the translated
 * fallback instead (spec §8: a banking-country failure clears the list).
 */
export default function SourcedSelect(props: WidgetProps) {
  const spec = props.options.optionsSource as OptionsSource;
  return <SourcedChoices spec={spec}>{(choices) => <ChoiceSelect {...props} choices={choices} />}</SourcedChoices>;
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
