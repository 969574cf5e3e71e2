import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { type To, useHref, useLinkClickHandler } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a page of the portal (`<Anchor component={Link} to=…>`), made of react-router's own
 * parts (`useHref`, `useLinkClickHandler`): a plain click navigates in the app, replacing the
 * history entry when it leads to the page shown; a modified click, another target or a handler
 * that prevents the default is left to the browser. Not react-router's `<Link>`: that one also
 * brings framework mode's `prefetch` and `discover` (route modules and stylesheets read from a
 * server manifest), which this portal has no use for, and which the entry every page loads
 * carried for it (~2 KB gzip; the /login budget, bench/bundle.ts).
 */
export function Link({ to, replace, state, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
}
