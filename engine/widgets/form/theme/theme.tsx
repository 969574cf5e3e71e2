import type { ThemeProps } from '@rjsf/core';
import ArrayFieldItemTemplate from './ArrayFieldItemTemplate.tsx';
import ArrayFieldTemplate from './ArrayFieldTemplate.tsx';
import BaseInputTemplate from './BaseInputTemplate.tsx';
import CheckboxWidget from './CheckboxWidget.tsx';
import MoneyWidget from './MoneyWidget.tsx';
import MultiSelectWidget from './MultiSelectWidget.tsx';
import FieldHelpTemplate from './FieldHelpTemplate.tsx';
import FieldTemplate from './FieldTemplate.tsx';
import ObjectFieldTemplate from './ObjectFieldTemplate.tsx';
import PasswordWidget from './PasswordWidget.tsx';
import SelectWidget from './SelectWidget.tsx';
import SubmitButton from './SubmitButton.tsx';
import TextareaWidget from './TextareaWidget.tsx';

/** Errors show under each field, so neither the list nor RJSF's own field error block renders. */
const Nothing = () => null;

/**
 * The portal's RJSF theme, built from Mantine inputs so forms look like the rest of the portal.
 * text and email widgets go through BaseInputTemplate.
 */
export const mantineTheme: ThemeProps = {
  templates: {
    ArrayFieldTemplate,
    ArrayFieldItemTemplate,
    BaseInputTemplate,
    FieldTemplate,
    ObjectFieldTemplate,
    FieldHelpTemplate,
    FieldErrorTemplate: Nothing,
    ErrorListTemplate: Nothing,
    DescriptionFieldTemplate: Nothing,
    ButtonTemplates: { SubmitButton },
  },
  widgets: {
    PasswordWidget,
    SelectWidget,
    CheckboxWidget,
    TextareaWidget,
    money: MoneyWidget,
    multiselect: MultiSelectWidget,
  },
};
