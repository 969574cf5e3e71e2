import { getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { TextField } from '../fields/TextField.tsx';
import { eventsOf, specOf } from './field-text.tsx';

/** Text-like inputs (text, email, number, …): the neutral TextField with RJSF's input attributes. */
export default function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { value, onChangeOverride, options, schema, type } = props;
  const events = eventsOf<string>(props);
  return (
    <TextField
      spec={specOf(props)}
      value={value ?? ''}
      inputProps={{ ...getInputProps(schema, type, options), ...(onChangeOverride ? { onChange: onChangeOverride } : {}) }}
      autoComplete={options.autocomplete}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      {...events}
    />
  );
}
