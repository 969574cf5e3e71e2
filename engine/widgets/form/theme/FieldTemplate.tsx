import { Box } from '@mantine/core';
import type { FieldTemplateProps } from '@rjsf/utils';

/**
 * One field row. The Mantine inputs render their own label, description and error (with
 * aria-invalid and aria-describedby), so the row only adds the help text and hides hidden fields.
 */
export default function FieldTemplate({ hidden, children, help, classNames, style }: FieldTemplateProps) {
  if (hidden) return <Box hidden>{children}</Box>;
  return (
    <Box className={classNames} style={style}>
      {children}
      {help}
    </Box>
  );
}
