import type { WidgetProps } from '../registry/widget-contract.ts';
import { LanguageMenu } from '../shell/LanguageMenu.tsx';

export default function LanguagePickerWidget(_props: WidgetProps) {
  return <LanguageMenu />;
}
