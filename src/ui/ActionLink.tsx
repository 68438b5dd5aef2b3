import { Link, type LinkProps } from 'react-aria-components';
import './display.css';

export interface ActionLinkProps extends Omit<LinkProps, 'className'> {
  /** `text`: an underlined link in running text; the others look like the site's buttons */
  readonly variant?: 'text' | 'primary' | 'secondary' | 'ghost';
  readonly className?: string;
}

/** A link (it goes somewhere: a page, a phone number, a lender's site), react-aria's, in the site's look. */
export function ActionLink({ variant = 'text', className, ...props }: ActionLinkProps) {
  const classes = [variant === 'text' ? 'action-link' : `button button--${variant}`, className ?? '']
    .filter(Boolean)
    .join(' ');
  return <Link {...props} className={classes} />;
}
