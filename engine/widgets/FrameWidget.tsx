import { resolveBinding } from '../definitions/bindings.ts';
import { useText } from '../i18n/use-text.ts';
import { contractProps, type WidgetProps } from '../registry/widget-contract.ts';
import { useScreen } from '../screens/screen-context.tsx';
import type { FrameProps } from './FrameWidget.contract.ts';

/** Legacy framed pages (spec §2 /cgi-bin/{location}, /frame/{location}): same-origin only (CSP frame-src 'self'). */
export default function FrameWidget({ node }: WidgetProps) {
  const { t } = useText();
  const { bindings } = useScreen();
  const frame = contractProps<FrameProps>(node);
  const src = String(resolveBinding(frame.src, bindings));
  const safe = src.startsWith('/') && !src.startsWith('//') ? src : '/legacy/unknown';
  return (
    <iframe
      title={t(frame.title)}
      src={safe}
      style={{ width: '100%', minHeight: '70vh', border: 0 }}
      sandbox="allow-same-origin allow-forms"
    />
  );
}
